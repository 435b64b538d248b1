import { randomUUID } from 'node:crypto';
import { MAX_RECORD_COUNT } from '@eb/shared/constants';
import type { ChangeAction, ChangeLogEntry as SharedEntry } from '@eb/shared/change-log';
import { toTransferDate } from '@eb/shared/formats';
import { bulkScope } from './bulk-scope';
import { queryAll, table, type TransactItem } from './db';

/**
 * The change log: one item per change event (created / made changes / deleted), written in the
 * same transaction as the change itself, holding one entry per changed field. The calls answer
 * the spec's flat entries (one per field) with the event's id to group them.
 */
export type { ChangeAction };
/** Entity types of the spec plus the administration ones. */
export type LogEntity =
  | 'contract' | 'account' | 'participant' | 'crm' | 'file' | 'territory' | 'primaryContact' | 'address'
  | 'phone' | 'email' | 'user' | 'agent' | 'businessEntity' | 'masterContract';
export type LogParent = 'contract' | 'account' | 'territory' | 'primaryContact';

export interface Actor {
  objectId: number;
  name: string;
}
export interface FieldChange {
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
}
export interface ChangeLogEntry extends SharedEntry {
  entity: LogEntity;
  parent: LogParent | null;
}

/** The change-log item as stored. */
export interface LogItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  /** the 'origin' index: the source's events when there is a source (an import's), else the user's */
  originpk: string;
  originsk: string;
  eventId: string;
  action: ChangeAction;
  entity: LogEntity;
  entityId: number;
  parent: LogParent | null;
  parentId: number | null;
  actor: Actor;
  actionDate: string;
  changes: FieldChange[];
  /** the prefix of the fields' names as the log shows them ('c.participant'), when there is one */
  fieldPrefix?: string;
  /** the record as users know it, when its kind declares one (VersionedKind.label) */
  entityName?: string;
  source?: string;
  /** the import job that wrote it (a Save, Save All or updater import: its undo reverts that job's events) */
  job?: string;
}

/** An object's keys in one order, at every depth (a stored map comes back in any order). */
const sortedKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortedKeys)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]))
      : v;

/** A value as the log shows it: text, or null for empty; an object as JSON with its keys in order. */
export function logValue(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'object') return JSON.stringify(sortedKeys(v));
  return String(v);
}

/** A field whose change the log shows in parts (an account's volume block: the months that changed). */
export type FieldDiff = (before: unknown, after: unknown) => FieldChange[];

/** The changed fields between two versions of an entity (only `fields` are compared; `parts` split a field's change). */
export function diffFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[], parts?: Partial<Record<string, FieldDiff>>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of fields) {
    const o = logValue(before[f]);
    const n = logValue(after[f]);
    if (o === n) continue;
    const split = parts?.[f];
    if (split) out.push(...split(before[f], after[f]));
    else out.push({ fieldName: f, oldValue: o, newValue: n });
  }
  return out;
}

const scopeKey = (entity: string, id: number) => `LOG#${entity}#${id}`;
const actorKey = (userId: number) => `ACTOR#${userId}`;
const sourceKey = (source: string) => `SOURCE#${source}`;

/** The Put of one change event, for the entity's own transaction. */
export function changeLogPut(ev: {
  action: ChangeAction;
  entity: LogEntity;
  entityId: number;
  parent?: { type: LogParent; id: number };
  actor: Actor;
  changes?: FieldChange[];
  /** the prefix of the fields' names as the log shows them (a child kind's: 'c.participant') */
  fieldPrefix?: string;
  /** the record as users know it ('Ada Lovelace', 'PSEG', '8565550111') */
  entityName?: string;
  /** where the change came from when not from a screen ('Upload batch 12') */
  source?: string;
}): TransactItem {
  const eventId = randomUUID();
  const now = new Date();
  // an import's writes run in its chunk's bulk scope, which names the job
  const job = ev.source ? bulkScope()?.job : undefined;
  const sortKey = `${now.toISOString()}#${eventId}`;
  const item: LogItem = {
    // Scoped to the parent when there is one, so a contract's log includes its children's.
    pk: ev.parent ? scopeKey(ev.parent.type, ev.parent.id) : scopeKey(ev.entity, ev.entityId),
    sk: sortKey,
    gsi1pk: `LOG#${ev.entity}`,
    gsi1sk: sortKey,
    originpk: ev.source ? sourceKey(ev.source) : actorKey(ev.actor.objectId),
    originsk: sortKey,
    eventId,
    action: ev.action,
    entity: ev.entity,
    entityId: ev.entityId,
    parent: ev.parent?.type ?? null,
    parentId: ev.parent?.id ?? null,
    actor: ev.actor,
    actionDate: toTransferDate(now),
    changes: ev.changes ?? [],
    ...(ev.fieldPrefix ? { fieldPrefix: ev.fieldPrefix } : {}),
    ...(ev.entityName ? { entityName: ev.entityName } : {}),
    ...(ev.source ? { source: ev.source } : {}),
    ...(job ? { job } : {}),
  };
  return { Put: { TableName: table(), Item: item } };
}

