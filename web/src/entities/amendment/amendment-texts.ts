import { AMENDMENT_LABELS } from '@eb/shared/amendment/labels';

/**
 * Texts of the contract screens (spec 2 "Contracts Search", "Contract Details"). The spec's own
 * texts are marked "spec"; the others are chosen. Field labels are AMENDMENT_LABELS (shared).
 */
export const CONTRACT_TEXTS = {
  /** spec: the search screen's buttons */
  addNew: 'Add New Contract',
  viewRecord: 'View Record',
  download: 'Download',
  resetFilters: 'x Reset Filters',
  gridLabel: 'Contracts',
  filtersLabel: 'Contract filters',
  keywordLabel: 'Keyword',
  keywordPlaceholder: 'Search by contract, amendment, ticket, legacy id, legal name or contact',
  typeFilter: 'Amendment Type',
  statusFilter: 'Status',
  exportAll: 'Export all',
  exportWhat: 'every contract of the search',
  businessEntityFilter: 'Business Entity',
  primaryParticipantFilter: 'Primary Participant',
  /** spec: Contract Details */
  save: 'Save',
  addAmendment: 'Add Amendment',
  newContract: 'New Contract',
  contractTab: (contractId: number) => `Contract ${contractId}`,
  closeTab: (name: string) => `Close ${name}`,
  amendments: 'Amendments',
  amendmentsGrid: 'Amendments of the contract',
  loading: 'Loading the contract',
  selectRow: (contractId: number | null, amendmentNumber: number) => `Select contract ${contractId ?? ''} amendment ${amendmentNumber}`,
} as const;

/** spec 2 section 3 "Search filters": the contract date kinds and the filter field each one sets. */
export const CONTRACT_DATE_KINDS = [
  { value: 'receivedDatePeriod', label: AMENDMENT_LABELS.receivedDate, filter: 'amendmentRecievedPeriod' },
  { value: 'agreementDatePeriod', label: AMENDMENT_LABELS.agreementDate, filter: 'agreementDatePeriod' },
  { value: 'startDatePeriod', label: AMENDMENT_LABELS.startDate, filter: 'amendmentStartDatePeriod' },
  { value: 'endDatePeriod', label: AMENDMENT_LABELS.endDate, filter: 'agreementEndDatePeriod' },
] as const;
export type AmendmentDateKind = (typeof CONTRACT_DATE_KINDS)[number]['value'];

/** The grid's columns: the spec's sort keys and the row field each shows. */
export const CONTRACT_COLUMNS = [
  // the key columns fit a 1366 px window (the IDs frozen at the left); `optional` ones are in the column chooser
  { sortKey: 'contractId', field: 'contractId', header: AMENDMENT_LABELS.contractId, width: 96, frozen: true },
  { sortKey: 'amendmentNumber', field: 'amendmentNumber', header: AMENDMENT_LABELS.amendmentNumber, width: 104, frozen: true },
  { sortKey: 'referenceAmendment', field: 'referenceAmendment', header: AMENDMENT_LABELS.referenceAmendment, width: 120, optional: true },
  { sortKey: 'ticketNo', field: 'freshDescId', header: AMENDMENT_LABELS.freshDescId, width: 100 },
  { sortKey: 'legacyId', field: 'legacyId', header: AMENDMENT_LABELS.legacyId, width: 110, optional: true },
  { sortKey: 'amendmentType', field: 'type', header: AMENDMENT_LABELS.type, width: 130 },
  { sortKey: 'amendmentReceived', field: 'receivedDate', header: AMENDMENT_LABELS.receivedDate, width: 104, optional: true },
  { sortKey: 'amendmentStartDate', field: 'startDate', header: AMENDMENT_LABELS.startDate, width: 104 },
  { sortKey: 'amendmentEndDate', field: 'endDate', header: AMENDMENT_LABELS.endDate, width: 104 },
  { sortKey: 'agreementDate', field: 'agreementDate', header: AMENDMENT_LABELS.agreementDate, width: 110, optional: true },
  { sortKey: 'businessEntityName', field: 'businessEntityLegalName', header: 'Business Entity', width: 200, minWidth: 120 },
  { sortKey: 'primaryParticipant', field: 'primaryParticipant', header: 'Primary Participant', width: 160, minWidth: 120, optional: true },
  { sortKey: 'status', field: 'contractStatus', header: AMENDMENT_LABELS.contractStatus, width: 118 },
] as const;

/** Texts of Amendment Details (spec: 'New Amendment', Save, Add Amendment, '(This record is inactive)'; the rest chosen). */
export const AMENDMENT_TEXTS = {
  newAmendment: 'New Amendment',
  /** a record tab as users know it (chosen, issue 28): 'Contract 1024 · Amendment 2' */
  tabName: (contractId: number | null, amendmentNumber: number | null) => [contractId === null ? null : `Contract ${contractId}`, amendmentNumber === null ? null : `Amendment ${amendmentNumber}`].filter(Boolean).join(' · '),
  tabLoading: (id: number) => `Amendment ${id}`,
  save: 'Save',
  addAmendment: 'Add Amendment',
  loading: 'Loading the amendment...',
  /** a new contract's first amendment (issue 28: one flow): 'New contract 1025' until Save creates both */
  newContract: (contractId: number) => `New contract ${contractId}`,
  contractLink: (contractId: number | null) => (contractId === null ? 'Back to the contract' : `Contract ${contractId}`),
  enteredBy: 'Entered',
  businessEntity: 'Business Entity',
  primaryContact: 'Primary Contact',
  contactStatus: 'Status',
  inactiveRecord: '(This record is inactive)',
  clear: 'Clear',
  searchFor: (block: string) => `Search ${block}`,
  cloneAmendment: 'Clone Amendment',
  fetchLegacyId: 'Fetch the legacy id of the first customer signee event',
  noLegacyId: 'No amendment of this contract has a legacy id yet.',
  download: 'Download',
  cloned: 'The amendment was cloned: check it and Save',
  participants: 'Participants',
  crmNotes: 'CRM notes',
  documents: 'Documents',
  accounts: 'Accounts',
  saveFirst: 'Save the amendment first.',
  loadingSection: 'Loading...',
} as const;

/** The amendment's participants and CRM grids (spec 2 "Contract participants grid", "Contract CRM grid"). */
export const CONTRACT_SUB_GRID_TEXTS = {
  participant: { title: 'Participants', noun: 'participant', deleteTitle: 'Delete participant' },
  crm: { title: 'CRM notes', noun: 'CRM note', deleteTitle: '' },
  none: 'None',
  delete: 'Delete',
  download: 'Download',
  downloadAll: 'Download all CRM notes',
  downloadSelected: (n: number) => `Download the ${n} selected CRM note${n === 1 ? '' : 's'}`,
  /** spec 2 "Contact Search popup": the configurable texts as the participants sections set them */
  addNewParticipantContact: 'Add New Contact',
  addParticipant: 'Add Contact',
  /** an account's: 'Save and Add to Account' (spec); an amendment's keeps the default's 'Save and Add to Amendment' */
  saveAndAddParticipant: (parentRef: string) => (parentRef === 'account' ? 'Save and Add to Account' : 'Save and Add to Amendment'),
} as const;
