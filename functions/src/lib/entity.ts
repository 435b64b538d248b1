import type { Actor, LogEntity } from './change-log';
import { getItem, nextId, transact, type TransactItem } from './db';
import { NotFoundError } from './errors';
import { prepareCreate, prepareDelete, prepareUpdate, type Stored, type VersionedKind, type WriteContext } from './versioned';

export type { Meta, Stored, WriteContext } from './versioned';

/**
 * Versioned entities: every create, update and delete writes the item, stamped for the list
 * engine's feed, together with its change-log event in one transaction (the write path of
 * versioned.ts, shared with child records). An update names the version it read; a stale one
 * answers 409 and changes nothing.
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
  /** the record as users know it, for the change log (VersionedKind.label) */
  label?(item: T): string | null | undefined;
  /** fields whose change the log shows in parts (VersionedKind.logParts) */
  logParts?: VersionedKind<T>['logParts'];
}

/** An entity is a versioned kind stamped for its own list's feed (deleted as a tombstone). */
const kindOf = <T extends { objectId: number }>(def: EntityDef<T>): VersionedKind<T> => ({
  entity: def.type,
  fields: def.fields,
  listType: def.type,
  attributes: def.indexAttributes,
  label: def.label,
  logParts: def.logParts,
});

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
  const write = await prepareEntityCreate(def, data, ctx, opts);
  await transact(write.actions);
  return write.item;
}

/** The writes of createEntity, not committed: for a caller that creates two records in one transaction. */
export async function prepareEntityCreate<T extends { objectId: number }>(
  def: EntityDef<T>,
  data: Omit<T, 'objectId'>,
  ctx: WriteContext,
  opts: { objectId?: number } = {},
): Promise<{ item: Stored<T>; actions: TransactItem[] }> {
  const objectId = opts.objectId ?? (await nextId(def.idCounter));
  return prepareCreate(kindOf(def), def.key(objectId), data, objectId, ctx);
}

/**
 * Update to the fields given in `patch`, if the stored version is still `expectedVersion`.
 * Unchanged fields write nothing; the answer is the stored entity after the update. `read`: the
 * record as the caller has just read it (not read again).
 */
export async function updateEntity<T extends { objectId: number }>(
  def: EntityDef<T>,
  id: number,
  expectedVersion: number,
  patch: Partial<T>,
  ctx: WriteContext,
  read?: Stored<T>,
): Promise<Stored<T>> {
  const current = read ?? (await requireEntity(def, id));
  const write = await prepareUpdate(kindOf(def), current, expectedVersion, patch, ctx);
  if (!write) return current;
  await transact(write.actions);
  return write.item;
}

/** Delete as a tombstone (the key, the feed stamp, deleted: true) with its change-log event (`read`: as for updateEntity). */
export async function deleteEntity<T extends { objectId: number }>(
  def: EntityDef<T>,
  id: number,
  expectedVersion: number | undefined,
  ctx: WriteContext,
  read?: Stored<T>,
): Promise<void> {
  const current = read ?? (await requireEntity(def, id));
  await transact(await prepareDelete(kindOf(def), current, expectedVersion, ctx));
}

/** The acting user as the change log names them. */
export function actorOf(user: { objectId: number; firstName: string; lastName: string }): Actor {
  return { objectId: user.objectId, name: `${user.firstName} ${user.lastName}`.trim() };
}
