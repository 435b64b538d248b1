import { defineListColumns, type ListRowOf } from '../list-columns';
import { AMENDMENT_LABELS as L } from './labels';

/**
 * Contracts Search's columns (spec 2 "Contracts Search": one row per amendment), each declared once
 * (shared/src/list-columns.ts derives the row, the server's row building, filter and sort keys, the
 * filter bar, the grid and the download). In the grid's order; the key columns fit a 1366 px window
 * (the ids frozen at the left), the `optional` ones are in the column chooser. The joins:
 * `masterContractRef` the contract (its id), `businessEntityRef` the business entity (its legal
 * name); the primary participant is the primary contact's names (joined, sorted by the last name).
 */
export const CONTRACT_LIST_COLUMNS = defineListColumns([
  { field: 'contractId', label: L.contractId, kind: 'number', source: { join: 'masterContractRef', column: 'contractId' }, sortKey: 'contractId', width: 96, frozen: true, filter: { kind: 'number', key: 'contractId', match: 'prefix' } },
  { field: 'amendmentNumber', label: L.amendmentNumber, kind: 'number', required: true, sortKey: 'amendmentNumber', width: 104, frozen: true, filter: { kind: 'number', key: 'amendmentNumber', match: 'equals' } },
  { field: 'referenceAmendment', label: L.referenceAmendment, kind: 'number', sortKey: 'referenceAmendment', width: 120, optional: true, filter: { kind: 'number', key: 'referenceAmendment', match: 'equals' } },
  { field: 'freshDescId', label: L.freshDescId, kind: 'text', sortKey: 'ticketNo', width: 100, filter: { kind: 'text', key: 'freshDescId', match: 'words' } },
  { field: 'legacyId', label: L.legacyId, kind: 'text', sortKey: 'legacyId', width: 110, optional: true, filter: { kind: 'text', key: 'legacyId', match: 'words' } },
  { field: 'type', label: L.type, kind: 'code', required: true, codeSet: 'contractTypes', sortKey: 'amendmentType', width: 130, filter: { kind: 'codes', key: 'type', body: 'contractType' } },
  { field: 'receivedDate', label: L.receivedDate, kind: 'date', sortKey: 'amendmentReceived', width: 104, optional: true, filter: { kind: 'dateRange', key: 'receivedDatePeriod', body: 'amendmentRecievedPeriod' } },
  { field: 'startDate', label: L.startDate, kind: 'date', sortKey: 'amendmentStartDate', width: 104, filter: { kind: 'dateRange', key: 'startDatePeriod', body: 'amendmentStartDatePeriod' } },
  { field: 'endDate', label: L.endDate, kind: 'date', sortKey: 'amendmentEndDate', width: 104, filter: { kind: 'dateRange', key: 'endDatePeriod', body: 'agreementEndDatePeriod' } },
  { field: 'agreementDate', label: L.agreementDate, kind: 'date', sortKey: 'agreementDate', width: 110, optional: true, filter: { kind: 'dateRange', key: 'agreementDatePeriod', body: 'agreementDatePeriod' } },
  { field: 'businessEntityLegalName', label: 'Business Entity', kind: 'text', source: { join: 'businessEntityRef', column: 'legalName' }, sortKey: 'businessEntityName', width: 200, minWidth: 120, filter: { kind: 'text', key: 'businessEntityLegalName', match: 'words' } },
  {
    field: 'primaryParticipant',
    label: 'Primary Participant',
    kind: 'text',
    value: (r) => [r.primaryContactFirstName, r.primaryContactLastName].filter(Boolean).join(' ') || null,
    sortKey: 'primaryParticipant',
    sortField: 'primaryContactLastName',
    width: 160,
    minWidth: 120,
    optional: true,
    filter: { kind: 'text', key: 'primaryParticipant', match: 'words' },
  },
  { field: 'contractStatus', label: L.contractStatus, kind: 'code', required: true, codeSet: 'contractStatuses', sortKey: 'status', width: 118, filter: { kind: 'codes', key: 'status', body: 'contractStatus' } },
]);

/** The date menu's order of the kinds (spec 2 section 3 "Search filters"). */
export const CONTRACT_DATE_KIND_ORDER = ['receivedDatePeriod', 'agreementDatePeriod', 'startDatePeriod', 'endDatePeriod'] as const;

/** The declared cells of a contracts row. */
export type AmendmentListCells = ListRowOf<typeof CONTRACT_LIST_COLUMNS>;