function flatten(items: LogItem[]): ChangeLogEntry[] {
  const out: ChangeLogEntry[] = [];
  for (const it of items) {
    const base = {
      eventId: it.eventId,
      actionUser: it.actor.name,
      actionUserId: it.actor.objectId,
      action: it.action,
      entity: it.entity,
      entityId: it.entityId,
      parent: it.parent,
      parentId: it.parentId,
      actionDate: it.actionDate,
      ...(it.fieldPrefix ? { fieldPrefix: it.fieldPrefix } : {}),
      ...(it.entityName ? { entityName: it.entityName } : {}),
      ...(it.source ? { source: it.source } : {}),
    };
    if (it.changes.length === 0) out.push({ ...base, objectId: `${it.eventId}:0`, fieldName: '', oldValue: null, newValue: null });
    it.changes.forEach((c, i) => out.push({ ...base, objectId: `${it.eventId}:${i}`, ...c }));
  }
  return out;
}

/**
 * Change log entries, newest event first: of one entity (or parent scope) when `id` is given, else
 * of every entity of the type. At most `limit` events (MAX_RECORD_COUNT by default).
 */
export async function listChangeLogs(q: { entity: LogEntity; id?: number; limit?: number }): Promise<ChangeLogEntry[]> {
  const limit = Math.min(q.limit ?? MAX_RECORD_COUNT, MAX_RECORD_COUNT);
  const items = await queryAll<LogItem>(
    {
      ...(q.id !== undefined
        ? { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': scopeKey(q.entity, q.id) }, ConsistentRead: true }
        : { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': `LOG#${q.entity}` } }),
      ScanIndexForward: false,
    },
    limit,
  );
  return flatten(items);
}

/**
 * Change-log entries of several entity types, newest first by the events' exact time (to the
 * millisecond, which the entries' actionDate does not carry): e.g. every primary contact's events
 * with its addresses', phones' and emails'. A type with `parent` keeps only its events logged under
 * that parent type. At most `limit` events in all (MAX_RECORD_COUNT by default).
 */
export async function listChangeLogsOfTypes(q: { types: { entity: LogEntity; parent?: LogParent }[]; limit?: number }): Promise<ChangeLogEntry[]> {
  const limit = Math.min(q.limit ?? MAX_RECORD_COUNT, MAX_RECORD_COUNT);
  const lists = await Promise.all(
    q.types.map((t) =>
      queryAll<LogItem>(
        {
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ...(t.parent
            ? {
                FilterExpression: '#parent = :parent',
                ExpressionAttributeNames: { '#parent': 'parent' },
                ExpressionAttributeValues: { ':p': `LOG#${t.entity}`, ':parent': t.parent },
              }
            : { ExpressionAttributeValues: { ':p': `LOG#${t.entity}` } }),
          ScanIndexForward: false,
        },
        limit,
      ),
    ),
  );
  const merged = lists.flat().sort((a, b) => (a.gsi1sk < b.gsi1sk ? 1 : a.gsi1sk > b.gsi1sk ? -1 : 0));
  return flatten(merged.slice(0, limit));
}

/**
 * The events one user made in the screens, newest first (the 'origin' index; an import's are under
 * its batch), at most `limit` events: what a user changed lately, whoever else changed what since.
 */
export async function listChangeLogsOfActor(q: { actorId: number; limit: number }): Promise<ChangeLogEntry[]> {
  const items = await queryAll<LogItem>(
    { IndexName: 'origin', KeyConditionExpression: 'originpk = :p', ExpressionAttributeValues: { ':p': actorKey(q.actorId) }, ScanIndexForward: false },
    Math.min(q.limit, MAX_RECORD_COUNT),
  );
  return flatten(items);
}

/** The events of one source ('Upload batch 12'), oldest first, as stored (the 'origin' index). */
export async function changeLogItemsOfSource(source: string, limit?: number): Promise<LogItem[]> {
  return queryAll<LogItem>({ IndexName: 'origin', KeyConditionExpression: 'originpk = :p', ExpressionAttributeValues: { ':p': sourceKey(source) } }, limit);
}
