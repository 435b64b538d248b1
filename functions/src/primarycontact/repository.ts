import type { BusinessEntity } from '@eb/shared/businessentity/schemas';
import { MSG } from '@eb/shared/messages';
import type { PagedResult } from '@eb/shared/paging';
import {
  CONTACT_ADDRESSES,
  CONTACT_DEFAULT_SORT,
  CONTACT_EMAILS,
  CONTACT_PHONES,
  CONTACT_FIELDS,
  NEW_CONTACT_STATUS,
  statusOfRef,
  type ContactCreateInput,
  type ContactListInput,
  type ContactStatus,
  type ContactUpdateInput,
  type PrimaryContact,
  type PrimaryContactCreated,
  type PrimaryContactReferenceData,
  type PrimaryContactRow,
} from '@eb/shared/primarycontact/schemas';
import type { Actor, ChangeLogEntry } from '../lib/change-log';
import { parentChangeLogs } from '../lib/child-records';
import { getItem, keys, nextId } from '../lib/db';
import { createEntity, requireEntity, updateEntity, type EntityDef, type Stored } from '../lib/entity';
import { BadRequestError, ConflictError } from '../lib/errors';
import { listEngine, pageParams, searchWords, type ListSpec } from '../lib/list-engine';
import { businessEntityLink, loadBusinessEntities, requireBusinessEntity, type BusinessEntityView } from './business-entities';
import { contactAddresses, contactEmails, contactParent, contactPhones } from './children';

/**
 * Primary contacts (spec 3 "Contact Entity Management", spec 2 "Primary contact resource"):
 * versioned entities (type 'primaryContact', key PCONTACT#objectId) with their change log, listed
 * through the generic list engine. The Contact Id the screens show is the objectId, reserved from
 * the atomic counter by Generate (or by Create when none was reserved).
 *
 * The contact stores its business entity as a reference only (`businessEntityRef`, the entity's
 * objectId); lists resolve its Business Entity ID and Legal Name at query time (see
 * business-entities.ts), so a renamed business entity shows its new name at once.
 */
interface ContactRecord {
  objectId: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  identifier: string | null;
  role: string | null;
  status: ContactStatus;
  /** the business entity's objectId, or null */
  businessEntityRef: number | null;
}

export const contactDef: EntityDef<ContactRecord> = {
  type: 'primaryContact',
  key: keys.primaryContact,
  idCounter: 'primaryContact',
  fields: CONTACT_FIELDS,
};

const textOrNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const numberOrNull = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));

/** A contact as the list engine keeps it: its own fields, plus its search text and words. */
export type ContactListRow = ContactRecord & {
  version: number;
  /** lower-case: contact id, names, identifier */
  text: string;
  /** the words of `text` (the keyword's word-prefix match when a business entity is involved) */
  words: string[];
};

