import { ACCOUNT_ADDRESSES, ACCOUNT_CHILDREN } from '@eb/shared/account/children';
import { childKind, type ParentDef } from '../lib/child-records';
import { requireEntity } from '../lib/entity';
import { recordChildren } from '../lib/participants-crm-documents';
import { contactReferenceData } from '../contact/service';
import { accountDef } from './repository';

/**
 * An account's participants, CRM notes (account CRM types), documents and addresses, in the
 * account's partition (ACCOUNT#id / PARTICIPANT#n, CRM#n, DOCUMENT#n, ADDRESS#n) with pointer items
 * APARTICIPANT#n, ..., logged under it ('a.participant', 'a.crm', 'a.docs', 'a.address').
 */
export const accountParent: ParentDef = { type: 'account', key: accountDef.key, pointerPrefix: 'A', require: (id) => requireEntity(accountDef, id) };

export const accountChildren = recordChildren({
  kinds: ACCOUNT_CHILDREN,
  parent: accountParent,
  counterPrefix: 'account',
  fileType: 'accountDocument',
  crmTypes: 'crmTypes',
  contactData: contactReferenceData,
});
export const accountAddresses = childKind({ kind: ACCOUNT_ADDRESSES, parent: accountParent, counter: 'accountAddress', item: 'ADDRESS' });
