import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PagedResult } from '@eb/shared/paging';
import {
  ADDRESS_DEFAULT_SORT,
  ADDRESS_FIELDS,
  ADDRESS_SORT_FIELDS,
  EMAIL_DEFAULT_SORT,
  EMAIL_FIELDS,
  EMAIL_SORT_FIELDS,
  PHONE_DEFAULT_SORT,
  PHONE_FIELDS,
  PHONE_SORT_FIELDS,
  type AddressFields,
  type ContactAddress,
  type ContactEmail,
  type ContactPhone,
  type EmailFields,
  type PhoneFields,
} from '@eb/shared/primarycontact/schemas';
import { toTransferDate } from '@eb/shared/validation';
import { dynamo } from '../lib/aws';
import { changeLogPut, diffFields, type Actor } from '../lib/change-log';
import { batchGet, getItem, keys, nextId, table, transact, type Item, type TransactItem } from '../lib/db';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { pageParams } from '../lib/list-engine';

/**
 * The addresses, phones and emails of a primary contact (spec 2 "Primary contact sub-rows").
 *
 * Storage: each sub-record lives in its contact's partition (pk PCONTACT#contactId, sk
 * ADDRESS#id / PHONE#id / EMAIL#id), so the records of one contact are listed by one strongly
 * consistent Query of that partition: a handful of items, read-your-writes for free. They are not
 * served by the list engine (nothing lists sub-records across contacts) and carry no feed stamp.
 * A small item PCADDRESS#id (PCPHONE#, PCEMAIL#), written once with the record, names its contact,
 * so that the by-id calls (Update?id, Delete [{objectId}]) find the partition.
 *
 * Every write is versioned and goes in one transaction with its change-log event, logged under the
 * contact (parent { type: 'primaryContact', id }), so the contact's ChangeLogs include them.
 */
export type SubRecordKind = 'address' | 'phone' | 'email';
type KeyKind = 'ADDRESS' | 'PHONE' | 'EMAIL';

interface KindDef<F extends object> {
  keyKind: KeyKind;
  /** the objectId counter */
  counter: string;
  fields: readonly (keyof F & string)[];
  sortFields: readonly string[];
  defaultSort: { field: string; direction: 'Ascending' | 'Descending' };
}

const KINDS: { address: KindDef<AddressFields>; phone: KindDef<PhoneFields>; email: KindDef<EmailFields> } = {
  address: { keyKind: 'ADDRESS', counter: 'primaryContactAddress', fields: ADDRESS_FIELDS, sortFields: ADDRESS_SORT_FIELDS, defaultSort: ADDRESS_DEFAULT_SORT },
  phone: { keyKind: 'PHONE', counter: 'primaryContactPhone', fields: PHONE_FIELDS, sortFields: PHONE_SORT_FIELDS, defaultSort: PHONE_DEFAULT_SORT },
  email: { keyKind: 'EMAIL', counter: 'primaryContactEmail', fields: EMAIL_FIELDS, sortFields: EMAIL_SORT_FIELDS, defaultSort: EMAIL_DEFAULT_SORT },
};

export interface SubRecordTypes {
  address: { fields: AddressFields; record: ContactAddress };
  phone: { fields: PhoneFields; record: ContactPhone };
  email: { fields: EmailFields; record: ContactEmail };
}
type FieldsOf<K extends SubRecordKind> = SubRecordTypes[K]['fields'];
type RecordOf<K extends SubRecordKind> = SubRecordTypes[K]['record'];

const def = <K extends SubRecordKind>(kind: K) => KINDS[kind] as unknown as KindDef<FieldsOf<K>>;

/** The stored item as the API answers it: the fields (empty is null), objectId, version, its contact. */
function toRecord<K extends SubRecordKind>(kind: K, item: Item): RecordOf<K> {
  const out: Record<string, unknown> = {};
  for (const f of def(kind).fields) {
    const v = item[f];
    out[f] = v === undefined || v === '' ? null : v;
  }
  return {
    ...out,
    objectId: Number(item.objectId),
    version: Number(item.version ?? 1),
    primaryContact: { objectId: Number(item.primaryContactId) },
  } as unknown as RecordOf<K>;
}

