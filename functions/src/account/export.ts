import { ACCOUNT_ROW_LABELS as L } from '@eb/shared/account/labels';
import type { AccountRow } from '@eb/shared/account/schemas';
import { referenceName } from '@eb/shared/reference/codes';
import { xlsxWorkbook, type XlsxColumn } from '../lib/xlsx';

/** The accounts download (POST account/Export): the search grid's columns, reference values by name. */
export const ACCOUNTS_EXPORT_FILENAME = 'accounts.xlsx';

const COLUMNS: [XlsxColumn, (r: AccountRow) => unknown][] = [
  [{ header: L.objectId }, (r) => r.objectId],
  [{ header: L.contractId }, (r) => r.contractId],
  [{ header: L.amendmentNumber }, (r) => r.amendmentNumber],
  [{ header: L.referenceAmendment }, (r) => r.referenceAmendment],
  [{ header: L.freshDescId }, (r) => r.freshDescId],
  [{ header: L.legacyId }, (r) => r.legacyId],
  [{ header: L.territoryCode }, (r) => r.territoryCode],
  [{ header: L.ldcAccountNumber }, (r) => r.ldcAccountNumber],
  [{ header: L.prevAccountNum }, (r) => r.prevAccountNum],
  [{ header: L.requestedStartDate, date: true }, (r) => r.requestedStartDate],
  [{ header: L.accountEndDate, date: true }, (r) => r.accountEndDate],
  [{ header: L.term }, (r) => r.term],
  [{ header: L.accountStatus }, (r) => referenceName('accountStatuses', r.accountStatus)],
  [{ header: L.accountType }, (r) => referenceName('accountTypes', r.accountType)],
  [{ header: L.flowDate, date: true }, (r) => r.flowDate],
  [{ header: L.accountName }, (r) => r.accountName],
  [{ header: L.businessEntityLegalName }, (r) => r.businessEntityLegalName],
];
export const ACCOUNTS_EXPORT_HEADERS = COLUMNS.map(([c]) => c.header);

export const ACCOUNTS_SHEET = 'Accounts';
export const ACCOUNTS_EXPORT_COLUMNS = COLUMNS.map(([c]) => c);
/** A row's cells in the columns' order. */
export const accountCells = (r: AccountRow): unknown[] => COLUMNS.map(([, value]) => value(r));

export function accountsWorkbook(rows: readonly AccountRow[]): Promise<Buffer> {
  return xlsxWorkbook(ACCOUNTS_SHEET, ACCOUNTS_EXPORT_COLUMNS, rows.map(accountCells));
}
