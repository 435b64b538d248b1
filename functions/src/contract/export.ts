import { AMENDMENT_LABELS, type AmendmentRow } from '@eb/shared/contract/schemas';
import { referenceName } from '@eb/shared/reference/codes';
import { xlsxWorkbook, type XlsxColumn } from '../lib/xlsx';

/**
 * The contracts download (POST contract/Export): the grid's columns, one row per amendment of the
 * filter (or of the selection, `contractRefs`), in the grid's order, up to MAX_RECORD_COUNT rows
 * (spec 2 section 7: 1000 for a list download). Reference values show their names.
 */
export const CONTRACTS_EXPORT_FILENAME = 'contracts.xlsx';

const COLUMNS: [XlsxColumn, (r: AmendmentRow) => unknown][] = [
  [{ header: AMENDMENT_LABELS.contractId }, (r) => r.contractId],
  [{ header: AMENDMENT_LABELS.amendmentNumber }, (r) => r.amendmentNumber],
  [{ header: AMENDMENT_LABELS.referenceAmendment }, (r) => r.referenceAmendment],
  [{ header: AMENDMENT_LABELS.freshDescId }, (r) => r.freshDescId],
  [{ header: AMENDMENT_LABELS.legacyId }, (r) => r.legacyId],
  [{ header: AMENDMENT_LABELS.type }, (r) => referenceName('contractTypes', r.type)],
  [{ header: AMENDMENT_LABELS.receivedDate, date: true }, (r) => r.receivedDate],
  [{ header: AMENDMENT_LABELS.startDate, date: true }, (r) => r.startDate],
  [{ header: AMENDMENT_LABELS.endDate, date: true }, (r) => r.endDate],
  [{ header: AMENDMENT_LABELS.agreementDate, date: true }, (r) => r.agreementDate],
  [{ header: 'Business Entity' }, (r) => r.businessEntityLegalName],
  [{ header: 'Primary Participant' }, (r) => [r.primaryContactFirstName, r.primaryContactLastName].filter(Boolean).join(' ') || null],
  [{ header: AMENDMENT_LABELS.contractStatus }, (r) => referenceName('contractStatuses', r.contractStatus)],
];

export const CONTRACTS_EXPORT_HEADERS = COLUMNS.map(([c]) => c.header);

export const CONTRACTS_SHEET = 'Contracts';
export const CONTRACTS_EXPORT_COLUMNS = COLUMNS.map(([c]) => c);
/** A row's cells in the columns' order. */
export const contractCells = (r: AmendmentRow): unknown[] => COLUMNS.map(([, value]) => value(r));

export function contractsWorkbook(rows: readonly AmendmentRow[]): Promise<Buffer> {
  return xlsxWorkbook(CONTRACTS_SHEET, CONTRACTS_EXPORT_COLUMNS, rows.map(contractCells));
}
