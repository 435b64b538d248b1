import { ACCOUNT_CHILDREN } from '@eb/shared/account/children';
import { documentCalls } from '../../lib/documents';
import type { RecordChildrenConfig } from '../participants-crm-documents/record-sub-records';

/** The account's participants and CRM notes (entities/participants-crm-documents), documents and addresses. */
export const ACCOUNT_CHILDREN_CONFIG: RecordChildrenConfig = {
  kinds: ACCOUNT_CHILDREN,
  crmTypes: 'crmTypes',
  participantKeys: [['account', 'GetParticipants'], ['account', 'ContactGetList'], ['account', 'ChangeLogs']],
  crmKeys: [['account', 'GetCrms'], ['account', 'ChangeLogs']],
};
export const accountDocumentCalls = documentCalls('account', 'accountDocument', ['account', 'ChangeLogs']);
