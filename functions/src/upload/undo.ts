import { MSG } from '@eb/shared/messages';
import { volumeBefore, type AccountVolume } from '@eb/shared/account/volume';
import type { UndoDifference, UndoKept, UndoResult } from '@eb/shared/upload/undo';
import { createJob, type JobRecord, getJobPlan, putJobPlan, type JobType } from '../job/service';
import { accountChildren, accountAddresses, accountDef, accounts, deleteAccount } from '../account/service';
import { amendmentCrms, amendmentParticipants, amendmentDef, deleteAmendment } from '../amendment/service';
import { changeLogItemsOfSource, logValue, type Actor, type LogEntity, type LogItem } from '../lib/change-log';
import { getItem, queryAll, table, transact, type TransactItem } from '../lib/db';
import { getEntity, updateEntity, type EntityDef } from '../lib/entity';
import { BadRequestError, ConflictError } from '../lib/errors';
import { feedAttributes, nextSeq } from '../lib/feed';
import { pipelineOf, type RowPipeline } from './pipeline';
import type { RowKind } from './rows';

/**
 * Undo of an import (issue 29 section 5, beyond the spec): a job that reverts exactly the changes
 * one batch's Save or Save All made, found by the change log's provenance ('Upload batch 12',
 * 'Update batch 3'): a record or child the batch created is removed, a field it changed is set
 * back to the value before — through the screens' versioned writes (deleteAmendment,
 * deleteAccount with its LDC marker, the child kinds' remove, updateEntity), each logged with the
 * source 'Undo of upload batch 12' in the write's own transaction. A record someone else changed
 * since (a later event in its log not of this batch nor of this undo; for a created account or
 * amendment, any later event of its children too, and for an amendment an account added to it
 * since) is kept and listed in the job's result with what differs. Exactly once: each reverted
 * event's marker (UNDO#kind#batch, EVENT#eventId) is written in the revert's transaction, so a run
 * again after a crash or a redelivered message passes over what is done. Then the batch's imported
 * rows go back to 'validated' (conditional: a run again finds them so), to be fixed and saved again.
 */
export const undoJobType = (kind: RowKind) => `${kind}Undo`;
/** Fault injection for the crash tests: called after each event's revert (a throw is a worker killed there). */
export const undoFaults: { at: ((eventId: string) => void) | null } = { at: null };

export interface UndoParams {
  batchId: number;
  userName: string;
}

/** The entity types an import writes (the uploader's and the updater's row types). */
const LOGGED: readonly LogEntity[] = ['participant', 'crm', 'address', 'account', 'contract'];
/** Children first, then accounts, then amendments (a parent goes after its children). */
const ORDER: Record<string, number> = { participant: 0, crm: 0, address: 0, account: 1, contract: 2 };

export const importSource = (p: RowPipeline, batchId: number) => `${p.label} batch ${batchId}`;
export const undoSource = (p: RowPipeline, batchId: number) => `Undo of ${p.label.toLowerCase()} batch ${batchId}`;
const markerKey = (kind: RowKind, batchId: number, eventId: string) => ({ pk: `UNDO#${kind}#${batchId}`, sk: `EVENT#${eventId}` });
const resultKey = (kind: RowKind, jobId: string) => `jobs/${kind}-undo/${jobId}/result.json`;
const KEPT_SHOWN = 500;

/** Every change event of one source that an undo reverts, oldest first (the change log's source index). */
async function eventsOf(source: string): Promise<LogItem[]> {
  return (await changeLogItemsOfSource(source)).filter((e) => LOGGED.includes(e.entity));
}

/** The events logged in a scope (a record's log with its children's) after `sk`, strongly consistent. */
const laterIn = (pk: string, sk: string) =>
  queryAll<LogItem>({ KeyConditionExpression: 'pk = :p AND sk > :s', ExpressionAttributeValues: { ':p': pk, ':s': sk }, ConsistentRead: true });

/** What another user's later events changed (the job's result names each field with its value now). */
const differencesOf = (events: LogItem[]): UndoDifference[] =>
  events.flatMap((e) => {
    const prefix = e.entity === 'account' || e.entity === 'contract' ? '' : `${e.fieldPrefix ?? e.entity}.`;
    const base = { changedBy: e.actor.name, changedOn: e.actionDate };
    if (e.action !== 'updated' || !e.changes.length) return [{ ...base, fieldName: `${prefix}${e.entityName ?? e.entityId} ${e.action}`, importedValue: null, currentValue: null }];
    return e.changes.map((c) => ({ ...base, fieldName: `${prefix}${c.fieldName}`, importedValue: c.oldValue, currentValue: c.newValue }));
  });

/** A value as it was stored, from its text in the log, by the type of the value stored now. */
function typed(text: string | null, now: unknown): unknown {
  if (text === null) return null;
  if (typeof now === 'number') return Number(text);
  if (typeof now === 'boolean') return text === 'true';
  if (now !== null && typeof now === 'object') return JSON.parse(text) as unknown;
  if (now === null || now === undefined) {
    // the field was emptied since: a number or a flag's text reads as one
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    if (text === 'true' || text === 'false') return text === 'true';
  }
  return text;
}

