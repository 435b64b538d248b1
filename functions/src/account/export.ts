import { ACCOUNT_ROW_LABELS as L } from '@eb/shared/account/labels';
import { daysUntil, type AccountRow } from '@eb/shared/account/schemas';
import { referenceName } from '@eb/shared/reference/codes';
import { datedXlsxName, pickColumns, xlsxWorkbook, type XlsxColumn } from '../lib/xlsx';

/**
 * The accounts download (POST account/Export): the search grid's columns, keyed by the grid's field
 * names (a download takes the grid's visible ones in its order, `?columns=`), reference values by
 * name, Days Remaining as the grid shows it ('Ended' once past). Download and Export all name their
 * files apart, with the day ('accounts-2026-11-26.xlsx', 'accounts-all-2026-11-26.xlsx').
 */
export const ACCOUNTS_EXPORT_FILENAME = 'accounts.xlsx';
export const accountsDownloadName = () => datedXlsxName('accounts');
export const accountsExportAllName = () => datedXlsxName('accounts-all');

type AccountColumn = XlsxColumn & { field: string; value: (r: AccountRow, today: string) => unknown };
const col = (field: string, header: string, value: (r: AccountRow, today: string) => unknown, date = false): AccountColumn => ({ field, header, value, ...(date ? { date } : {}) });
const COLUMNS: AccountColumn[] = [
  col('objectId', L.objectId, (r) => r.objectId),
  col('contractId', L.contractId, (r) => r.contractId),
  col('amendmentNumber', L.amendmentNumber, (r) => r.amendmentNumber),
  col('referenceAmendment', L.referenceAmendment, (r) => r.referenceAmendment),
  col('freshDescId', L.freshDescId, (r) => r.freshDescId),
  col('legacyId', L.legacyId, (r) => r.legacyId),
  col('territoryCode', L.territoryCode, (r) => r.territoryCode),
  col('ldcAccountNumber', L.ldcAccountNumber, (r) => r.ldcAccountNumber),
  col('prevAccountNum', L.prevAccountNum, (r) => r.prevAccountNum),
  col('requestedStartDate', L.requestedStartDate, (r) => r.requestedStartDate, true),
  col('accountEndDate', L.accountEndDate, (r) => r.accountEndDate, true),
  col('daysRemaining', 'Days Remaining', (r, today) => {
    const days = daysUntil(r.accountEndDate, today);
    return days === null ? null : days < 0 ? 'Ended' : days;
  }),
  col('term', L.term, (r) => r.term),
  col('accountStatus', L.accountStatus, (r) => referenceName('accountStatuses', r.accountStatus)),
  col('accountType', L.accountType, (r) => referenceName('accountTypes', r.accountType)),
  col('flowDate', L.flowDate, (r) => r.flowDate, true),
  col('accountName', L.accountName, (r) => r.accountName),
  col('businessEntityLegalName', L.businessEntityLegalName, (r) => r.businessEntityLegalName),
];
export const ACCOUNTS_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

export const ACCOUNTS_SHEET = 'Accounts';
export const ACCOUNTS_EXPORT_COLUMNS: readonly XlsxColumn[] = COLUMNS;
const todayOf = () => new Date().toISOString().slice(0, 10);
/** A row's cells in the columns' order (all, or the chosen ones). */
export const accountCells = (r: AccountRow, columns: readonly AccountColumn[] = COLUMNS, today = todayOf()): unknown[] => columns.map((c) => c.value(r, today));

/** The workbook of a download: the grid's visible columns in its order (`columns`: comma-joined fields), else all. */
export function accountsWorkbook(rows: readonly AccountRow[], columns?: string): Promise<Buffer> {
  const chosen = pickColumns(COLUMNS, columns);
  const today = todayOf();
  return xlsxWorkbook(ACCOUNTS_SHEET, chosen, rows.map((r) => accountCells(r, chosen, today)));
}
