import { CONTRACT_CHILDREN } from '@eb/shared/amendment/children';
import { keys } from '../lib/db';
import { requireEntity } from '../lib/entity';
import { type ParentDef } from '../lib/child-records';
import { recordChildren } from '../lib/participants-crm-documents';
import { contactReferenceData } from '../contact/service';
import { amendmentDef } from './repository';

/**
 * An amendment's participants, CRM notes (amendment CRM types) and documents (lib/participants-crm-documents.ts):
 * in the amendment's partition (CONTRACT#id / PARTICIPANT#n, CRM#n, DOCUMENT#n) with pointer
 * items CPARTICIPANT#n, CCRM#n, CDOCUMENT#n, logged under it ('c.participant', 'c.crm', 'c.docs').
 */
export const amendmentParent: ParentDef = { type: 'contract', key: keys.contract, pointerPrefix: 'C', require: (id) => requireEntity(amendmentDef, id) };

export const amendmentChildren = recordChildren({
  kinds: CONTRACT_CHILDREN,
  parent: amendmentParent,
  counterPrefix: 'contract',
  fileType: 'contractDocument',
  crmTypes: 'amendmentCrmTypes',
  contactData: contactReferenceData,
});
export const { participants: amendmentParticipants, crms: amendmentCrms, documents: contractDocuments, contactAddUpdate, copyParticipants } = amendmentChildren;
