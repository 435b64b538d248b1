import { toTransferDate } from '@eb/shared/formats';
import { changeLogPut, diffFields, type Actor, type FieldDiff, type LogEntity, type LogParent } from './change-log';
import type { Item, TransactItem } from './db';
import { table } from './db';
import { ConflictError } from './errors';
import { feedAttributes, nextSeq } from './feed';

/**
 * The one write path of versioned records (ARCHITECTURE "Data"): every create, update and delete
 * of an entity (entity.ts) or of a child record (child-records.ts) is built here as the actions of
 * ONE TransactWriteItems: the item, conditional on the version read, and its change-log event.
 * The callers add what else belongs in the same transaction (uniqueness items, a child's parent
 * pointer, the children of a new parent) and send it.
 */
export interface VersionedKind<T extends object> {
  /** change-log entity */
  entity: LogEntity;
  /** the fields whose changes are logged (and compared), in the form's order */
  fields: readonly (keyof T & string)[];
  /**
   * the list-engine type whose change feed the writes are stamped for; such records are deleted as
   * tombstones (the feed must see the delete). Records no list follows are deleted outright.
   */
  listType?: string;
  /** the prefix of the fields' names in the change log ('c.participant'); none when absent or '' */
  fieldPrefix?: string;
  /** extra attributes to store with the item (secondary index keys, the parent's id, ...) */
  attributes?(record: T): Record<string, unknown>;
  /**
   * The record as users know it (a user's name, a territory's code, a phone number): the change
   * log names the record by it instead of its internal number. Taken from the record as written.
   */
  label?(record: T): string | null | undefined;
  /** fields whose change the log shows in parts (an account's volume: the months that changed) */
  logParts?: Partial<Record<keyof T & string, FieldDiff>>;
}

export interface Meta {
  version: number;
  seq?: number;
  created: string;
  updated: string;
  createdBy: number | null;
  updatedBy: number | null;
  deleted?: boolean;
}
export type Stored<T> = T & Meta & { pk: string; sk: string };

export interface WriteContext {
  actor: Actor;
  parent?: { type: LogParent; id: number };
  /** more actions for the same transaction (uniqueness items, related records) */
  extra?: TransactItem[];
  /** where the change came from when not from a screen: its log names it ('Upload batch 12') */
  source?: string;
}

/** A prepared write: the item as it will be stored and the transaction's actions. */
export interface Write<T> {
  item: Stored<T>;
  actions: TransactItem[];
}

/** Only the kind's own fields of `data`, in the order of `kind.fields` (undefined: left out). */
export function pickFields<T extends object>(kind: VersionedKind<T>, data: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const f of kind.fields) if (data[f] !== undefined) out[f] = data[f];
  return out;
}

const stamp = async (kind: VersionedKind<never>, id: number) =>
  kind.listType ? feedAttributes(kind.listType, id, await nextSeq(kind.listType)) : {};

const logOf = <T extends object>(kind: VersionedKind<T>, ctx: WriteContext, record: T) => {
  const entityName = kind.label?.(record)?.trim();
  return {
    entity: kind.entity,
    parent: ctx.parent,
    actor: ctx.actor,
    ...(ctx.source ? { source: ctx.source } : {}),
    ...(kind.fieldPrefix ? { fieldPrefix: kind.fieldPrefix } : {}),
    ...(entityName ? { entityName } : {}),
  };
};

/** A new record under `key` (its objectId `id`), written only if the key is free, with its 'added' event. */
export async function prepareCreate<T extends { objectId: number }>(
  kind: VersionedKind<T>,
  key: { pk: string; sk: string },
  data: Omit<T, 'objectId'>,
  id: number,
  ctx: WriteContext,
): Promise<Write<T>> {
  const now = toTransferDate(new Date());
  const record = { ...pickFields(kind, data as Partial<T>), objectId: id } as T;
  const item = {
    ...key,
    ...record,
    ...(kind.attributes?.(record) ?? {}),
    ...(await stamp(kind as VersionedKind<never>, id)),
    version: 1,
    created: now,
    updated: now,
    createdBy: ctx.actor.objectId,
    updatedBy: ctx.actor.objectId,
  } as unknown as Stored<T>;
  return {
    item,
    actions: [
      { Put: { TableName: table(), Item: item as unknown as Item, ConditionExpression: 'attribute_not_exists(pk)' } },
      changeLogPut({ action: 'added', entityId: id, ...logOf(kind, ctx, record) }),
      ...(ctx.extra ?? []),
    ],
  };
}

/**
 * The update of `current` to the fields given in `patch`, if its version is still `expectedVersion`
 * (409 otherwise). Undefined when no field changes and nothing else is to be written.
 */
export async function prepareUpdate<T extends { objectId: number }>(
  kind: VersionedKind<T>,
  current: Stored<T>,
  expectedVersion: number,
  patch: Partial<T>,
  ctx: WriteContext,
): Promise<Write<T> | undefined> {
  if (current.version !== expectedVersion) throw new ConflictError();
  const next = { ...current, ...pickFields(kind, patch), objectId: current.objectId } as Stored<T>;
  const changes = diffFields(current as T, next as T, kind.fields, kind.logParts);
  if (changes.length === 0 && !ctx.extra?.length) return undefined;
  const item = {
    ...next,
    ...(kind.attributes?.(next) ?? {}),
    ...(await stamp(kind as VersionedKind<never>, current.objectId)),
    version: current.version + 1,
    updated: toTransferDate(new Date()),
    updatedBy: ctx.actor.objectId,
  } as Stored<T>;
  return {
    item,
    actions: [
      {
        Put: {
          TableName: table(),
          Item: item as unknown as Item,
          ConditionExpression: 'version = :v AND attribute_not_exists(deleted)',
          ExpressionAttributeValues: { ':v': expectedVersion },
        },
      },
      changeLogPut({ action: 'updated', entityId: current.objectId, changes, ...logOf(kind, ctx, next as T) }),
      ...(ctx.extra ?? []),
    ],
  };
}

/**
 * The delete of `current` (if its version is still `expectedVersion`, when given; and in any case
 * if it did not change since it was read) with its 'deleted' event: a tombstone (the key, the feed
 * stamp, deleted: true) for a listed kind, else the item's removal.
 */
export async function prepareDelete<T extends { objectId: number }>(
  kind: VersionedKind<T>,
  current: Stored<T>,
  expectedVersion: number | undefined,
  ctx: WriteContext,
): Promise<TransactItem[]> {
  if (expectedVersion !== undefined && current.version !== expectedVersion) throw new ConflictError();
  const id = current.objectId;
  const condition = { ConditionExpression: 'version = :v AND attribute_not_exists(deleted)', ExpressionAttributeValues: { ':v': current.version } };
  const write: TransactItem = kind.listType
    ? {
        Put: {
          TableName: table(),
          Item: {
            pk: current.pk,
            sk: current.sk,
            objectId: id,
            ...(await stamp(kind as VersionedKind<never>, id)),
            deleted: true,
            version: current.version + 1,
            updated: toTransferDate(new Date()),
            updatedBy: ctx.actor.objectId,
          },
          ...condition,
        },
      }
    : { Delete: { TableName: table(), Key: { pk: current.pk, sk: current.sk }, ...condition } };
  return [write, changeLogPut({ action: 'deleted', entityId: id, ...logOf(kind, ctx, current as T) }), ...(ctx.extra ?? [])];
}
