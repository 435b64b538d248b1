import type { AccountListBody } from '@eb/shared/account/schemas';

/**
 * The filters of Accounts Search, kept in the URL query (?keyword=...&status=Enrolled&type=New
 * &dateKind=flowDatePeriod&from=2026-01-01&to=2026-03-31). Spec 2: "The date filter has a chosen
 * date kind plus a from and a to date" (flow, requested start, account end, drop).
 */
export const ACCOUNT_DATE_KINDS = [
  { value: 'flowDatePeriod', label: 'Flow Date' },
  { value: 'requestedStartDatePeriod', label: 'Requested Start Date' },
  { value: 'accountEndDatePeriod', label: 'Account End Date' },
  { value: 'dropDatePeriod', label: 'Drop Date' },
] as const;
export type AccountDateKind = (typeof ACCOUNT_DATE_KINDS)[number]['value'];

export interface AccountFilters {
  keyword: string;
  status: string | null;
  type: string | null;
  dateKind: AccountDateKind;
  from: string | null;
  to: string | null;
}
export const NO_ACCOUNT_FILTERS: AccountFilters = { keyword: '', status: null, type: null, dateKind: 'flowDatePeriod', from: null, to: null };

const dayOf = (v: string | null): string | null => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const textOf = (v: string | null): string | null => v?.trim() || null;

export function accountFiltersOf(params: URLSearchParams): AccountFilters {
  const kind = params.get('dateKind');
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    status: textOf(params.get('status')),
    type: textOf(params.get('type')),
    dateKind: ACCOUNT_DATE_KINDS.some((k) => k.value === kind) ? (kind as AccountDateKind) : NO_ACCOUNT_FILTERS.dateKind,
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
  };
}

export function withAccountFilters(params: URLSearchParams, f: AccountFilters): URLSearchParams {
  const out = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  put('keyword', f.keyword.trim() || null);
  put('status', f.status);
  put('type', f.type);
  put('dateKind', f.dateKind === NO_ACCOUNT_FILTERS.dateKind ? null : f.dateKind);
  put('from', f.from);
  put('to', f.to);
  return out;
}

export const hasAccountFilters = (f: AccountFilters) => f.keyword !== '' || f.status !== null || f.type !== null || f.from !== null || f.to !== null;

/** The GetList body (spec 2 "Account filter"). */
export function accountFilterBody(f: AccountFilters): AccountListBody {
  const body: Record<string, unknown> = {};
  if (f.keyword) body.keyword = f.keyword;
  if (f.status) body.status = f.status;
  if (f.type) body.accountType = f.type;
  if (f.from || f.to) body[f.dateKind] = { fromDate: f.from ? `${f.from}T00:00:00` : null, toDate: f.to ? `${f.to}T00:00:00` : null };
  return body as AccountListBody;
}
