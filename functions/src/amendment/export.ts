import { AMENDMENT_LABELS, type AmendmentRow } from '@eb/shared/amendment/schemas';
import { referenceName } from '@eb/shared/reference/codes';
import { datedXlsxName, pickColumns, xlsxWorkbook, type XlsxColumn } from '../lib/xlsx';

/**
 * The contracts download (POST contract/Export): the grid's columns keyed by its field names (a
 * download takes the grid's visible ones in its order, `?columns=`), one row per amendment of the
 * filter (or of the selection, `contractRefs`), in the grid's order, up to MAX_RECORD_COUNT rows
 * (spec 2 section 7: 1000 for a list download). Reference values show their names. Download and
 * Export all name their files apart, with the day ('contracts-2026-11-26.xlsx', 'contracts-all-...').
 */
export const CONTRACTS_EXPORT_FILENAME = 'contracts.xlsx';
export const contractsDownloadName = () => datedXlsxName('contracts');
export const contractsExportAllName = () => datedXlsxName('contracts-all');

type AmendmentColumn = XlsxColumn & { field: string; value: (r: AmendmentRow) => unknown };
const col = (field: string, header: string, value: (r: AmendmentRow) => unknown, date = false): AmendmentColumn => ({ field, header, value, ...(date ? { date } : {}) });
const COLUMNS: AmendmentColumn[] = [
  col('contractId', AMENDMENT_LABELS.contractId, (r) => r.contractId),
  col('amendmentNumber', AMENDMENT_LABELS.amendmentNumber, (r) => r.amendmentNumber),
  col('referenceAmendment', AMENDMENT_LABELS.referenceAmendment, (r) => r.referenceAmendment),
  col('freshDescId', AMENDMENT_LABELS.freshDescId, (r) => r.freshDescId),
  col('legacyId', AMENDMENT_LABELS.legacyId, (r) => r.legacyId),
  col('type', AMENDMENT_LABELS.type, (r) => referenceName('contractTypes', r.type)),
  col('receivedDate', AMENDMENT_LABELS.receivedDate, (r) => r.receivedDate, true),
  col('startDate', AMENDMENT_LABELS.startDate, (r) => r.startDate, true),
  col('endDate', AMENDMENT_LABELS.endDate, (r) => r.endDate, true),
  col('agreementDate', AMENDMENT_LABELS.agreementDate, (r) => r.agreementDate, true),
  col('businessEntityLegalName', 'Business Entity', (r) => r.businessEntityLegalName),
  col('primaryParticipant', 'Primary Participant', (r) => [r.primaryContactFirstName, r.primaryContactLastName].filter(Boolean).join(' ') || null),
  col('contractStatus', AMENDMENT_LABELS.contractStatus, (r) => referenceName('contractStatuses', r.contractStatus)),
];

export const CONTRACTS_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

export const CONTRACTS_SHEET = 'Contracts';
export const CONTRACTS_EXPORT_COLUMNS: readonly XlsxColumn[] = COLUMNS;
/** A row's cells in the columns' order (all, or the chosen ones). */
export const amendmentCells = (r: AmendmentRow, columns: readonly AmendmentColumn[] = COLUMNS): unknown[] => columns.map((c) => c.value(r));

/** The workbook of a download: the grid's visible columns in its order (`columns`: comma-joined fields), else all. */
export function contractsWorkbook(rows: readonly AmendmentRow[], columns?: string): Promise<Buffer> {
  const chosen = pickColumns(COLUMNS, columns);
  return xlsxWorkbook(CONTRACTS_SHEET, chosen, rows.map((r) => amendmentCells(r, chosen)));
}
