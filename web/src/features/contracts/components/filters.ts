import type { ContractListBody } from '@eb/shared/amendment/schemas';
import { CONTRACT_DATE_KIND_ORDER, CONTRACT_LIST_COLUMNS } from '@eb/shared/amendment/list-columns';
import { searchFilterPartsOf, type ListFilterKeys } from '@eb/shared/list-columns';
import { defineSearchFilters, type SearchFilters } from '../../../lib/search-filters';

/**
 * The filters of Contracts Search (spec 2 "Search filters"), in the URL query
 * (?keyword=acme&type=New&status=Signed&startDatePeriod.from=2026-01-01&f.legacyId=LG1):
 * the per-column filters (numeric ones take digits), the amendment type and status, and the four
 * date periods at once, and the home page's validation queues (?awaiting=pricing). All but the
 * queues come from the columns' declarations (CONTRACT_LIST_COLUMNS).
 */
const PARTS = searchFilterPartsOf(CONTRACT_LIST_COLUMNS, { dateKindOrder: CONTRACT_DATE_KIND_ORDER });
/** The date kinds (the menu's order) and the filter bar's labels. */
export const CONTRACT_DATE_KINDS = PARTS.dateKinds;
export const CONTRACT_FILTER_LABELS = PARTS.labels;
export const CONTRACT_FILTERS = defineSearchFilters({
  columns: PARTS.columns,
  selects: PARTS.selects,
  dateKinds: PARTS.dateKinds,
  defaultDateKind: 'receivedDatePeriod',
  keywordBodyKey: 'searchText',
  // the home page's validation queues (?awaiting=pricing|operations)
  extras: [{ key: 'awaiting', valid: (v) => v === 'pricing' || v === 'operations', body: (v) => ({ awaitingValidation: v }) }],
});
type Columns = typeof CONTRACT_LIST_COLUMNS;
export type ContractFilters = SearchFilters<ListFilterKeys<Columns, 'text' | 'number'>, ListFilterKeys<Columns, 'codes'>, ListFilterKeys<Columns, 'dateRange'>, 'awaiting'>;
export type ColumnFilterKey = keyof ContractFilters['columns'];
export const { NO_FILTERS, filtersOf, withFilters, hasFilters, withPeriod } = CONTRACT_FILTERS;
/** The GetList body of the filters. */
export const filterBody = (f: ContractFilters): ContractListBody => CONTRACT_FILTERS.filterBody(f) as ContractListBody;
