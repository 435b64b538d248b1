import type {
  ContactCreateInput,
  ContactListInput,
  ContactUpdateInput,
  ObjectRef,
  SubRecordDeleteBody,
  SubRecordListBody,
} from '@eb/shared/primarycontact/schemas';
import { actorOf } from '../lib/entity';
import { resourceHandler, type Action, type ActionContext } from '../lib/handler';
import {
  contactChangeLogs,
  contactReferenceData,
  createContact,
  generateContactId,
  getContact,
  listContacts,
  requireContact,
  updateContact,
} from './repository';
import { addSubRecord, deleteSubRecords, listSubRecords, updateSubRecord, type SubRecordKind, type SubRecordTypes } from './sub-records';

type Query = Record<string, string | undefined>;

/** The four calls of one sub-record kind: list, add, update, delete. */
function subRecordActions<K extends SubRecordKind>(kind: K): { list: Action; add: Action; update: Action; remove: Action } {
  type Fields = SubRecordTypes[K]['fields'];
  return {
    /** POST Get{Kind}List?limit&skip&orderBy&getTotalCount, body {primaryContact:{objectId}} -> { data, totalCount } */
    list: async ({ query, body }: ActionContext<Query, SubRecordListBody>) => {
      await requireContact(body.primaryContact.objectId);
      return listSubRecords(kind, body.primaryContact.objectId, query);
    },
    /** POST {Kind}Add, body: the record and {primaryContact:{objectId}} -> the new record (objectId, version 1) */
    add: async ({ body, user }: ActionContext<unknown, Fields & { primaryContact: ObjectRef }>) => {
      const { primaryContact, ...fields } = body;
      await requireContact(primaryContact.objectId);
      return addSubRecord(kind, primaryContact.objectId, fields as unknown as Fields, actorOf(user!));
    },
    /** PUT {Kind}Update?id, body: the record and its version -> the saved record; 409 when stale */
    update: ({ query, body, user }: ActionContext<{ id: number }, Fields & { version: number }>) => {
      const { version, ...fields } = body;
      return updateSubRecord(kind, query.id, version, fields as unknown as Fields, actorOf(user!));
    },
    /** DELETE {Kind}Delete, body [{objectId[, version]}] -> 204; all in one transaction */
    remove: async ({ body, user }: ActionContext<unknown, SubRecordDeleteBody>) => {
      await deleteSubRecords(kind, body, actorOf(user!));
    },
  };
}

const address = subRecordActions('address');
const phone = subRecordActions('phone');
const email = subRecordActions('email');

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
  'POST getaddresslist': address.list,
  'POST getphonelist': phone.list,
  'POST getemaillist': email.list,
  'POST addressadd': address.add,
  'POST phoneadd': phone.add,
  'POST emailadd': email.add,
  'PUT addressupdate': address.update,
  'PUT phoneupdate': phone.update,
  'PUT emailupdate': email.update,
  'DELETE addressdelete': address.remove,
  'DELETE phonedelete': phone.remove,
  'DELETE emaildelete': email.remove,
  /** GET ChangeLogs[?id] -> the contact's log with its sub-records' (or every contact's), newest first */
  'GET changelogs': ({ query }: ActionContext<{ id?: number }>) => contactChangeLogs(query.id),
});
