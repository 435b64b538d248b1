import { childActionNames, type ActionsOf, type AnyChildKind, type ChildDeleteBody, type ChildFields, type ChildRecord } from '@eb/shared/child-records';
import type { PagedResult } from '@eb/shared/paging';
import { parseOrderBy, sortRows, type SortValue } from '@eb/shared/paging';
import { listChangeLogs, listChangeLogsOfTypes, type Actor, type ChangeLogEntry, type LogEntity, type LogParent } from './change-log';
import { batchGet, getItem, nextId, queryAll, table, transact, type Item, type TransactItem } from './db';
import { actorOf, requireEntity, type EntityDef } from './entity';
import { ConflictError, NotFoundError } from './errors';
import type { ActionContext } from './handler';
import { pageParams } from './list-engine';
import { prepareCreate, prepareDelete, prepareUpdate, type Stored, type VersionedKind, type Write } from './versioned';

/**
 * Child records on the server (ARCHITECTURE "Child records"; the shared half of a declaration is
 * shared/src/child-records.ts). A child kind is declared once with `childKind`; its calls
 * (`childActions`: list, add, update, delete) and its writes for a parent's own transaction
 * (`puts`) follow, all through the one versioned write path (versioned.ts).
 *
 * Storage: a child lives in its parent's partition (pk of the parent, sk `{ITEM}#id`), so one
 * strongly consistent Query of that partition lists a parent's children: a handful of items,
 * read-your-writes for free. Children are not in the list engine (nothing lists them across
 * parents) and are deleted outright. A small write-once item (`{pointerPrefix}{ITEM}#id`, sk
 * PARENT) names a child's parent, so that the by-id calls (Update?id, Delete [{objectId}]) find
 * the partition. Every write is versioned and goes in one transaction with its change-log event,
 * logged under the parent, so the parent's ChangeLogs include its children.
 */

/** The parent of child kinds, on the server. */
export interface ParentDef {
  /** change-log parent type */
  type: LogParent;
  /** the parent's item key: its children share its partition */
  key(id: number): { pk: string; sk: string };
  /** prefix of the pointer items naming a child's parent ('PC': PCADDRESS#n) */
  pointerPrefix: string;
  /** 404 unless the parent exists */
  require(id: number): Promise<unknown>;
}

/** A parent that is a versioned entity (entity.ts). */
export const entityParent = <T extends { objectId: number }>(def: EntityDef<T>, pointerPrefix: string): ParentDef => ({
  type: def.type as LogParent,
  key: def.key,
  pointerPrefix,
  require: (id) => requireEntity(def, id),
});

export interface ChildDef<K extends AnyChildKind> {
  /** the shared declaration (fields, schemas, sort, routes) */
  kind: K;
  parent: ParentDef;
  /** the counter of its objectIds */
  counter: string;
  /** the name of its items in the parent's partition ('ADDRESS': sk ADDRESS#n) */
  item: string;
  /**
   * A field whose value is unique among one parent's children (a contact on an amendment once): a
   * marker item `UNIQUE#{item}#{value}` in the parent's partition, written with the child in the
   * same transaction under attribute_not_exists; a second child with the value answers 409 with
   * `message`.
   */
  unique?: { field: keyof ChildFields<K> & string; message: string };
  /** Fields the server sets from the request's fields, the stored ones (none on create), and the user (e.g. who resolved a CRM note). */
  derive?(fields: ChildFields<K>, previous: ChildFields<K> | undefined, actor: Actor): ChildFields<K>;
}

type Query = Record<string, string | undefined>;

const labelText = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

