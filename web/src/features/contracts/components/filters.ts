import { CONTRACT_DATE_KINDS, type ContractDateKind } from '../../../entities/contract/contract-texts';
import type { ContractListBody } from '@eb/shared/contract/schemas';

/**
 * The filters of Contracts Search, kept in the URL query so that a search has its own address
 * (?keyword=acme&type=New&status=Signed&dateKind=startDatePeriod&from=2026-01-01&to=2026-03-31).
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
  dateKind: ContractDateKind;
  /** yyyy-MM-dd */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: ContractFilters = { keyword: '', columns: {}, type: null, status: null, dateKind: 'receivedDatePeriod', from: null, to: null };

const dayOf = (v: string | null): string | null => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const textOf = (v: string | null): string | null => v?.trim() || null;

export function filtersOf(params: URLSearchParams): ContractFilters {
  const kind = params.get('dateKind');
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
    dateKind: CONTRACT_DATE_KINDS.some((k) => k.value === kind) ? (kind as ContractDateKind) : NO_FILTERS.dateKind,
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
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
  put('from', f.from);
  put('to', f.to);
  return out;
}

export const hasFilters = (f: ContractFilters): boolean =>
  f.keyword !== '' || Object.keys(f.columns).length > 0 || f.type !== null || f.status !== null || f.from !== null || f.to !== null || f.dateKind !== NO_FILTERS.dateKind;

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
  if (f.from || f.to) {
    const kind = CONTRACT_DATE_KINDS.find((k) => k.value === f.dateKind)!;
    body[kind.filter] = { fromDate: f.from ? `${f.from}T00:00:00` : null, toDate: f.to ? `${f.to}T00:00:00` : null };
  }
  return body as ContractListBody;
}
