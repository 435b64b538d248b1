/** The contract list's sort keys and default sorts (zod-free, for the screens as well as the schemas). */

/** Spec 2 section 3: the contract list's sort keys, and the row column each sorts by. */
export const CONTRACT_SORT_KEYS = {
  contractId: 'contractId',
  amendmentNumber: 'amendmentNumber',
  referenceAmendment: 'referenceAmendment',
  ticketNo: 'freshDescId',
  legacyId: 'legacyId',
  amendmentType: 'type',
  amendmentReceived: 'receivedDate',
  amendmentStartDate: 'startDate',
  amendmentEndDate: 'endDate',
  agreementDate: 'agreementDate',
  businessEntityName: 'businessEntityLegalName',
  primaryParticipant: 'primaryContactLastName',
  status: 'contractStatus',
} as const;
export type AmendmentSortKey = keyof typeof CONTRACT_SORT_KEYS;
/** Spec 2 section 9: contracts contractId descending; a contract's amendments amendmentNumber ascending. */
export const CONTRACT_DEFAULT_SORT = { field: 'contractId', direction: 'Descending' } as const;
export const CONTRACT_AMENDMENTS_DEFAULT_SORT = { field: 'amendmentNumber', direction: 'Ascending' } as const;
