import { toTransferDate } from '@eb/shared/validation';
import { changeLogPut, diffFields, type Actor, type LogEntity, type LogParent } from './change-log';
import { getItem, nextId, table, transact, type Item, type TransactItem } from './db';
import { ConflictError, NotFoundError } from './errors';
import { feedAttributes, nextSeq } from './feed';

/**
 * Versioned entities: every create, update and delete writes the item, stamped for the list
 * engine's feed, together with its change-log event in one transaction. An update names the
 * version it read; a stale one answers 409 and changes nothing.
 */
export interface EntityDef<T extends { objectId: number }> {
  /** change-log entity and list type */
  type: LogEntity;
  key(id: number): { pk: string; sk: string };
  /** counter of objectIds */
  idCounter: string;
  /** the fields whose changes are logged (and compared) */
  fields: readonly (keyof T & string)[];
  /** extra attributes to store with the item (secondary index keys, ...) */
  indexAttributes?(item: T): Record<string, unknown>;
}

export interface Meta {
  version: number;
  seq: number;
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
}

/** Only the entity's own fields, in the order of `def.fields`. */
function pick<T extends { objectId: number }>(def: EntityDef<T>, data: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const f of def.fields) if (data[f] !== undefined) out[f] = data[f];
  return out;
}

export async function getEntity<T extends { objectId: number }>(def: EntityDef<T>, id: number): Promise<Stored<T> | undefined> {
  const item = await getItem<Stored<T>>(def.key(id));
  return item && !item.deleted ? item : undefined;
}

export async function requireEntity<T extends { objectId: number }>(def: EntityDef<T>, id: number): Promise<Stored<T>> {
  const item = await getEntity(def, id);
  if (!item) throw new NotFoundError();
  return item;
}

export async function createEntity<T extends { objectId: number }>(
  def: EntityDef<T>,
  data: Omit<T, 'objectId'>,
  ctx: WriteContext,
  opts: { objectId?: number } = {},
): Promise<Stored<T>> {
  const objectId = opts.objectId ?? (await nextId(def.idCounter));
  const seq = await nextSeq(def.type);
  const now = toTransferDate(new Date());
  const entity = { ...pick(def, data as Partial<T>), objectId } as T;
  const item = {
    ...def.key(objectId),
    ...entity,
    ...(def.indexAttributes?.(entity) ?? {}),
    ...feedAttributes(def.type, objectId, seq),
    version: 1,
    created: now,
    updated: now,
    createdBy: ctx.actor.objectId,
    updatedBy: ctx.actor.objectId,
  } as unknown as Stored<T>;
  await transact([
    { Put: { TableName: table(), Item: item as unknown as Item, ConditionExpression: 'attribute_not_exists(pk)' } },
    changeLogPut({ action: 'added', entity: def.type, entityId: objectId, parent: ctx.parent, actor: ctx.actor }),
    ...(ctx.extra ?? []),
  ]);
  return item;
}

/**
 * Update to the fields given in `patch`, if the stored version is still `expectedVersion`.
 * Unchanged fields write nothing; the answer is the stored entity after the update.
 */
export async function updateEntity<T extends { objectId: number }>(
  def: EntityDef<T>,
  id: number,
  expectedVersion: number,
  patch: Partial<T>,
  ctx: WriteContext,
): Promise<Stored<T>> {
  const current = await requireEntity(def, id);
  if (current.version !== expectedVersion) throw new ConflictError();
  const next = { ...current, ...pick(def, patch), objectId: id } as Stored<T>;
  const changes = diffFields(current as T, next as T, def.fields);
  if (changes.length === 0 && !ctx.extra?.length) return current;
  const seq = await nextSeq(def.type);
  const item = {
    ...next,
    ...(def.indexAttributes?.(next) ?? {}),
    ...feedAttributes(def.type, id, seq),
    version: current.version + 1,
    updated: toTransferDate(new Date()),
    updatedBy: ctx.actor.objectId,
  } as Stored<T>;
  await transact([
    {
      Put: {
        TableName: table(),
        Item: item as unknown as Item,
        ConditionExpression: 'version = :v AND attribute_not_exists(deleted)',
        ExpressionAttributeValues: { ':v': expectedVersion },
      },
    },
    changeLogPut({ action: 'updated', entity: def.type, entityId: id, parent: ctx.parent, actor: ctx.actor, changes }),
    ...(ctx.extra ?? []),
  ]);
  return item;
}

/** Delete as a tombstone (the key, the feed stamp, deleted: true) with its change-log event. */
export async function deleteEntity<T extends { objectId: number }>(
  def: EntityDef<T>,
  id: number,
  expectedVersion: number | undefined,
  ctx: WriteContext,
): Promise<void> {
  const current = await requireEntity(def, id);
  if (expectedVersion !== undefined && current.version !== expectedVersion) throw new ConflictError();
  const seq = await nextSeq(def.type);
  const tombstone = {
    ...def.key(id),
    objectId: id,
    ...feedAttributes(def.type, id, seq),
    deleted: true,
    version: current.version + 1,
    updated: toTransferDate(new Date()),
    updatedBy: ctx.actor.objectId,
  };
  await transact([
    {
      Put: {
        TableName: table(),
        Item: tombstone,
        ConditionExpression: 'version = :v AND attribute_not_exists(deleted)',
        ExpressionAttributeValues: { ':v': current.version },
      },
    },
    changeLogPut({ action: 'deleted', entity: def.type, entityId: id, parent: ctx.parent, actor: ctx.actor }),
    ...(ctx.extra ?? []),
  ]);
}

/** The acting user as the change log names them. */
export function actorOf(user: { objectId: number; firstName: string; lastName: string }): Actor {
  return { objectId: user.objectId, name: `${user.firstName} ${user.lastName}`.trim() };
}
