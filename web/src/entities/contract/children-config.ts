import { CONTRACT_CHILDREN } from '@eb/shared/contract/children';
import { documentCalls } from '../../lib/documents';
import type { RecordChildrenConfig } from '../record-children/record-sub-records';

/** The amendment's participants and CRM notes (entities/record-children). */
export const CONTRACT_CHILDREN_CONFIG: RecordChildrenConfig = {
  kinds: CONTRACT_CHILDREN,
  crmTypes: 'amendmentCrmTypes',
  participantKeys: [['contract', 'GetParticipants'], ['contract', 'ContactGetList'], ['contract', 'ChangeLogs']],
  crmKeys: [['contract', 'GetCrms'], ['contract', 'ChangeLogs']],
};

/** An amendment's documents (contract/Upload, GetDocuments, DeleteDocuments; file/Get). */
export const contractDocumentCalls = documentCalls('contract', 'contractDocument', ['contract', 'ChangeLogs']);
