import { type TransactItem, getItem, keys, nextId } from '../lib/db';
import { MSG } from '@eb/shared/messages';
import type { PagedResult } from '@eb/shared/paging';
import {
  CONTACT_ADDRESSES,
  CONTACT_EMAILS,
  CONTACT_PHONES,
  NEW_CONTACT_STATUS,
  statusOfRef,
  type ContactCreateInput,
  type ContactListInput,
  type ContactUpdateInput,
  type Contact,
  type ContactCreated,
  type PrimaryContactReferenceData,
  type ContactRow,
} from '@eb/shared/contact/schemas';
import type { ContactStatus } from '@eb/shared/contact/labels';
import { CONTACT_DEFAULT_SORT } from '@eb/shared/contact/list-keys';
import type { Actor, ChangeLogEntry } from '../lib/change-log';
import { parentChangeLogs } from '../lib/child-records';
import { createEntity, deleteEntity, requireEntity, updateEntity, type Stored } from '../lib/entity';
import { BadRequestError, ConflictError } from '../lib/errors';
import { listEngine, pageParams, type ListSpec } from '../lib/list-engine';
import { businessEntityListSpec } from '../business-entity/service';
import { businessEntityLink, requireBusinessEntity } from './business-entities';
import { contactAddresses, contactEmails, contactParent, contactPhones } from './children';
import { contactDef, requireContact, type ContactRecord } from './record';

/**
 * Primary contacts (spec 3 "Contact Entity Management", spec 2 "Primary contact resource"):
 * versioned entities (type 'primaryContact', key PCONTACT#objectId) with their change log, listed
 * through the generic list engine. The Contact Id the screens show is the objectId, reserved from
 * the atomic counter by Generate (or by Create when none was reserved).
 *
 * The contact stores its business entity as a reference only (`businessEntityRef`, the entity's
 * objectId); the list joins its Business Entity ID and Legal Name from the business entity list at
 * query time (a join declared on the list spec), so a renamed business entity shows its new name at once.
 */

export { contactDef };

const textOrNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const numberOrNull = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));

/** A contact as the list engine keeps it: its own fields. */
type ContactOwnRow = ContactRecord & { version: number };
/** A row of the contacts' list: its own fields and the business entity's, joined. */
export type ContactListRow = ContactOwnRow & { businessEntityId: number | null; legalName: string | null };

function toListRow(stored: Record<string, unknown>): ContactOwnRow {
  return {
    objectId: Number(stored.objectId),
    firstName: String(stored.firstName ?? ''),
    middleName: textOrNull(stored.middleName),
    lastName: String(stored.lastName ?? ''),
    suffix: textOrNull(stored.suffix),
    identifier: textOrNull(stored.identifier),
    role: textOrNull(stored.role),
    status: (stored.status === 'Inactive' ? 'Inactive' : 'Active') as ContactStatus,
    businessEntityRef: numberOrNull(stored.businessEntityRef),
    version: Number(stored.version ?? 1),
  };
}

/**
 * The contacts' list. The business entity's Business Entity ID and Legal Name are joined from the
 * business entity list through `businessEntityRef` (current values, never copied): the keyword's
 * words each match the contact's own words (contact id, names, identifier) or its entity's, and
 * sorting by businessEntityId or legalName sorts by the entity's current values.
 */
export const contactListSpec: ListSpec<ContactListRow, ContactOwnRow> = {
  type: contactDef.type,
  project: toListRow,
  id: (r) => r.objectId,
  searchText: (r) =>
    [r.objectId, r.firstName, r.middleName, r.lastName, r.suffix, r.identifier]
      .filter((v) => v !== null && v !== '')
      .join(' ')
      .toLowerCase(),
  sortKeys: {
    contactId: 'objectId',
    firstName: 'firstName',
    lastName: 'lastName',
    role: 'role',
    identifier: 'identifier',
    businessEntityId: 'businessEntityId',
    legalName: 'legalName',
  },
  joins: [
    {
      on: 'businessEntityRef',
      list: () => businessEntityListSpec as never,
      columns: { businessEntityId: 'businessEntityId', legalName: 'legalName' },
      search: true,
    },
  ],
  defaultSort: CONTACT_DEFAULT_SORT,
};

export const contacts = () => listEngine(contactListSpec);

/** The contact's own fields as both answers show them (the Contact Id is the objectId). */
const ownFields = (r: ContactOwnRow) => ({
  objectId: r.objectId,
  contactId: r.objectId,
  firstName: r.firstName,
  middleName: r.middleName,
  lastName: r.lastName,
  suffix: r.suffix,
  identifier: r.identifier,
  role: r.role,
  status: r.status,
  version: r.version,
});

function toContact(stored: Stored<ContactRecord> | Record<string, unknown>, businessEntity: Contact['businessEntity']): Contact {
  return { ...ownFields(toListRow(stored as Record<string, unknown>)), businessEntity };
}

function toRow(r: ContactListRow): ContactRow {
  return { ...ownFields(r), businessEntityObjectId: r.businessEntityRef, businessEntityId: r.businessEntityId ?? null, legalName: r.legalName ?? null };
}

// ---- reads ----------------------------------------------------------------------------------------

export async function getContact(id: number): Promise<Contact> {
  const stored = await requireEntity(contactDef, id);
  return toContact(stored, await businessEntityLink(stored.businessEntityRef));
}

