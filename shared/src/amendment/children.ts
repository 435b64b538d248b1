import type { ChildRecord } from '../child-records';
import { recordChildKinds } from '../participants-crm-documents';

/**
 * What an amendment holds in its grids: participants, CRM notes (amendment CRM types) and
 * documents (shared/src/participants-crm-documents.ts), under the amendment as their parent.
 */

/** The amendment as a parent: agents read its grids, editors change them; 'c' before its children's fields in its change log. */
export const CONTRACT_PARENT = {
  resource: 'contract',
  type: 'contract',
  ref: 'contract',
  logPrefix: 'c',
  read: 'signedIn',
  write: 'editor',
} as const;

export const CONTRACT_CHILDREN = recordChildKinds(CONTRACT_PARENT, 'amendmentCrmTypes');
export const { participants: CONTRACT_PARTICIPANTS, crms: CONTRACT_CRMS, documents: CONTRACT_DOCUMENTS } = CONTRACT_CHILDREN;
export type AmendmentParticipant = ChildRecord<typeof CONTRACT_PARTICIPANTS>;
export type AmendmentCrm = ChildRecord<typeof CONTRACT_CRMS>;
export { participantFromContact, type ContactAddUpdateBody, type ParticipantFields } from '../participants-crm-documents';
