import { BUSINESS_ENTITY_STATUSES, type BusinessEntityStatus } from '@eb/shared/business-entity/list-keys';
import { toReferenceCode } from '@eb/shared/reference/codes';

/**
 * The filters of Business Entity Management, kept in the URL query so that a search has its own
 * address (?keyword=acme&companyType=LLC&type=Industrial&status=inactive). Company type and type
 * are codes, as the API takes them; an address of the older form (the set's objectId, e.g.
 * companyType=2) is read as its code. Unknown or malformed values are ignored.
 */
export interface BusinessEntityFilters {
  keyword: string;
  companyType: string | null;
  type: string | null;
  status: BusinessEntityStatus | null;
}

export const NO_FILTERS: BusinessEntityFilters = { keyword: '', companyType: null, type: null, status: null };

const codeOf = (itemType: string, v: string | null): string | null =>
  (v !== null && /^\d{1,9}$/.test(v) ? toReferenceCode(itemType, Number(v)) : toReferenceCode(itemType, v)) ?? null;
const statusOf = (v: string | null): BusinessEntityStatus | null => {
  const s = v?.toLowerCase();
  return (BUSINESS_ENTITY_STATUSES as readonly string[]).includes(s ?? '') ? (s as BusinessEntityStatus) : null;
};

export function filtersOf(params: URLSearchParams): BusinessEntityFilters {
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    companyType: codeOf('businessEntityCompanyTypes', params.get('companyType')),
    type: codeOf('businessEntityTypes', params.get('type')),
    status: statusOf(params.get('status')),
  };
}

/** The query of these filters (empty ones left out), keeping other parameters. */
export function withFilters(params: URLSearchParams, filters: BusinessEntityFilters): URLSearchParams {
  const out = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  put('keyword', filters.keyword.trim() || null);
  put('companyType', filters.companyType);
  put('type', filters.type);
  put('status', filters.status);
  return out;
}

export const hasFilters = (f: BusinessEntityFilters): boolean =>
  f.keyword !== '' || f.companyType !== null || f.type !== null || f.status !== null;
