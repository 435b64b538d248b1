import type { AccountListFilter } from '@eb/shared/account/schemas';
import { defineExportJob } from '../job/service';
import { ACCOUNTS_EXPORT_COLUMNS, ACCOUNTS_EXPORT_FILENAME, ACCOUNTS_SHEET, accountCells, accountsExportAllName } from './export';
import { accountIds, accountRowsOf } from './repository';

/** Accounts Search's Export all (as the contracts'): every row of the filter in its order, no row cap (job/export-job.ts). */
const accountsExport = defineExportJob<{ filter: AccountListFilter; orderBy?: string }, (typeof ACCOUNTS_EXPORT_COLUMNS)[number]>({
  jobType: 'accountsExport',
  name: 'Export all accounts',
  folder: 'accounts',
  fileName: ACCOUNTS_EXPORT_FILENAME,
  downloadName: accountsExportAllName,
  sheetName: ACCOUNTS_SHEET,
  columns: ACCOUNTS_EXPORT_COLUMNS,
  ids: ({ filter, orderBy }) => accountIds(filter, orderBy),
  cells: async (ids, columns) => (await accountRowsOf(ids)).map((r) => accountCells(r, columns)),
});

/** POST account/ExportAll: the job exporting every row of the filter. */
export const startAccountsExport = (filter: AccountListFilter, orderBy: string | undefined, userId: number, columns?: string) => accountsExport.start({ filter, orderBy }, userId, columns);
/** GET account/GetExportLink?id: the finished export's link, for the user who started it. */
export const accountsExportLink = (jobId: string, userId: number) => accountsExport.link(jobId, userId);
/** The job the worker registers. */
export const accountsExportJob = accountsExport.job;