function pickFields<K extends SubRecordKind>(kind: K, fields: FieldsOf<K>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def(kind).fields) out[f] = (fields as Record<string, unknown>)[f] ?? null;
  return out;
}

/** Reserve the objectId of a new sub-record. */
export const nextSubRecordId = (kind: SubRecordKind): Promise<number> => nextId(def(kind).counter);

/**
 * The actions creating a sub-record: the record, its parent pointer and its 'added' event. For the
 * caller's transaction (AddressAdd, or the contact's Create).
 */
export function subRecordPuts<K extends SubRecordKind>(kind: K, contactId: number, id: number, fields: FieldsOf<K>, actor: Actor): TransactItem[] {
  const d = def(kind);
  const now = toTransferDate(new Date());
  const item: Item = {
    ...keys.primaryContactChild(contactId, d.keyKind, id),
    ...pickFields(kind, fields),
    objectId: id,
    primaryContactId: contactId,
    version: 1,
    created: now,
    updated: now,
    createdBy: actor.objectId,
    updatedBy: actor.objectId,
  };
  return [
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...keys.primaryContactChildParent(d.keyKind, id), primaryContactId: contactId } } },
    changeLogPut({ action: 'added', entity: kind, entityId: id, parent: { type: 'primaryContact', id: contactId }, actor }),
  ];
}

/** AddressAdd / PhoneAdd / EmailAdd (the contact's existence is the caller's check). */
export async function addSubRecord<K extends SubRecordKind>(kind: K, contactId: number, fields: FieldsOf<K>, actor: Actor): Promise<RecordOf<K>> {
  const id = await nextSubRecordId(kind);
  const puts = subRecordPuts(kind, contactId, id, fields, actor);
  await transact(puts);
  return toRecord(kind, (puts[0]!.Put!.Item ?? {}) as Item);
}

/** The contact a sub-record belongs to, or undefined. */
async function contactOf(kind: SubRecordKind, id: number): Promise<number | undefined> {
  const ref = await getItem<{ primaryContactId: number }>(keys.primaryContactChildParent(def(kind).keyKind, id));
  return ref ? Number(ref.primaryContactId) : undefined;
}

/** AddressUpdate / PhoneUpdate / EmailUpdate?id: the fields, if `version` is still the stored one (409 otherwise). */
export async function updateSubRecord<K extends SubRecordKind>(
  kind: K,
  id: number,
  version: number,
  fields: FieldsOf<K>,
  actor: Actor,
): Promise<RecordOf<K>> {
  const d = def(kind);
  const contactId = await contactOf(kind, id);
  const current = contactId === undefined ? undefined : await getItem<Item>(keys.primaryContactChild(contactId, d.keyKind, id));
  if (contactId === undefined || !current) throw new NotFoundError();
  if (Number(current.version) !== version) throw new ConflictError();
  const next: Item = { ...current, ...pickFields(kind, fields) };
  const changes = diffFields(current, next, d.fields as readonly string[]);
  if (changes.length === 0) return toRecord(kind, current);
  const item: Item = { ...next, version: version + 1, updated: toTransferDate(new Date()), updatedBy: actor.objectId };
  await transact([
    {
      Put: {
        TableName: table(),
        Item: item,
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': version },
      },
    },
    changeLogPut({ action: 'updated', entity: kind, entityId: id, parent: { type: 'primaryContact', id: contactId }, actor, changes }),
  ]);
  return toRecord(kind, item);
}

/**
 * AddressDelete / PhoneDelete / EmailDelete: every listed record, with its 'deleted' event, in ONE
 * transaction (two actions each; the body holds at most CONTACT_DELETE_MAX, distinct). 404 when one
 * does not exist; 409 when one was changed since it was read (its version, when sent, or any
 * change between this call's read and its write). Nothing is deleted unless all are.
 */
