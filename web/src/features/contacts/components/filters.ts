import { CONTACT_STATUSES, type ContactStatus } from '@eb/shared/contact/labels';

/**
 * The filters of Contact Entity Management, kept in the URL query so that a search has its own
 * address (?keyword=smith&status=Inactive&fullText=true). Unknown values are ignored.
 */
export interface ContactFilters {
  keyword: string;
  status: ContactStatus | null;
  fullText: boolean;
}

export const NO_FILTERS: ContactFilters = { keyword: '', status: null, fullText: false };

const statusOf = (v: string | null): ContactStatus | null =>
  CONTACT_STATUSES.find((s) => s.toLowerCase() === (v ?? '').toLowerCase()) ?? null;

export function filtersOf(params: URLSearchParams): ContactFilters {
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    status: statusOf(params.get('status')),
    fullText: params.get('fullText') === 'true',
  };
}

/** The query of these filters (empty ones left out), keeping other parameters. */
export function withFilters(params: URLSearchParams, filters: ContactFilters): URLSearchParams {
  const out = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  put('keyword', filters.keyword.trim() || null);
  put('status', filters.status);
  put('fullText', filters.fullText ? 'true' : null);
  return out;
}

export const hasFilters = (f: ContactFilters): boolean => f.keyword !== '' || f.status !== null || f.fullText;
