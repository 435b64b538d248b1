import type { AmendmentListFilter } from '@eb/shared/amendment/schemas';
import { defineExportJob } from '../job/service';
import { CONTRACTS_EXPORT_COLUMNS, CONTRACTS_EXPORT_FILENAME, CONTRACTS_SHEET, amendmentCells, contractsExportAllName } from './export';
import { amendmentIds, lightList } from './repository';

/**
 * Export all (beyond the spec: the whole filtered contract list, no row cap) as a job
 * (job/export-job.ts): the filter's ids in its order once, the rows a part at a time, the .xlsx
 * streamed to the exports bucket; GetExportLink hands its creator a presigned link.
 */
export const CONTRACTS_EXPORT_JOB = 'contractsExport';

const contractsExport = defineExportJob<{ filter: AmendmentListFilter; orderBy?: string }, (typeof CONTRACTS_EXPORT_COLUMNS)[number]>({
  jobType: CONTRACTS_EXPORT_JOB,
  name: 'Export all contracts',
  folder: 'contracts',
  fileName: CONTRACTS_EXPORT_FILENAME,
  downloadName: contractsExportAllName,
  sheetName: CONTRACTS_SHEET,
  columns: CONTRACTS_EXPORT_COLUMNS,
  ids: ({ filter, orderBy }) => amendmentIds(filter, orderBy),
  cells: async (ids, columns) => (await lightList(ids.map((objectId) => ({ objectId })))).map((r) => amendmentCells(r, columns)),
});

/** POST contract/ExportAll: the job exporting every row of the filter. */
export const startContractsExport = (filter: AmendmentListFilter, orderBy: string | undefined, userId: number, columns?: string) => contractsExport.start({ filter, orderBy }, userId, columns);

/** GET contract/GetExportLink?id: the finished export's link, for the user who started it. */
export const exportLink = (jobId: string, userId: number) => contractsExport.link(jobId, userId);
/** The job the worker registers. */
export const contractsExportJob = contractsExport.job;