/** The child kinds an import adds, by their log entity and parent. */
const CHILDREN: Record<string, { remove(list: { objectId: number }[], actor: Actor, extra?: TransactItem[], source?: string): Promise<void> }> = {
  'participant/contract': amendmentParticipants,
  'crm/contract': amendmentCrms,
  'participant/account': accountChildren.participants,
  'crm/account': accountChildren.crms,
  'address/account': accountAddresses,
};
const ENTITIES: Record<string, EntityDef<{ objectId: number }>> = { account: accountDef as never, contract: amendmentDef as never };

interface Context {
  kind: RowKind;
  batchId: number;
  source: string;
  undo: string;
  actor: Actor;
  /** the entities this undo removed (an amendment whose accounts were all the batch's is not 'changed since') */
  removed: Set<string>;
}

/** Reverts one event (null: done now or by a run before), or answers why its record is kept. */
async function revert(ctx: Context, ev: LogItem): Promise<UndoKept | null> {
  const marker = markerKey(ctx.kind, ctx.batchId, ev.eventId);
  if (await getItem(marker)) {
    if (ev.action === 'added') ctx.removed.add(`${ev.entity}#${ev.entityId}`);
    return null;
  }
  const ownScope = ev.parent === null;
  const later = (await laterIn(ev.pk, ev.sk)).filter(
    (e) => e.source !== ctx.source && e.source !== ctx.undo && (ownScope && ev.action === 'added' ? true : e.entity === ev.entity && e.entityId === ev.entityId),
  );
  const keep = (differences: UndoDifference[]): UndoKept => ({ entity: ev.entity, objectId: ev.entityId, name: ev.entityName ?? String(ev.entityId), differences });
  if (later.length) return keep(differencesOf(later));
  const extra: TransactItem[] = [{ Put: { TableName: table(), Item: { ...marker, entity: ev.entity, entityId: ev.entityId }, ConditionExpression: 'attribute_not_exists(pk)' } }];
  const opts = { extra, source: ctx.undo };
  try {
    if (ev.parent !== null) {
      const child = CHILDREN[`${ev.entity}/${ev.parent}`];
      if (!child || ev.action !== 'added') return keep([{ fieldName: `${ev.entity} ${ev.action}`, importedValue: null, currentValue: null, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate }]);
      await child.remove([{ objectId: ev.entityId }], ctx.actor, extra, ctx.undo);
    } else if (ev.action === 'added') {
      if (ev.entity === 'contract') {
        // an account added to it since by someone else (accounts log in their own scope)
        const others = await accounts().all({ filter: (a) => a.contractRef === ev.entityId && !ctx.removed.has(`account#${a.objectId}`) }, 100);
        if (others.length) return keep(others.map((a) => ({ fieldName: `account ${a.ldcAccountNumber ?? a.objectId}`, importedValue: null, currentValue: null, changedBy: MSG.undoAccountSince, changedOn: ev.actionDate })));
        await deleteAmendment(ev.entityId, undefined, ctx.actor, opts);
      } else await deleteAccount(ev.entityId, undefined, ctx.actor, opts);
      ctx.removed.add(`${ev.entity}#${ev.entityId}`);
    } else {
      const def = ENTITIES[ev.entity]!;
      const current = (await getEntity(def, ev.entityId)) as (Record<string, unknown> & { version: number; objectId: number }) | undefined;
      if (!current) return keep([{ fieldName: `${ev.entity} deleted`, importedValue: null, currentValue: null, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate }]);
      const fields = def.fields as readonly string[];
      const plain = ev.changes.filter((c) => fields.includes(c.fieldName));
      // an account's volume block is logged in parts ('volume.Mar 2026'): set back part by part
      const volume = ev.entity === 'account' ? ev.changes.filter((c) => c.fieldName.startsWith('volume.')) : [];
      const parts = ev.changes.filter((c) => !fields.includes(c.fieldName) && !volume.includes(c));
      if (parts.length) return keep(parts.map((c) => ({ fieldName: c.fieldName, importedValue: c.newValue, currentValue: c.newValue, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate })));
      // the fields as the import left them (a mismatch is a change without a log: kept)
      const differs = plain.filter((c) => logValue(current[c.fieldName]) !== c.newValue);
      const blockBefore = volume.length ? volumeBefore(current.accountVolume as AccountVolume | null, volume) : null;
      const volumeDiffers = blockBefore?.differs ?? [];
      if (differs.length || volumeDiffers.length)
        return keep([
          ...differs.map((c) => ({ fieldName: c.fieldName, importedValue: c.newValue, currentValue: logValue(current[c.fieldName]), changedBy: '', changedOn: ev.actionDate })),
          ...volumeDiffers.map((c) => ({ fieldName: c.fieldName, importedValue: c.newValue, currentValue: c.currentValue, changedBy: '', changedOn: ev.actionDate })),
        ]);
      const patch: Record<string, unknown> = Object.fromEntries(plain.map((c) => [c.fieldName, typed(c.oldValue, current[c.fieldName])]));
      if (blockBefore) patch.accountVolume = blockBefore.volume;
      await updateEntity(def, ev.entityId, current.version, patch, { actor: ctx.actor, ...opts }, current as never);
    }
  } catch (e) {
    if (e instanceof ConflictError && (await getItem(marker))) return null;
    throw e;
  }
  undoFaults.at?.(ev.eventId);
  return null;
}

