import type { JobType } from '../job/service';
import { contractsExportJob } from './export-job';

/**
 * The amendment's use cases other resources call (the account's amendment, the master contract's
 * next number, home, the uploader and the updater): reads, the list and its spec (joined by the
 * accounts' list), create, save, delete, its sub-records, and its job types (registered by the worker).
 */
export {
  amendmentDef,
  amendmentQuery,
  amendmentListSpec,
  amendmentRecord,
  amendments,
  createAmendmentRecord,
  deleteAmendment,
  getAmendment,
  nextAmendmentNumber,
  saveAmendment,
  toRow,
  type UnitCascade,
} from './repository';
export { amendmentCrms, amendmentParticipants, contractDocuments } from './children';

/** The amendment's job types (Contracts: Export all). */
export const amendmentJobTypes = (): JobType[] => [contractsExportJob];
