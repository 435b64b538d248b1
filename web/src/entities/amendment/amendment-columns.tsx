import type { AmendmentRow } from '@eb/shared/amendment/schemas';
import { formatDisplayDate } from '@eb/shared/validation';
import type { GridColumn } from '../../components/DataGrid';
import { CONTRACT_COLUMNS } from './amendment-texts';

type AmendmentColumn = (typeof CONTRACT_COLUMNS)[number];
const DATE_FIELDS = new Set(['receivedDate', 'startDate', 'endDate', 'agreementDate']);
const REFERENCE_SETS: Partial<Record<string, string>> = { type: 'contractTypes', contractStatus: 'contractStatuses' };

/**
 * The grid columns of amendment rows (Contracts Search, a contract's amendments): sortable by the
 * spec's keys, dates as MM/dd/yyyy, reference values by their names (`nameOf(itemType, code)`).
 */
export function amendmentGridColumns<T extends AmendmentRow>(
  columns: readonly AmendmentColumn[],
  nameOf: (itemType: string, code: string | null) => string,
): GridColumn<T>[] {
  return columns.map((c) => ({
    field: c.field,
    sortField: c.sortKey,
    header: c.header,
    sortable: true,
    ...('width' in c ? { width: c.width, minWidth: 'minWidth' in c ? c.minWidth : Math.min(c.width, 84) } : {}),
    ...('minWidth' in c ? { clip: true } : {}),
    ...('frozen' in c ? { frozen: c.frozen } : {}),
    body: (r: T) => {
      const v = (r as unknown as Record<string, unknown>)[c.field];
      const set = REFERENCE_SETS[c.field];
      if (set) return nameOf(set, (v as string | null) ?? null);
      if (DATE_FIELDS.has(c.field)) return formatDisplayDate(v as string | null);
      return v === null || v === undefined ? '' : String(v);
    },
  }));
}
