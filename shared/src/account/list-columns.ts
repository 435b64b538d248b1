import { defineListColumns, type ListRowOf } from '../list-columns';
import { ACCOUNT_ROW_LABELS as L } from './labels';

/** Whole days from `today` (yyyy-MM-dd) to an account's end date (negative once it has ended); null without one. */
export function daysUntil(endDate: string | null | undefined, today: string): number | null {
  if (!endDate) return null;
  return Math.round((Date.parse(`${endDate.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/**
 * Accounts Search's columns (spec 2 "Accounts Search", the account's list fields), each declared
 * once (shared/src/list-columns.ts derives the row, the server's row building, filter and sort keys,
 * the filter bar, the grid and the download). In the grid's order; the key columns fit a 1366 px
 * window (the ids frozen at the left), the `optional` ones are in the column chooser. The joins:
 * `contractRef` the amendment (its numbers, ticket, legacy id, legal name and its contract's id),
 * `territoryRef` the territory.
 */
export const ACCOUNT_LIST_COLUMNS = defineListColumns([
  { field: 'objectId', label: L.objectId, kind: 'number', required: true, sortKey: 'esgAccountNo', width: 80, frozen: true, filter: { kind: 'number', key: 'camsAccountId', match: 'equals' } },
  { field: 'contractId', label: L.contractId, kind: 'number', source: { join: 'contractRef', column: 'contractId' }, sortKey: 'contractId', width: 96, optional: true, filter: { kind: 'number', key: 'contractId', match: 'prefix' } },
  { field: 'amendmentNumber', label: L.amendmentNumber, kind: 'number', source: { join: 'contractRef', column: 'amendmentNumber' }, sortKey: 'amendmentNumber', width: 104, optional: true, filter: { kind: 'number', key: 'amendmentNumber', match: 'equals' } },
  { field: 'referenceAmendment', label: L.referenceAmendment, kind: 'number', source: { join: 'contractRef', column: 'referenceAmendment' }, sortKey: 'referenceAmendment', width: 120, optional: true, filter: { kind: 'number', key: 'referenceAmendment', match: 'equals' } },
  { field: 'freshDescId', label: L.freshDescId, kind: 'text', source: { join: 'contractRef', column: 'freshDescId' }, sortKey: 'freshDescId', width: 100, optional: true, filter: { kind: 'text', key: 'ticketNumber', match: 'words' } },
  { field: 'legacyId', label: L.legacyId, kind: 'text', source: { join: 'contractRef', column: 'legacyId' }, sortKey: 'legacyId', width: 110, optional: true, filter: { kind: 'text', key: 'legacyId', match: 'words' } },
  { field: 'territoryCode', label: L.territoryCode, kind: 'text', source: { join: 'territoryRef', column: 'code' }, sortKey: 'territoryCode', width: 110, optional: true, filter: { kind: 'text', key: 'territory', match: 'sameText' } },
  { field: 'ldcAccountNumber', label: L.ldcAccountNumber, kind: 'text', required: true, source: 'ldcAccountNum', sortKey: 'ldcAccountNum', width: 156, minWidth: 110, frozen: true, filter: { kind: 'text', key: 'ldcAccountNumber', match: 'words' } },
  { field: 'prevAccountNum', label: L.prevAccountNum, kind: 'text', sortKey: 'prevAccountNum', width: 150, optional: true, filter: { kind: 'text', key: 'prevAccountNum', match: 'words' } },
  { field: 'accountName', label: L.accountName, kind: 'text', required: true, source: 'name', sortKey: 'name', width: 144, minWidth: 110, filter: { kind: 'text', key: 'accountName', match: 'words' } },
  { field: 'accountStatus', label: L.accountStatus, kind: 'code', required: true, codeSet: 'accountStatuses', sortKey: 'accountStatusId', width: 118, filter: { kind: 'codes', key: 'status', body: 'status' } },
  { field: 'accountType', label: L.accountType, kind: 'code', required: true, source: 'type', codeSet: 'accountTypes', sortKey: 'accountType', width: 110, optional: true, filter: { kind: 'codes', key: 'type', body: 'accountType' } },
  { field: 'flowDate', label: L.flowDate, kind: 'date', sortKey: 'flowDate', width: 104, optional: true, filter: { kind: 'dateRange', key: 'flowDatePeriod', body: 'flowDatePeriod' } },
  { field: 'requestedStartDate', label: L.requestedStartDate, kind: 'date', sortKey: 'requestedStartDate', width: 96, filter: { kind: 'dateRange', key: 'requestedStartDatePeriod', body: 'requestedStartDatePeriod' } },
  { field: 'term', label: L.term, kind: 'number', sortKey: 'term', width: 80, optional: true, filter: { kind: 'number', key: 'term', match: 'equals' } },
  { field: 'accountEndDate', label: L.accountEndDate, kind: 'date', source: 'contractEndDate', sortKey: 'accountEndDate', width: 96, filter: { kind: 'dateRange', key: 'accountEndDatePeriod', body: 'accountEndDatePeriod' } },
  // beyond the spec: the days to the end date ('Ended' once past), sorted by the end date
  {
    field: 'daysRemaining',
    label: 'Days Remaining',
    kind: 'number',
    value: (r, today) => {
      const days = daysUntil(r.accountEndDate as string | null, today);
      return days === null ? null : days < 0 ? 'Ended' : days;
    },
    sortKey: 'accountEndDate',
    sortField: 'accountEndDate',
    width: 80,
  },
  { field: 'businessEntityLegalName', label: L.businessEntityLegalName, kind: 'text', source: { join: 'contractRef', column: 'businessEntityLegalName' }, sortKey: 'businessEntityLegalName', width: 140, minWidth: 110, filter: { kind: 'text', key: 'businessEntityLegalName', match: 'words' } },
]);

/** The download's order of the columns (the grid's order otherwise). */
export const ACCOUNT_EXPORT_ORDER = [
  'objectId', 'contractId', 'amendmentNumber', 'referenceAmendment', 'freshDescId', 'legacyId', 'territoryCode', 'ldcAccountNumber', 'prevAccountNum',
  'requestedStartDate', 'accountEndDate', 'daysRemaining', 'term', 'accountStatus', 'accountType', 'flowDate', 'accountName', 'businessEntityLegalName',
] as const;

/** The declared cells of an accounts row. */
export type AccountListCells = ListRowOf<typeof ACCOUNT_LIST_COLUMNS>;
