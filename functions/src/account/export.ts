import { ACCOUNT_EXPORT_ORDER, ACCOUNT_LIST_COLUMNS } from '@eb/shared/account/list-columns';
import type { AccountRow } from '@eb/shared/account/schemas';
import { exportColumnsOf, type ListExportColumn } from '@eb/shared/list-columns';
import { referenceName } from '@eb/shared/reference/codes';
import { datedXlsxName, pickColumns, xlsxWorkbook } from '../lib/xlsx';

/**
 * The accounts download (POST account/Export): the search grid's columns, keyed by the grid's field
 * names (a download takes the grid's visible ones in its order, `?columns=`), reference values by
 * name, Days Remaining as the grid shows it ('Ended' once past). Download and Export all name their
 * files apart, with the day ('accounts-2026-11-26.xlsx', 'accounts-all-2026-11-26.xlsx').
 */
export const ACCOUNTS_EXPORT_FILENAME = 'accounts.xlsx';
export const accountsDownloadName = () => datedXlsxName('accounts');
export const accountsExportAllName = () => datedXlsxName('accounts-all');

type AccountColumn = ListExportColumn<AccountRow>;
/** The declared columns (ACCOUNT_LIST_COLUMNS) in the download's order, code values by name. */
const COLUMNS: AccountColumn[] = exportColumnsOf<AccountRow>(ACCOUNT_LIST_COLUMNS, referenceName, ACCOUNT_EXPORT_ORDER);
export const ACCOUNTS_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

export const ACCOUNTS_SHEET = 'Accounts';
export const ACCOUNTS_EXPORT_COLUMNS: readonly AccountColumn[] = COLUMNS;
const todayOf = () => new Date().toISOString().slice(0, 10);
/** A row's cells in the columns' order (all, or the chosen ones). */
export const accountCells = (r: AccountRow, columns: readonly AccountColumn[] = COLUMNS, today = todayOf()): unknown[] => columns.map((c) => c.value(r, today));

/** The workbook of a download: the grid's visible columns in its order (`columns`: comma-joined fields), else all. */
export function accountsWorkbook(rows: readonly AccountRow[], columns?: string): Promise<Buffer> {
  const chosen = pickColumns(COLUMNS, columns);
  const today = todayOf();
  return xlsxWorkbook(ACCOUNTS_SHEET, chosen, rows.map((r) => accountCells(r, chosen, today)));
}
