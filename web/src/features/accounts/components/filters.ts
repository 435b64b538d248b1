import { ACCOUNT_LIST_COLUMNS } from '@eb/shared/account/list-columns';
import type { AccountListBody } from '@eb/shared/account/schemas';
import { searchFilterPartsOf, type ListFilterKeys } from '@eb/shared/list-columns';
import { RENEWAL_WINDOW_DAYS } from '@eb/shared/constants';
import { defineSearchFilters, type SearchFilters } from '../../../lib/search-filters';

/**
 * The filters of Accounts Search (spec 2 "Search filters", the account filter), in the URL query
 * (?keyword=...&status=Enrolled&type=New&flowDatePeriod.from=2026-01-01&f.ldcAccountNumber=PE12):
 * the per-column filters, status, account type and amendment type, the four date periods at once
 * (flow, requested start, account end, drop), the renewals-due window (?renewal=90) and the status
 * age of the home page's queue (?statusAge=14). The column filters, the status and account type and
 * three of the date kinds come from the columns' declarations (ACCOUNT_LIST_COLUMNS).
 */
/** The declared columns' filters (ACCOUNT_LIST_COLUMNS): the column filters, selections and date kinds with their labels. */
export const ACCOUNT_FILTER_PARTS = searchFilterPartsOf(ACCOUNT_LIST_COLUMNS);
/** The amendment type's selection (not a column of the grid) and the drop date (a column of none): declared here. */
const AMENDMENT_TYPE_LABEL = 'Amendment Type';
export const ACCOUNT_DATE_KINDS = [
  ...ACCOUNT_FILTER_PARTS.dateKinds,
  { value: 'dropDatePeriod', label: 'Drop Date', filter: 'dropDatePeriod' },
] as const;
export type AccountDateKind = (typeof ACCOUNT_DATE_KINDS)[number]['value'];

/** The filter bar's labels. */
export const ACCOUNT_FILTER_LABELS = {
  columns: ACCOUNT_FILTER_PARTS.labels.columns,
  selects: { ...ACCOUNT_FILTER_PARTS.labels.selects, amendmentType: AMENDMENT_TYPE_LABEL },
  dateKinds: Object.fromEntries(ACCOUNT_DATE_KINDS.map((k) => [k.value, k.label])) as Record<AccountDateKind, string>,
};

export const ACCOUNT_FILTERS = defineSearchFilters({
  columns: ACCOUNT_FILTER_PARTS.columns,
  selects: [...ACCOUNT_FILTER_PARTS.selects, { key: 'amendmentType' as const, bodyKey: 'amendmentType' }],
  dateKinds: ACCOUNT_DATE_KINDS,
  defaultDateKind: 'flowDatePeriod',
  keywordBodyKey: 'keyword',
  extras: [
    { key: 'renewal', valid: (v) => RENEWAL_WINDOW_DAYS.some((d) => String(d) === v), body: (v) => ({ renewalWithinDays: Number(v) }) },
    // the home page's stale 'Sent to Utility' queue (?statusAge=14): the status date more than this many days ago
    { key: 'statusAge', valid: (v) => /^[1-9]\d{0,3}$/.test(v), body: (v) => ({ statusOlderThanDays: Number(v) }) },
  ],
});
export type AccountFilters = SearchFilters<
  ListFilterKeys<typeof ACCOUNT_LIST_COLUMNS, 'text' | 'number'>,
  ListFilterKeys<typeof ACCOUNT_LIST_COLUMNS, 'codes'> | 'amendmentType',
  AccountDateKind,
  'renewal' | 'statusAge'
>;
export type AccountColumnFilter = keyof AccountFilters['columns'];
/** The GetList body of the filters. */
export const accountFilterBody = (f: AccountFilters): AccountListBody => ACCOUNT_FILTERS.filterBody(f) as AccountListBody;