export async function deleteSubRecords(kind: SubRecordKind, list: readonly { objectId: number; version?: number }[], actor: Actor): Promise<void> {
  const d = def(kind);
  const refs = await batchGet(list.map((x) => keys.primaryContactChildParent(d.keyKind, x.objectId)));
  const contactOfId = new Map(refs.map((r) => [Number(String(r.pk).slice(`PC${d.keyKind}#`.length)), Number(r.primaryContactId)]));
  if (list.some((x) => !contactOfId.has(x.objectId))) throw new NotFoundError();
  const items = await batchGet(list.map((x) => keys.primaryContactChild(contactOfId.get(x.objectId)!, d.keyKind, x.objectId)));
  const byId = new Map(items.map((i) => [Number(i.objectId), i]));
  const actions: TransactItem[] = [];
  for (const x of list) {
    const current = byId.get(x.objectId);
    if (!current) throw new NotFoundError();
    if (x.version !== undefined && Number(current.version) !== x.version) throw new ConflictError();
    const contactId = contactOfId.get(x.objectId)!;
    actions.push(
      {
        Delete: {
          TableName: table(),
          Key: keys.primaryContactChild(contactId, d.keyKind, x.objectId),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': Number(current.version) },
        },
      },
      changeLogPut({ action: 'deleted', entity: kind, entityId: x.objectId, parent: { type: 'primaryContact', id: contactId }, actor }),
    );
  }
  await transact(actions);
}

/** Every sub-record of a kind of one contact (strongly consistent Query of its partition). */
export async function allSubRecords<K extends SubRecordKind>(kind: K, contactId: number): Promise<RecordOf<K>[]> {
  const d = def(kind);
  const out: RecordOf<K>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :k)',
        ExpressionAttributeValues: { ':p': keys.primaryContact(contactId).pk, ':k': `${d.keyKind}#` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of r.Items ?? []) out.push(toRecord(kind, item));
    start = r.LastEvaluatedKey;
  } while (start);
  return sortRecords(kind, out, undefined);
}

/** Sort by an allowed field ('field Ascending|Descending'; default the kind's), ties by objectId; empty values last. */
function sortRecords<K extends SubRecordKind>(kind: K, rows: RecordOf<K>[], orderBy: string | undefined): RecordOf<K>[] {
  const d = def(kind);
  const raw = (orderBy ?? `${d.defaultSort.field} ${d.defaultSort.direction}`).trim();
  const [name = '', dir = 'Ascending'] = raw.split(/\s+/);
  const field = d.sortFields.find((f) => f.toLowerCase() === name.toLowerCase());
  if (!field) throw badSort(name);
  const desc = dir.toLowerCase() === 'descending';
  const value = (r: RecordOf<K>) => {
    const v = (r as unknown as Record<string, unknown>)[field];
    return v === null || v === undefined || v === '' ? null : String(v).toLowerCase();
  };
  const sorted = [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === vb) return a.objectId - b.objectId;
    if (va === null) return 1;
    if (vb === null) return -1;
    return va < vb ? -1 : 1;
  });
  return desc ? sorted.reverse() : sorted;
}

const badSort = (field: string) => new BadRequestError(`Cannot sort by ${field}`, { orderBy: `Cannot sort by ${field}` });

/** GetAddressList / GetPhoneList / GetEmailList: one page of a contact's records with the total. */
export async function listSubRecords<K extends SubRecordKind>(
  kind: K,
  contactId: number,
  query: Record<string, string | undefined>,
): Promise<PagedResult<RecordOf<K>>> {
  const page = pageParams(query);
  const all = await allSubRecords(kind, contactId);
  const sorted = sortRecords(kind, all, page.orderBy);
  const skip = page.skip ?? 0;
  return { data: sorted.slice(skip, skip + (page.limit ?? sorted.length)), totalCount: page.getTotalCount === false ? -1 : sorted.length };
}
