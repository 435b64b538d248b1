import type { ContractListBody } from '@eb/shared/amendment/schemas';
import { CONTRACT_DATE_KINDS } from '../../../entities/amendment/amendment-texts';
import { defineSearchFilters, type SearchFilters } from '../../../lib/search-filters';

/**
 * The filters of Contracts Search (spec 2 "Search filters"), in the URL query
 * (?keyword=acme&type=New&status=Signed&startDatePeriod.from=2026-01-01&f.legacyId=LG1):
 * the per-column filters (numeric ones take digits), the amendment type and status, and the four
 * date periods at once, and the home page's validation queues (?awaiting=pricing).
 */
export const CONTRACT_FILTERS = defineSearchFilters({
  columns: [
    { key: 'contractId', numeric: true },
    { key: 'amendmentNumber', numeric: true },
    { key: 'referenceAmendment', numeric: true },
    { key: 'freshDescId', numeric: false },
    { key: 'legacyId', numeric: false },
    { key: 'businessEntityLegalName', numeric: false },
    { key: 'primaryParticipant', numeric: false },
  ],
  selects: [
    { key: 'type', bodyKey: 'contractType' },
    { key: 'status', bodyKey: 'contractStatus' },
  ],
  dateKinds: CONTRACT_DATE_KINDS,
  defaultDateKind: 'receivedDatePeriod',
  keywordBodyKey: 'searchText',
  // the home page's validation queues (?awaiting=pricing|operations)
  extras: [{ key: 'awaiting', valid: (v) => v === 'pricing' || v === 'operations', body: (v) => ({ awaitingValidation: v }) }],
});
export type ContractFilters = SearchFilters<
  'contractId' | 'amendmentNumber' | 'referenceAmendment' | 'freshDescId' | 'legacyId' | 'businessEntityLegalName' | 'primaryParticipant',
  'type' | 'status',
  (typeof CONTRACT_DATE_KINDS)[number]['value'],
  'awaiting'
>;
export type ColumnFilterKey = keyof ContractFilters['columns'];
export const { NO_FILTERS, filtersOf, withFilters, hasFilters, withPeriod } = CONTRACT_FILTERS;
/** The GetList body of the filters. */
export const filterBody = (f: ContractFilters): ContractListBody => CONTRACT_FILTERS.filterBody(f) as ContractListBody;
