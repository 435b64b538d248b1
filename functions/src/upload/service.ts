import type { JobType } from '../job/service';
import { importJob } from './import';
import { parseJob } from './parse';
import { removeJob } from './remove-job';
import { singleFileJob } from './single-file';
import { undoJob } from './undo';
import type { RowKind } from './rows';
import { UPLOADS } from './uploads';

/**
 * The uploader's use cases other resources call. The updater is a second pipeline on the uploader's
 * machinery (register a pipeline and its row store; start the parse, import, remove and undo jobs;
 * resolve rows; the template and exceptions workbooks); home counts the rows of a kind. The
 * uploader's job types and the updater's are the same jobs for another kind (`rowJobTypes`),
 * registered by the worker.
 */
export { exceptionsFileName, exceptionsWorkbook, templateFileName, templateWorkbook } from './downloads';
export { startImport, RowRefused } from './import';
export { registerUpload } from './incoming';
export { startParse } from './parse';
export { registerPipeline, type ImportContext } from './pipeline';
export { amendmentKeyOfRow } from './records';
export { startRemoveAll } from './remove-job';
export { resolveRows, type ResolveInput } from './resolve';
export { rowStore, type RowKind } from './rows';
export { startUndo } from './undo';

/** The parse, import, Remove All and undo jobs of a pipeline's kind. */
export const rowJobTypes = (kind: RowKind): JobType[] => [parseJob(kind), importJob(kind), removeJob(kind), undoJob(kind)];
/** The uploader's job types: its pipeline's and SingleFile's. */
export const uploadJobTypes = (): JobType[] => [...rowJobTypes(UPLOADS.kind), singleFileJob];
