import { CONTRACT_LIST_COLUMNS } from '@eb/shared/amendment/list-columns';
import type { AmendmentRow } from '@eb/shared/amendment/schemas';
import { exportColumnsOf, type ListExportColumn } from '@eb/shared/list-columns';
import { referenceName } from '@eb/shared/reference/codes';
import { datedXlsxName, pickColumns, xlsxWorkbook } from '../lib/xlsx';

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

type AmendmentColumn = ListExportColumn<AmendmentRow>;
/** The declared columns (CONTRACT_LIST_COLUMNS) in the grid's order, code values by name. */
const COLUMNS: AmendmentColumn[] = exportColumnsOf<AmendmentRow>(CONTRACT_LIST_COLUMNS, referenceName);

export const CONTRACTS_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

export const CONTRACTS_SHEET = 'Contracts';
export const CONTRACTS_EXPORT_COLUMNS: readonly AmendmentColumn[] = COLUMNS;
/** A row's cells in the columns' order (all, or the chosen ones). */
export const amendmentCells = (r: AmendmentRow, columns: readonly AmendmentColumn[] = COLUMNS, today = new Date().toISOString().slice(0, 10)): unknown[] => columns.map((c) => c.value(r, today));

/** The workbook of a download: the grid's visible columns in its order (`columns`: comma-joined fields), else all. */
export function contractsWorkbook(rows: readonly AmendmentRow[], columns?: string): Promise<Buffer> {
  const chosen = pickColumns(COLUMNS, columns);
  return xlsxWorkbook(CONTRACTS_SHEET, chosen, rows.map((r) => amendmentCells(r, chosen)));
}
