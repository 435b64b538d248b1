import type { ContactCreateInput, ContactListInput, ContactUpdateInput } from '@eb/shared/contact/schemas';
import { childActions } from '../lib/child-records';
import { actorOf } from '../lib/entity';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { contactAddresses, contactEmails, contactPhones } from './children';
import {
  contactChangeLogs,
  contactReferenceData,
  createContact,
  generateContactId,
  getContact,
  listContacts,
  updateContact,
} from './repository';

type Query = Record<string, string | undefined>;

/**
 * The primary contact Lambda (spec 3 section 7 "Contact entity", spec 2 section 7 "Primary contact
 * resource"). Agents are refused every call; viewOnly users read only (the route table: reads
 * 'nonAgent', writes 'editor').
 */
export const handler = resourceHandler('primarycontact', {
  /** POST Generate -> { objectId }: a new Contact Id reserved from the atomic counter */
  'POST generate': async () => ({ objectId: await generateContactId() }),
  /** GET Get?id -> the contact (with its business entity's current id and legal name) */
  'GET get': ({ query }: ActionContext<{ id: number }>) => getContact(query.id),
  /** GET GetPrimaryContactReferenceData?primaryContactReference -> { primaryContact, addresses, phones, emails } */
  'GET getprimarycontactreferencedata': ({ query }: ActionContext<{ primaryContactReference: number }>) =>
    contactReferenceData(query.primaryContactReference),
  /** POST Create, body: the contact dto -> { objectId, address:{objectId}, phone:{objectId}, email?:{objectId} } */
  'POST create': ({ body, user }: ActionContext<unknown, ContactCreateInput>) => createContact(body, actorOf(user!)),
  /** PUT Update?id, body: the contact's fields and version -> the saved contact; 409 when stale */
  'PUT update': ({ query, body, user }: ActionContext<{ id: number }, ContactUpdateInput>) => updateContact(query.id, body, actorOf(user!)),
  /** POST GetList?limit&skip&orderBy&getTotalCount, body {statusRef, keyword, fullText} -> { data, totalCount } */
  'POST getlist': ({ query, body }: ActionContext<Query, ContactListInput>) => listContacts(body, query),
  /** Get{X}List, {X}Add, {X}Update, {X}Delete of the contact's addresses, phones and emails */
  ...childActions(contactAddresses),
  ...childActions(contactPhones),
  ...childActions(contactEmails),
  /** GET ChangeLogs[?id] -> the contact's log with its sub-records' (or every contact's), newest first */
  'GET changelogs': ({ query }: ActionContext<{ id?: number }>) => contactChangeLogs(query.id),
});