/** Declare a child kind on the server: its reads and versioned writes follow from the declaration. */
export function childKind<K extends AnyChildKind>(def: ChildDef<K>) {
  type F = ChildFields<K>;
  type R = ChildRecord<K>;
  type Row = F & { objectId: number };
  const { kind, parent } = def;
  /** the stored attribute naming the parent ('primaryContactId') */
  const parentAttr = `${kind.parent.ref}Id`;
  const key = (parentId: number, id: number) => ({ pk: parent.key(parentId).pk, sk: `${def.item}#${id}` });
  const pointerKey = (id: number) => ({ pk: `${parent.pointerPrefix}${def.item}#${id}`, sk: 'PARENT' });
  const uniqueValue = (fields: unknown): string | undefined => {
    const v = def.unique ? (fields as Record<string, unknown>)[def.unique.field] : undefined;
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  const uniqueKey = (parentId: number, value: string) => ({ pk: parent.key(parentId).pk, sk: `UNIQUE#${def.item}#${value}` });
  /** The marker of a unique value (put, only if absent), and what a failure of it means. */
  const claimUnique = (parentId: number, value: string | undefined, id: number): TransactItem[] =>
    value === undefined
      ? []
      : [{ Put: { TableName: table(), Item: { ...uniqueKey(parentId, value), childId: id }, ConditionExpression: 'attribute_not_exists(pk)' } }];
  const releaseUnique = (parentId: number, value: string | undefined): TransactItem[] =>
    value === undefined ? [] : [{ Delete: { TableName: table(), Key: uniqueKey(parentId, value) } }];
  /** 409 with the unique field's text when its marker failed, else the stale-version 409. */
  const conflictOf = (actions: TransactItem[]) => (reasons: (string | undefined)[]) => {
    const failedUnique = reasons.some((r, i) => r === 'ConditionalCheckFailed' && String((actions[i] as { Put?: { Item?: Item } }).Put?.Item?.sk ?? '').startsWith('UNIQUE#'));
    return failedUnique && def.unique ? new ConflictError(def.unique.message) : new ConflictError();
  };
  const derived = (fields: F, previous: F | undefined, actor: Actor): F => (def.derive ? def.derive(fields, previous, actor) : fields);
  const versioned = (parentId: number): VersionedKind<Row> => ({
    entity: kind.entity as LogEntity,
    fields: kind.fields as unknown as readonly (keyof Row & string)[],
    fieldPrefix: kind.fieldPrefix,
    attributes: () => ({ [parentAttr]: parentId }),
    label: kind.labelField ? (r) => labelText((r as Record<string, unknown>)[kind.labelField as string]) : undefined,
  });
  const ctxOf = (parentId: number, actor: Actor, extra?: TransactItem[], source?: string) => ({ actor, parent: { type: parent.type, id: parentId }, extra, ...(source ? { source } : {}) });

  /** The stored item as the calls answer it: its fields (empty is null), objectId, version, its parent. */
  const toRecord = (item: Item): R => {
    const out: Record<string, unknown> = {};
    for (const f of kind.fields) {
      const v = item[f];
      out[f] = v === undefined || v === '' ? null : v;
    }
    return {
      ...out,
      objectId: Number(item.objectId),
      version: Number(item.version ?? 1),
      [kind.parent.ref]: { objectId: Number(item[parentAttr]) },
    } as unknown as R;
  };
  /** Every field of the kind (absent: null), in its order. */
  const allFields = (fields: F): Partial<Row> => {
    const out: Record<string, unknown> = {};
    for (const f of kind.fields) out[f] = (fields as Record<string, unknown>)[f] ?? null;
    return out as Partial<Row>;
  };
  const parentOf = async (id: number): Promise<number | undefined> => {
    const ref = await getItem<Item>(pointerKey(id));
    return ref ? Number(ref[parentAttr]) : undefined;
  };
  const stored = async (id: number): Promise<{ parentId: number; item: Stored<Row> }> => {
    const parentId = await parentOf(id);
    const item = parentId === undefined ? undefined : await getItem<Stored<Row>>(key(parentId, id));
    if (parentId === undefined || !item) throw new NotFoundError();
    return { parentId, item };
  };

  const createWrite = (parentId: number, id: number, input: F, actor: Actor, source?: string): Promise<Write<Row>> => {
    const fields = derived(input, undefined, actor);
    return prepareCreate(versioned(parentId), key(parentId, id), allFields(fields) as Omit<Row, 'objectId'>, id, ctxOf(parentId, actor, [
      { Put: { TableName: table(), Item: { ...pointerKey(id), [parentAttr]: parentId } } },
      ...claimUnique(parentId, uniqueValue(fields), id),
    ], source));
  };

  /** Every child of one parent, in the default order (one strongly consistent Query of its partition). */
  const all = async (parentId: number): Promise<R[]> => {
    const items = await queryAll<Item>({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :k)',
      ExpressionAttributeValues: { ':p': parent.key(parentId).pk, ':k': `${def.item}#` },
      ConsistentRead: true,
    });
    return sorted(items.map(toRecord), undefined);
  };
  /** Sorted by an allowed field ('field Ascending|Descending'; default the kind's), ties by objectId, empty values last. */
  const sorted = (rows: R[], orderBy: string | undefined): R[] => {
    const o = parseOrderBy(orderBy, kind.sortFields, kind.defaultSort);
    return sortRows(rows, (r) => (r as unknown as Record<string, SortValue>)[o.field], (r) => r.objectId, o.desc);
  };

  return {
    def,
    /** Reserve the objectId of a new child. */
    nextId: (): Promise<number> => nextId(def.counter),
    /** The writes creating a child (the record, its parent pointer, its 'added' event), for the caller's transaction. */
    puts: createWrite,
    /** {Name}Add: a new child of an existing parent (404 otherwise); `opts` adds actions to its transaction and names its source in the log. */
    async add(parentId: number, fields: F, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<R> {
      await parent.require(parentId);
      const write = await createWrite(parentId, await nextId(def.counter), fields, actor, opts.source);
      const actions = [...write.actions, ...(opts.extra ?? [])];
      await transact(actions, conflictOf(actions));
      return toRecord(write.item as unknown as Item);
    },
    /** One child by its objectId (404 when unknown or deleted). */
    async get(id: number): Promise<R> {
      return toRecord((await stored(id)).item as unknown as Item);
    },
    /** {Name}Update?id: the fields, if `version` is still the stored one (409 otherwise); nothing changed writes nothing unless `opts` adds actions. */
    async update(id: number, version: number, input: F, actor: Actor, opts: { extra?: TransactItem[]; source?: string } = {}): Promise<R> {
      const { parentId, item } = await stored(id);
      const fields = derived(input, item as unknown as F, actor);
      const [before, after] = [uniqueValue(item), uniqueValue(fields)];
      const markers = before === after ? [] : [...releaseUnique(parentId, before), ...claimUnique(parentId, after, id)];
      const write = await prepareUpdate(versioned(parentId), item, version, allFields(fields), ctxOf(parentId, actor, [...markers, ...(opts.extra ?? [])], opts.source));
      if (!write) return toRecord(item as unknown as Item);
      await transact(write.actions, conflictOf(write.actions));
      return toRecord(write.item as unknown as Item);
    },
    /**
     * {Name}Delete: every listed child with its 'deleted' event in ONE transaction (two actions
     * each, and the caller's `extra` actions). 404 when one does not exist; 409 when one changed since it was read (its version,
     * when sent, or any change between this call's read and its write). All or nothing.
     */
    async remove(list: ChildDeleteBody, actor: Actor, extra: TransactItem[] = [], source?: string): Promise<void> {
      const refs = await batchGet(list.map((x) => pointerKey(x.objectId)));
      const parentOfId = new Map(refs.map((r) => [r.pk as string, Number(r[parentAttr])]));
      const at = (id: number) => parentOfId.get(pointerKey(id).pk);
      if (list.some((x) => at(x.objectId) === undefined)) throw new NotFoundError();
      const items = await batchGet(list.map((x) => key(at(x.objectId)!, x.objectId)));
      const byId = new Map(items.map((i) => [Number(i.objectId), i as unknown as Stored<Row>]));
      const actions: TransactItem[] = [];
      for (const x of list) {
        const current = byId.get(x.objectId);
        if (!current) throw new NotFoundError();
        const parentId = at(x.objectId)!;
        actions.push(...(await prepareDelete(versioned(parentId), current, x.version, ctxOf(parentId, actor, releaseUnique(parentId, uniqueValue(current)), source))));
      }
      await transact([...actions, ...extra]);
    },
    all,
    /** Get{Name}List: one page of a parent's children (404 for an unknown parent), with the total. */
    async list(parentId: number, query: Query): Promise<PagedResult<R>> {
      await parent.require(parentId);
      const page = pageParams(query);
      const rows = sorted(await all(parentId), page.orderBy);
      const skip = page.skip ?? 0;
      return { data: rows.slice(skip, skip + (page.limit ?? rows.length)), totalCount: page.getTotalCount === false ? -1 : rows.length };
    },
  };
}
export type ChildRecords<K extends AnyChildKind> = ReturnType<typeof childKind<K>>;

/**
 * The four calls of a child kind, keyed as its routes (shared childRoutes; names from childActionNames): POST Get{Name}List
 * {[ref]:{objectId}} -> { data, totalCount }; POST {Name}Add (fields + [ref]) -> the record;
 * PUT {Name}Update?id (fields + version) -> the record, 409 when stale; DELETE {Name}Delete
 * [{objectId, version?}] -> 204, all or nothing.
 */
export function childActions<K extends AnyChildKind>(records: ChildRecords<K>) {
  type A = ActionsOf<K>;
  const { kind } = records.def;
  const ref = kind.parent.ref as K['parent']['ref'];
  const a = childActionNames(kind);
  const parentIdOf = (body: unknown) => (body as Record<string, { objectId: number }>)[ref]!.objectId;
  return {
    [`POST ${a.list.toLowerCase()}`]: ({ query, body }: ActionContext<Query, unknown>) => records.list(parentIdOf(body), query),
    [`POST ${a.add.toLowerCase()}`]: ({ body, user }: ActionContext<unknown, ChildFields<K>>) => {
      const { [ref]: parentRef, ...fields } = body as Record<string, unknown>;
      return records.add((parentRef as { objectId: number }).objectId, fields as ChildFields<K>, actorOf(user!));
    },
    [`PUT ${a.update.toLowerCase()}`]: ({ query, body, user }: ActionContext<{ id: number }, ChildFields<K> & { version: number }>) => {
      const { version, ...fields } = body;
      return records.update(query.id, version, fields as unknown as ChildFields<K>, actorOf(user!));
    },
    ...(a.delete === false
      ? {}
      : {
          [`DELETE ${a.delete.toLowerCase()}`]: async ({ body, user }: ActionContext<unknown, ChildDeleteBody>): Promise<void> => {
            await records.remove(body, actorOf(user!));
          },
        }),
  } as {
    [P in `POST ${Lowercase<A['list']>}`]: (ctx: ActionContext) => Promise<PagedResult<ChildRecord<K>>>;
  } & { [P in `POST ${Lowercase<A['add']>}`]: (ctx: ActionContext) => Promise<ChildRecord<K>> } & {
    [P in `PUT ${Lowercase<A['update']>}`]: (ctx: ActionContext) => Promise<ChildRecord<K>>;
  } & { [P in `DELETE ${Lowercase<Exclude<A['delete'], false>>}`]: (ctx: ActionContext) => Promise<void> };
}

/**
 * A parent's change log with its children's events: of one parent (its scope holds its children's
 * events), or, without an id, of every parent of the type with every event of its child kinds.
 */
export function parentChangeLogs(parent: ParentDef, kinds: readonly AnyChildKind[], id: number | undefined): Promise<ChangeLogEntry[]> {
  if (id !== undefined) return listChangeLogs({ entity: parent.type as LogEntity, id });
  return listChangeLogsOfTypes({
    types: [{ entity: parent.type as LogEntity }, ...kinds.map((k) => ({ entity: k.entity as LogEntity, parent: parent.type }))],
  });
}
