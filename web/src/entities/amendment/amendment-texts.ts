/**
 * Texts of the contract screens (spec 2 "Contracts Search", "Contract Details"). The spec's own
 * texts are marked "spec"; the others are chosen. Field labels are AMENDMENT_LABELS and the list columns CONTRACT_LIST_COLUMNS (shared).
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
  awaiting: 'Awaiting validation',
  exportAll: 'Export all',
  exportWhat: 'every contract of the search',
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