/** GetPrimaryContactReferenceData: the contact with all its addresses, phones and emails. */
export async function contactReferenceData(id: number): Promise<PrimaryContactReferenceData> {
  const [primaryContact, addresses, phones, emails] = await Promise.all([
    getContact(id),
    contactAddresses.all(id),
    contactPhones.all(id),
    contactEmails.all(id),
  ]);
  return { primaryContact, addresses, phones, emails };
}

export { requireContact };

/**
 * Deletes a contact an import created, when that import is undone (the screens have no contact
 * Delete): its tombstone and 'deleted' event, with `opts.extra` in the same transaction. Its
 * addresses, phones and emails are removed by the caller through their kinds (each its own event).
 */
export async function deleteImportedContact(id: number, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<void> {
  await deleteEntity(contactDef, id, undefined, { actor, ...(opts.extra ? { extra: opts.extra } : {}), ...(opts.source ? { source: opts.source } : {}) });
}

/**
 * POST GetList: filter by status, keyword search, sort, page and exact count, through the list
 * engine (read-your-writes, the business entity list included). The keyword's words must each start
 * a word of the contact id, the names, the identifier, or the business entity's id or legal name
 * (with fullText: occur in them); see contactListSpec for the joined columns.
 */
export async function listContacts(body: ContactListInput, query: Record<string, string | undefined>): Promise<PagedResult<ContactRow>> {
  const status = statusOfRef(body.statusRef);
  const result = await contacts().query({
    ...pageParams(query),
    filter: status ? (r) => r.status === status : undefined,
    keyword: body.keyword ?? undefined,
    fullText: body.fullText === true,
  });
  return { data: result.data.map(toRow), totalCount: result.totalCount };
}

/**
 * GET ChangeLogs: with an id, that contact's log including its addresses, phones and emails (they
 * are logged under the contact); without, the contacts' own events and every contact sub-record
 * event, newest first.
 */
export async function contactChangeLogs(id: number | undefined): Promise<ChangeLogEntry[]> {
  return parentChangeLogs(contactParent, [CONTACT_ADDRESSES, CONTACT_PHONES, CONTACT_EMAILS], id);
}

// ---- writes ---------------------------------------------------------------------------------------

/** POST Generate: a new Contact Id, reserved from the atomic counter (never handed out again). */
export const generateContactId = (): Promise<number> => nextId(contactDef.idCounter);

/** An objectId sent to Create must have been reserved by Generate (it is at most the counter). */
async function assertGenerated(objectId: number): Promise<void> {
  const counter = await getItem<{ value: number }>(keys.counter(contactDef.idCounter));
  if (objectId > Number(counter?.value ?? 0)) {
    throw new BadRequestError(MSG.contactIdNotGenerated, { objectId: MSG.contactIdNotGenerated });
  }
}

/**
 * POST Create: the contact (Active), its address, its phone and its optional email, with their
 * four 'added' events, in ONE transaction (each event with `opts.source`: an import's contact's
 * address, phone and email name its batch as the contact does). Answers the new objectIds.
 */
export async function createContact(input: ContactCreateInput, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<ContactCreated> {
  if (input.businessEntity) await requireBusinessEntity(input.businessEntity.objectId);
  if (input.objectId !== undefined) await assertGenerated(input.objectId);
  const objectId = input.objectId ?? (await generateContactId());
  const [addressId, phoneId, emailId] = await Promise.all([
    contactAddresses.nextId(),
    contactPhones.nextId(),
    input.email ? contactEmails.nextId() : Promise.resolve(undefined),
  ]);
  const extra = [
    ...(await contactAddresses.puts(objectId, addressId, input.address, actor, opts.source)).actions,
    ...(await contactPhones.puts(objectId, phoneId, input.phone, actor, opts.source)).actions,
    ...(input.email && emailId !== undefined ? (await contactEmails.puts(objectId, emailId, input.email, actor, opts.source)).actions : []),
    ...(opts.extra ?? []),
  ];
  try {
    await createEntity(
      contactDef,
      {
        firstName: input.firstName,
        middleName: input.middleName,
        lastName: input.lastName,
        suffix: input.suffix,
        identifier: input.identifier,
        role: input.role,
        status: NEW_CONTACT_STATUS,
        businessEntityRef: input.businessEntity?.objectId ?? null,
      },
      { actor, extra, ...(opts.source ? { source: opts.source } : {}) },
      { objectId },
    );
  } catch (e) {
    // The sub-records' ids are fresh: only a reused Contact Id (or the caller's own action) can fail its condition.
    if (e instanceof ConflictError && opts.extra?.length) throw e;
    if (e instanceof ConflictError) throw new ConflictError(MSG.contactIdTaken);
    throw e;
  }
  return {
    objectId,
    address: { objectId: addressId },
    phone: { objectId: phoneId },
    ...(emailId !== undefined ? { email: { objectId: emailId } } : {}),
  };
}

/** PUT Update?id: the contact's fields (status absent: unchanged), if `version` is still the stored one. */
export async function updateContact(id: number, input: ContactUpdateInput, actor: Actor): Promise<Contact> {
  const ref = input.businessEntity?.objectId ?? null;
  if (ref !== null) {
    const current = await requireEntity(contactDef, id);
    if (current.businessEntityRef !== ref) await requireBusinessEntity(ref);
  }
  const stored = await updateEntity(
    contactDef,
    id,
    input.version,
    {
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      suffix: input.suffix,
      identifier: input.identifier,
      role: input.role,
      businessEntityRef: ref,
      ...(input.status ? { status: input.status as ContactStatus } : {}),
    },
    { actor },
  );
  return toContact(stored, await businessEntityLink(stored.businessEntityRef));
}
