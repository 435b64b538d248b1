import { CONTRACT_CHILDREN } from '@eb/shared/amendment/children';
import { documentCalls } from '../../lib/documents';
import type { RecordChildrenConfig } from '../participants-crm-documents/record-sub-records';

/** The amendment's participants and CRM notes (entities/participants-crm-documents). */
export const CONTRACT_CHILDREN_CONFIG: RecordChildrenConfig = {
  kinds: CONTRACT_CHILDREN,
  crmTypes: 'amendmentCrmTypes',
  participantKeys: [['contract', 'GetParticipants'], ['contract', 'ContactGetList'], ['contract', 'ChangeLogs']],
  crmKeys: [['contract', 'GetCrms'], ['contract', 'ChangeLogs']],
};

/** An amendment's documents (contract/Upload, GetDocuments, DeleteDocuments; file/Get). */
export const amendmentDocumentCalls = documentCalls('contract', 'contractDocument', ['contract', 'ChangeLogs']);