/** The batch's imported rows back to 'validated' (a row already so is passed over). */
async function rowsBack(p: RowPipeline, batchId: number): Promise<number> {
  const ids = await p.store.rows().idsOf({ filter: (r) => r.batchId === batchId && r.rowState === 'imported', orderBy: 'objectId Ascending' });
  for (const id of ids) {
    const feed = feedAttributes(p.store.type, id, await nextSeq(p.store.type));
    await transact([
      {
        Update: {
          TableName: table(),
          Key: p.store.key(id),
          UpdateExpression: 'SET rowState = :validated, seq = :seq, feedpk = :fpk, etype = :et, version = version + :one REMOVE importJob',
          ConditionExpression: 'rowState = :imported',
          ExpressionAttributeValues: { ':validated': 'validated', ':imported': 'imported', ':seq': feed.seq, ':fpk': feed.feedpk, ':et': feed.etype, ':one': 1 },
        },
      },
    ]).catch((e) => {
      if (!(e instanceof ConflictError)) throw e;
    });
  }
  return ids.length;
}

/** Runs the undo of a batch: every event of its source, newest first within children, accounts, amendments. */
export async function undoBatch(kind: RowKind, batchId: number, actor: Actor, progress?: (fraction: number) => void): Promise<UndoResult> {
  const p = pipelineOf(kind);
  const ctx: Context = { kind, batchId, source: importSource(p, batchId), undo: undoSource(p, batchId), actor, removed: new Set() };
  const events = (await eventsOf(ctx.source)).reverse().sort((a, b) => ORDER[a.entity]! - ORDER[b.entity]!);
  const kept = new Map<string, UndoKept>();
  let undone = 0;
  for (const [i, ev] of events.entries()) {
    // a record kept keeps every event of it (its children's too)
    const own = `${ev.entity}#${ev.entityId}`;
    const parentKept = ev.parent !== null && kept.has(`${ev.parent}#${ev.parentId}`);
    if (kept.has(own) || parentKept) continue;
    const outcome = await revert(ctx, ev);
    if (outcome) {
      kept.set(own, outcome);
      // a parent whose child is kept is kept too
      if (ev.parent !== null) kept.set(`${ev.parent}#${ev.parentId}`, { entity: ev.parent, objectId: ev.parentId!, name: String(ev.parentId), differences: outcome.differences });
    } else undone++;
    progress?.((i + 1) / Math.max(1, events.length));
  }
  const rows = await rowsBack(p, batchId);
  const list = [...kept.values()];
  return { batchId, undone, rows, keptCount: list.length, kept: list.slice(0, KEPT_SHOWN) };
}

/** Registers a pipeline's undo job (one chunk: each event's marker makes a run again pass over what is done). */
/** The undo job of a pipeline's kind (registered by the worker). */
export function undoJob(kind: RowKind): JobType {
  return {
    jobType: undoJobType(kind),
    def: {
      async plan() {
        return 1;
      },
      async runChunk(job: JobRecord, _index: number, progress) {
        const params = job.params as unknown as UndoParams;
        const result = await undoBatch(kind, params.batchId, { objectId: job.createdBy ?? 0, name: params.userName || kind }, progress);
        await putJobPlan(resultKey(kind, job.jobId), result);
        return {};
      },
      async finish(job: JobRecord) {
        return (await getJobPlan<UndoResult>(resultKey(kind, job.jobId))) as unknown;
      },
    },
  };
}

/** POST upload/Undo (update/Undo), body: { batchId }: the undo job of a batch that has imported rows. */
export async function startUndo(p: RowPipeline, batchId: number, userName: string, userId: number) {
  const imported = await p.store.rows().idsOf({ filter: (r) => r.batchId === batchId && r.rowState === 'imported' });
  if (!imported.length) throw new BadRequestError(MSG.undoNothingImported, { batchId: MSG.undoNothingImported });
  // imported before the change log kept an import's events by batch: nothing to revert them from
  if (!(await changeLogItemsOfSource(importSource(p, batchId), 1)).length) throw new BadRequestError(MSG.undoNotLogged, { batchId: MSG.undoNotLogged });
  return createJob({
    jobType: undoJobType(p.kind),
    name: `Undo ${p.label} batch ${batchId}`,
    createdBy: userId,
    params: { batchId, userName } satisfies UndoParams as unknown as Record<string, unknown>,
  });
}
