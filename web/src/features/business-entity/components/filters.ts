import { BUSINESS_ENTITY_STATUSES, type BusinessEntityStatus } from '@eb/shared/businessentity/schemas';

/**
 * The filters of Business Entity Management, kept in the URL query so that a search has its own
 * address (?keyword=acme&companyType=2&type=1&status=inactive). Unknown or malformed
 * values are ignored.
 */
export interface BusinessEntityFilters {
  keyword: string;
  companyType: number | null;
  type: number | null;
  status: BusinessEntityStatus | null;
}

export const NO_FILTERS: BusinessEntityFilters = { keyword: '', companyType: null, type: null, status: null };

const idOf = (v: string | null): number | null => (v !== null && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const statusOf = (v: string | null): BusinessEntityStatus | null => {
  const s = v?.toLowerCase();
  return (BUSINESS_ENTITY_STATUSES as readonly string[]).includes(s ?? '') ? (s as BusinessEntityStatus) : null;
};

export function filtersOf(params: URLSearchParams): BusinessEntityFilters {
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    companyType: idOf(params.get('companyType')),
    type: idOf(params.get('type')),
    status: statusOf(params.get('status')),
  };
}

/** The query of these filters (empty ones left out), keeping other parameters. */
export function withFilters(params: URLSearchParams, filters: BusinessEntityFilters): URLSearchParams {
  const out = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  put('keyword', filters.keyword.trim() || null);
  put('companyType', filters.companyType === null ? null : String(filters.companyType));
  put('type', filters.type === null ? null : String(filters.type));
  put('status', filters.status);
  return out;
}

export const hasFilters = (f: BusinessEntityFilters): boolean =>
  f.keyword !== '' || f.companyType !== null || f.type !== null || f.status !== null;
