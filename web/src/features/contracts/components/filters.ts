import { CONTRACT_DATE_KINDS, type ContractDateKind } from '../../../entities/contract/contract-texts';
import type { ContractListBody } from '@eb/shared/contract/schemas';

/**
 * The filters of Contracts Search, kept in the URL query so that a search has its own address
 * (?keyword=acme&type=New&status=Signed&startDatePeriod.from=2026-01-01&startDatePeriod.to=2026-03-31).
 * Unknown or malformed values are ignored.
 */
/** The per-column filters (spec 2 "Search filters"): the numeric ones take digits. */
export const COLUMN_FILTERS = [
  { key: 'contractId', numeric: true },
  { key: 'amendmentNumber', numeric: true },
  { key: 'referenceAmendment', numeric: true },
  { key: 'freshDescId', numeric: false },
  { key: 'legacyId', numeric: false },
  { key: 'businessEntityLegalName', numeric: false },
  { key: 'primaryParticipant', numeric: false },
] as const;
export type ColumnFilterKey = (typeof COLUMN_FILTERS)[number]['key'];

export interface ContractFilters {
  keyword: string;
  /** per-column filters, in the URL as f.{key} */
  columns: Partial<Record<ColumnFilterKey, string>>;
  type: string | null;
  status: string | null;
  /** the date kind the From and To inputs edit */
  dateKind: ContractDateKind;
  /** the four date periods (spec 2 "Search filters"), each yyyy-MM-dd from and to; in the URL as {kind}.from, {kind}.to */
  periods: Partial<Record<ContractDateKind, DatePeriod>>;
}

export interface DatePeriod {
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: ContractFilters = { keyword: '', columns: {}, type: null, status: null, dateKind: 'receivedDatePeriod', periods: {} };

/** The period of the date kind being edited. */
export const editedPeriod = (f: ContractFilters): DatePeriod => f.periods[f.dateKind] ?? { from: null, to: null };
/** The filters with the edited kind's period changed (an empty period removed). */
export function withPeriod(f: ContractFilters, change: Partial<DatePeriod>, kind: ContractDateKind = f.dateKind): Partial<ContractFilters> {
  const next = { ...(f.periods[kind] ?? { from: null, to: null }), ...change };
  const periods = { ...f.periods };
  if (next.from || next.to) periods[kind] = next;
  else delete periods[kind];
  return { periods };
}

const dayOf = (v: string | null): string | null => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const textOf = (v: string | null): string | null => v?.trim() || null;

export function filtersOf(params: URLSearchParams): ContractFilters {
  const kind = params.get('dateKind');
  const dateKind = CONTRACT_DATE_KINDS.some((k) => k.value === kind) ? (kind as ContractDateKind) : NO_FILTERS.dateKind;
  const periods: ContractFilters['periods'] = {};
  for (const k of CONTRACT_DATE_KINDS) {
    const from = dayOf(params.get(`${k.value}.from`));
    const to = dayOf(params.get(`${k.value}.to`));
    if (from || to) periods[k.value] = { from, to };
  }
  // an older link: one period as dateKind, from and to
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  if ((from || to) && !periods[dateKind]) periods[dateKind] = { from, to };
  const columns: ContractFilters['columns'] = {};
  for (const c of COLUMN_FILTERS) {
    const v = params.get(`f.${c.key}`)?.trim();
    if (v && (!c.numeric || /^\d{1,10}$/.test(v))) columns[c.key] = v;
  }
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    columns,
    type: textOf(params.get('type')),
    status: textOf(params.get('status')),
    dateKind,
    periods,
  };
}

/** The query of these filters (empty ones left out), keeping other parameters. */
export function withFilters(params: URLSearchParams, f: ContractFilters): URLSearchParams {
  const out = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  put('keyword', f.keyword.trim() || null);
  for (const c of COLUMN_FILTERS) put(`f.${c.key}`, f.columns[c.key]?.trim() || null);
  put('type', f.type);
  put('status', f.status);
  put('dateKind', f.dateKind === NO_FILTERS.dateKind ? null : f.dateKind);
  put('from', null);
  put('to', null);
  for (const k of CONTRACT_DATE_KINDS) {
    put(`${k.value}.from`, f.periods[k.value]?.from ?? null);
    put(`${k.value}.to`, f.periods[k.value]?.to ?? null);
  }
  return out;
}

export const hasFilters = (f: ContractFilters): boolean =>
  f.keyword !== '' || Object.keys(f.columns).length > 0 || f.type !== null || f.status !== null || Object.keys(f.periods).length > 0 || f.dateKind !== NO_FILTERS.dateKind;

/** The GetList body of the filters (spec 2 "Search filters"). */
export function filterBody(f: ContractFilters): ContractListBody {
  const body: Record<string, unknown> = {};
  if (f.keyword) body.searchText = f.keyword;
  for (const c of COLUMN_FILTERS) {
    const v = f.columns[c.key];
    if (v) body[c.key] = c.numeric ? Number(v) : v;
  }
  if (f.type) body.contractType = f.type;
  if (f.status) body.contractStatus = f.status;
  for (const kind of CONTRACT_DATE_KINDS) {
    const p = f.periods[kind.value];
    if (p && (p.from || p.to)) body[kind.filter] = { fromDate: p.from ? `${p.from}T00:00:00` : null, toDate: p.to ? `${p.to}T00:00:00` : null };
  }
  return body as ContractListBody;
}
