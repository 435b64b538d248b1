import type { AmendmentRow } from '@eb/shared/amendment/schemas';
import { gridColumnsOf, type ListColumnDecl } from '@eb/shared/list-columns';
import { formatDisplayDate } from '@eb/shared/formats';
import type { GridColumn } from '../../components/DataGrid';

/**
 * The grid columns of amendment rows (Contracts Search, a contract's amendments) from their
 * declarations (CONTRACT_LIST_COLUMNS): sortable by the spec's keys, dates as MM/dd/yyyy, reference
 * values by their names (`nameOf(itemType, code)`).
 */
export function amendmentGridColumns<T extends AmendmentRow>(
  columns: readonly ListColumnDecl[],
  nameOf: (itemType: string, code: string | null) => string,
): GridColumn<T>[] {
  return gridColumnsOf<T>(columns, { nameOf, formatDate: formatDisplayDate, today: new Date().toISOString().slice(0, 10) });
}