function toListRow(stored: Record<string, unknown>): ContactListRow {
  const row = {
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
  const text = [row.objectId, row.firstName, row.middleName, row.lastName, row.suffix, row.identifier]
    .filter((v) => v !== null && v !== '')
    .join(' ')
    .toLowerCase();
  return { ...row, text, words: [...new Set(searchWords(text))] };
}

/**
 * The contacts' list. Sorting by the business entity's columns (businessEntityId, legalName) is not
 * among the engine's cached orders: those values belong to another record and change without the
 * contact changing, so they are sorted at query time (see listContacts).
 */
export const contactListSpec: ListSpec<ContactListRow> = {
  type: contactDef.type,
  project: toListRow,
  id: (r) => r.objectId,
  searchText: (r) => r.text,
  sortKeys: {
    contactId: (r) => r.objectId,
    firstName: (r) => r.firstName,
    lastName: (r) => r.lastName,
    role: (r) => r.role,
    identifier: (r) => r.identifier,
  },
  defaultSort: CONTACT_DEFAULT_SORT,
};

export const contacts = () => listEngine(contactListSpec);

function toContact(stored: Stored<ContactRecord> | Record<string, unknown>, businessEntity: PrimaryContact['businessEntity']): PrimaryContact {
  const r = toListRow(stored as Record<string, unknown>);
  return {
    objectId: r.objectId,
    contactId: r.objectId,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    suffix: r.suffix,
    identifier: r.identifier,
    role: r.role,
    status: r.status,
    businessEntity,
    version: r.version,
  };
}

function toRow(r: ContactListRow, be: BusinessEntity | undefined): PrimaryContactRow {
  return {
    objectId: r.objectId,
    contactId: r.objectId,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    suffix: r.suffix,
    identifier: r.identifier,
    role: r.role,
    status: r.status,
    businessEntityObjectId: r.businessEntityRef,
    businessEntityId: be?.businessEntityId ?? null,
    legalName: be?.legalName ?? null,
    version: r.version,
  };
}

// ---- reads ----------------------------------------------------------------------------------------

export async function getContact(id: number): Promise<PrimaryContact> {
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

/** The contact must exist (404) before a sub-record is added to or listed for it. */
export async function requireContact(id: number): Promise<void> {
  await requireEntity(contactDef, id);
}

/** The words of a keyword as the list engine splits them (fullText: whitespace only). */
function keywordWords(keyword: string | null | undefined, fullText: boolean): string[] {
  const k = (keyword ?? '').toLowerCase();
  return fullText ? k.trim().split(/\s+/).filter(Boolean) : searchWords(k);
}

const BE_SORT_FIELDS = { businessentityid: 'businessEntityId', legalname: 'legalName' } as const;

/**
 * POST GetList: filter by status, keyword search, sort, page and exact count, through the list
 * engine (read-your-writes). The keyword's words must each start a word of the contact id, the
 * names, the identifier, or the business entity's id or legal name (with fullText: occur in them).
 *
 * The business entity's values are joined at query time from its own list engine:
 * - when no keyword word matches any business entity, the keyword goes to the engine's word index
 *   as is (the contact's own text);
 * - otherwise each row matches word by word: in its own words, or by its business entity being
 *   one that matches the word (a scan of the projection, still in memory);
 * - sorting by businessEntityId or legalName sorts the matching rows by the current values.
 */
export async function listContacts(body: ContactListInput, query: Record<string, string | undefined>): Promise<PagedResult<PrimaryContactRow>> {
  const page = pageParams(query);
  const engine = contacts();
  const [entities] = await Promise.all([loadBusinessEntities(), engine.refresh()]);
  const status = statusOfRef(body.statusRef);
  const fullText = body.fullText === true;
  const words = keywordWords(body.keyword, fullText);

  let keyword: string | undefined = words.length ? (body.keyword ?? undefined) : undefined;
  let filter: ((r: ContactListRow) => boolean) | undefined = status ? (r) => r.status === status : undefined;
  if (words.length) {
    const hits = words.map((w) => entities.matching(w, fullText));
    if (hits.some((h) => h.size > 0)) {
      keyword = undefined;
      const own = fullText ? (r: ContactListRow, w: string) => r.text.includes(w) : (r: ContactListRow, w: string) => r.words.some((t) => t.startsWith(w));
      filter = (r) =>
        (!status || r.status === status) &&
        words.every((w, i) => own(r, w) || (r.businessEntityRef !== null && hits[i]!.has(r.businessEntityRef)));
    }
  }

  const [field = '', dir = 'Ascending'] = (page.orderBy ?? '').trim().split(/\s+/);
  const beField = BE_SORT_FIELDS[field.toLowerCase() as keyof typeof BE_SORT_FIELDS];
  if (!beField) {
    const result = engine.queryLoaded({ ...page, filter, keyword, fullText });
    const shown = entities.byIds(result.data.flatMap((r) => (r.businessEntityRef === null ? [] : [r.businessEntityRef])));
    return { data: result.data.map((r) => toRow(r, shown.get(r.businessEntityRef ?? -1))), totalCount: result.totalCount };
  }
  return sortedByBusinessEntity(engine.queryLoaded({ filter, keyword, fullText, limit: Number.POSITIVE_INFINITY, getTotalCount: true }).data, {
    entities,
    field: beField,
    desc: dir.toLowerCase() === 'descending',
    skip: page.skip ?? 0,
    limit: page.limit ?? 100,
    getTotalCount: page.getTotalCount !== false,
  });
}

/** Sort matching rows by a business entity column (ascending: empty values last; ties by contact id). */
function sortedByBusinessEntity(
  rows: ContactListRow[],
  o: { entities: BusinessEntityView; field: 'businessEntityId' | 'legalName'; desc: boolean; skip: number; limit: number; getTotalCount: boolean },
): PagedResult<PrimaryContactRow> {
  const all = o.entities.all();
  const value = (r: ContactListRow): string | number | null => {
    const be = r.businessEntityRef === null ? undefined : all.get(r.businessEntityRef);
    if (!be) return null;
    return o.field === 'legalName' ? be.legalName.toLowerCase() : be.businessEntityId;
  };
  const keyed = rows.map((r) => ({ r, v: value(r) }));
  keyed.sort((a, b) => {
    if (a.v === b.v) return a.r.objectId - b.r.objectId;
    if (a.v === null) return 1;
    if (b.v === null) return -1;
    return a.v < b.v ? -1 : 1;
  });
  if (o.desc) keyed.reverse();
  const data = keyed.slice(o.skip, o.skip + o.limit).map(({ r }) => toRow(r, r.businessEntityRef === null ? undefined : all.get(r.businessEntityRef)));
  return { data, totalCount: o.getTotalCount ? rows.length : -1 };
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
 * four 'added' events, in ONE transaction. Answers the new objectIds.
 */
export async function createContact(input: ContactCreateInput, actor: Actor): Promise<PrimaryContactCreated> {
  if (input.businessEntity) await requireBusinessEntity(input.businessEntity.objectId);
  if (input.objectId !== undefined) await assertGenerated(input.objectId);
  const objectId = input.objectId ?? (await generateContactId());
  const [addressId, phoneId, emailId] = await Promise.all([
    contactAddresses.nextId(),
    contactPhones.nextId(),
    input.email ? contactEmails.nextId() : Promise.resolve(undefined),
  ]);
  const extra = [
    ...(await contactAddresses.puts(objectId, addressId, input.address, actor)).actions,
    ...(await contactPhones.puts(objectId, phoneId, input.phone, actor)).actions,
    ...(input.email && emailId !== undefined ? (await contactEmails.puts(objectId, emailId, input.email, actor)).actions : []),
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
      { actor, extra },
      { objectId },
    );
  } catch (e) {
    // The sub-records' ids are fresh: only a reused Contact Id can fail its condition.
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
export async function updateContact(id: number, input: ContactUpdateInput, actor: Actor): Promise<PrimaryContact> {
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
