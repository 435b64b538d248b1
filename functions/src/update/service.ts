import type { JobType } from '../job/service';
import { rowJobTypes } from '../upload/service';
import { UPDATES } from './pipeline';

/** The updater's job types: the uploader's parse, import, Remove All and undo jobs for its pipeline, registered by the worker. */
export const updateJobTypes = (): JobType[] => rowJobTypes(UPDATES.kind);
