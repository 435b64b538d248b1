import type { AccountListBody } from '@eb/shared/account/schemas';
import { RENEWAL_WINDOW_DAYS } from '@eb/shared/constants';
import { defineSearchFilters, type SearchFilters } from '../../../lib/search-filters';

/**
 * The filters of Accounts Search (spec 2 "Search filters", the account filter), in the URL query
 * (?keyword=...&status=Enrolled&type=New&flowDatePeriod.from=2026-01-01&f.ldcAccountNumber=PE12):
 * the per-column filters, status, account type and amendment type, the four date periods at once
 * (flow, requested start, account end, drop), the renewals-due window (?renewal=90) and the status
 * age of the home page's queue (?statusAge=14).
 */
export const ACCOUNT_DATE_KINDS = [
  { value: 'flowDatePeriod', label: 'Flow Date', filter: 'flowDatePeriod' },
  { value: 'requestedStartDatePeriod', label: 'Requested Start Date', filter: 'requestedStartDatePeriod' },
  { value: 'accountEndDatePeriod', label: 'Account End Date', filter: 'accountEndDatePeriod' },
  { value: 'dropDatePeriod', label: 'Drop Date', filter: 'dropDatePeriod' },
] as const;
export type AccountDateKind = (typeof ACCOUNT_DATE_KINDS)[number]['value'];

export const ACCOUNT_FILTERS = defineSearchFilters({
  columns: [
    { key: 'camsAccountId', numeric: true },
    { key: 'contractId', numeric: true },
    { key: 'amendmentNumber', numeric: true },
    { key: 'referenceAmendment', numeric: true },
    { key: 'ticketNumber', numeric: false },
    { key: 'legacyId', numeric: false },
    { key: 'territory', numeric: false },
    { key: 'ldcAccountNumber', numeric: false },
    { key: 'prevAccountNum', numeric: false },
    { key: 'accountName', numeric: false },
    { key: 'term', numeric: true },
    { key: 'businessEntityLegalName', numeric: false },
  ],
  selects: [
    { key: 'status', bodyKey: 'status' },
    { key: 'type', bodyKey: 'accountType' },
    { key: 'amendmentType', bodyKey: 'amendmentType' },
  ],
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
  'camsAccountId' | 'contractId' | 'amendmentNumber' | 'referenceAmendment' | 'ticketNumber' | 'legacyId' | 'territory' | 'ldcAccountNumber' | 'prevAccountNum' | 'accountName' | 'term' | 'businessEntityLegalName',
  'status' | 'type' | 'amendmentType',
  AccountDateKind,
  'renewal' | 'statusAge'
>;
export type AccountColumnFilter = keyof AccountFilters['columns'];
/** The GetList body of the filters. */
export const accountFilterBody = (f: AccountFilters): AccountListBody => ACCOUNT_FILTERS.filterBody(f) as AccountListBody;
