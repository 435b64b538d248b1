import { MSG } from '@eb/shared/messages';
import { volumeBefore, type AccountVolume } from '@eb/shared/account/volume';
import { FINISHED_JOB_STATUSES } from '@eb/shared/job/schemas';
import type { UndoBody, UndoDifference, UndoKept, UndoResult } from '@eb/shared/upload/undo';
import { createJob, type JobRecord, getJobPlan, getJobRecord, putJobPlan, type JobType } from '../job/service';
import { accountChildren, accountAddresses, accountDef, accounts, deleteAccount } from '../account/service';
import { amendmentCrms, amendmentParticipants, amendmentDef, amendments, deleteAmendment } from '../amendment/service';
import { contactAddresses, contactEmails, contactPhones, deleteImportedContact } from '../contact/service';
import { changeLogItemsOfSource, logValue, type Actor, type LogEntity, type LogItem } from '../lib/change-log';
import { batchGet, getItem, queryAll, table, transact, type TransactItem } from '../lib/db';
import { getEntity, updateEntity, type EntityDef } from '../lib/entity';
import { BadRequestError, ConflictError } from '../lib/errors';
import { feedAttributes, nextSeq } from '../lib/feed';
import { importJobType, lastSaveJob } from './import';
import { pipelineOf, type RowPipeline } from './pipeline';
import { contactMarker } from './records';
import type { RowKind } from './rows';

/**
 * Undo of an import (issue 29 section 5, beyond the spec): a job that reverts exactly the changes
 * one import job (a Save, Save All or updater import) made, found by the change log's provenance:
 * the events of the sources of the batches the job imported rows of ('Upload batch 12', 'Update
 * batch 3') that name the job (LogItem.job). A record or child the job created is removed, a field
 * it changed (of a record or of a child) is set back to the value before — through the screens'
 * versioned writes (deleteAmendment, deleteAccount with its LDC marker, the child kinds' remove and
 * update, updateEntity), each logged with the source 'Undo of upload batch 12' in the write's own
 * transaction. A record someone else changed since (a later event in its log that is not this
 * job's, not an undo's and not an import event undone since; for a created account or amendment,
 * any later event of its children too, and for an amendment an account added to it since) is kept
 * and listed in the job's result with what differs. Exactly once: each reverted event's marker
 * (UNDO#eventId) is written in the revert's transaction, so a run again after a crash or a
 * redelivered message passes over what is done. Then the job's imported rows go back to
 * 'validated' (conditional: a run again finds them so), to be fixed and saved again.
 */
export const undoJobType = (kind: RowKind) => `${kind}Undo`;
/** Fault injection for the crash tests: called after each event's revert (a throw is a worker killed there). */
export const undoFaults: { at: ((eventId: string) => void) | null } = { at: null };

export interface UndoParams {
  /** the import job undone */
  importJob: string;
  batchIds: number[];
  userName: string;
}

/** The entity types an import writes (the uploader's and the updater's row types, and the contacts participant rows make). */
const LOGGED: readonly LogEntity[] = ['participant', 'crm', 'address', 'account', 'contract', 'primaryContact', 'phone', 'email'];
/**
 * The order of the undo: the children of accounts and amendments first (a participant may name a
 * contact the import made), then the contacts (checked for references since before their own
 * addresses, phones and emails go), then accounts, then amendments (a parent after its children).
 */
const orderOf = (ev: LogItem): number =>
  ev.parent === 'primaryContact' ? 2 : ev.entity === 'primaryContact' ? 1 : ev.parent !== null ? 0 : ev.entity === 'account' ? 3 : 4;

const UNDO_PREFIX = 'Undo of ';
export const importSource = (p: RowPipeline, batchId: number) => `${p.label} batch ${batchId}`;
export const undoSource = (p: RowPipeline, batchId: number) => `${UNDO_PREFIX}${p.label.toLowerCase()} batch ${batchId}`;
/** The marker of an import event undone (any undo's: a later undo reads it too). */
const markerKey = (eventId: string) => ({ pk: `UNDO#${eventId}`, sk: 'UNDO' });
const resultKey = (kind: RowKind, jobId: string) => `jobs/${kind}-undo/${jobId}/result.json`;
const KEPT_SHOWN = 500;

/** An import job's events of the types an undo reverts, oldest first, each with its undo's source. */
async function eventsOf(p: RowPipeline, importJob: string, batchIds: readonly number[]): Promise<{ ev: LogItem; undo: string }[]> {
  const lists = await Promise.all(
    batchIds.map(async (b) => (await changeLogItemsOfSource(importSource(p, b))).filter((e) => e.job === importJob && LOGGED.includes(e.entity)).map((ev) => ({ ev, undo: undoSource(p, b) }))),
  );
  return lists.flat().sort((a, b) => (a.ev.originsk < b.ev.originsk ? -1 : a.ev.originsk > b.ev.originsk ? 1 : 0));
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

/** A child kind's writes an undo uses: remove one it added, set back the fields it changed. */
interface ChildWrites {
  get(id: number): Promise<{ objectId: number; version: number }>;
  update(id: number, version: number, input: never, actor: Actor, opts: { extra?: TransactItem[]; source?: string }): Promise<unknown>;
  remove(list: { objectId: number }[], actor: Actor, extra?: TransactItem[], source?: string): Promise<void>;
}
/** The child kinds an import adds or changes, by their log entity and parent. */
const CHILDREN: Record<string, ChildWrites> = {
  'participant/contract': amendmentParticipants as unknown as ChildWrites,
  'crm/contract': amendmentCrms as unknown as ChildWrites,
  'participant/account': accountChildren.participants as unknown as ChildWrites,
  'crm/account': accountChildren.crms as unknown as ChildWrites,
  'address/account': accountAddresses as unknown as ChildWrites,
  'address/primaryContact': contactAddresses as unknown as ChildWrites,
  'phone/primaryContact': contactPhones as unknown as ChildWrites,
  'email/primaryContact': contactEmails as unknown as ChildWrites,
};
const ENTITIES: Record<string, EntityDef<{ objectId: number }>> = { account: accountDef as never, contract: amendmentDef as never };

interface Context {
  kind: RowKind;
  /** the import job undone */
  importJob: string;
  actor: Actor;
  /** the entities this undo removed (an amendment whose accounts were all the job's is not 'changed since') */
  removed: Set<string>;
  /** the markers of the contacts the job's participant rows made, by contact (deleted with the contact) */
  contactMarkers: Map<number, { pk: string; sk: string }>;
}

/** A later event that is someone's change since: not the job's own, not an undo's, not an import event undone since. */
async function changedSince(ctx: Context, e: LogItem): Promise<boolean> {
  if (e.job === ctx.importJob || e.source?.startsWith(UNDO_PREFIX)) return false;
  return !(e.job && (await getItem(markerKey(e.eventId))));
}

/**
 * What names a contact the job made, now: an amendment whose primary contact it is (the list), a
 * participant added or changed since it was made (their events since, each read as it is now) —
 * by someone else, or by the job in a record this undo keeps (the job's own participants are
 * removed before: children go first).
 */
async function referencesOf(ev: LogItem): Promise<UndoDifference[]> {
  const contactId = ev.entityId;
  const out: UndoDifference[] = [];
  const named = await amendments().all({ filter: (a) => a.primaryContactRef === contactId }, 100);
  for (const a of named) out.push({ fieldName: `amendment ${a.contractId ?? ''}-${a.amendmentNumber ?? a.objectId} primaryContact`, importedValue: null, currentValue: String(contactId), changedBy: '', changedOn: ev.actionDate });
  const since = await queryAll<LogItem>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p AND gsi1sk > :s', ExpressionAttributeValues: { ':p': 'LOG#participant', ':s': ev.gsi1sk } });
  const seen = new Set<string>();
  for (const e of since) {
    const key = `${e.parent}#${e.entityId}`;
    if (e.action === 'deleted' || e.source?.startsWith(UNDO_PREFIX) || seen.has(key)) continue;
    seen.add(key);
    const now = (await CHILDREN[`participant/${e.parent}`]?.get(e.entityId).catch(() => undefined)) as { contactId?: number } | undefined;
    if (now?.contactId !== contactId) continue;
    out.push({ fieldName: `participant ${e.entityName ?? e.entityId} of ${e.parent === 'contract' ? 'amendment' : e.parent} ${e.parentId}`, importedValue: null, currentValue: String(contactId), changedBy: e.actor.name, changedOn: e.actionDate });
  }
  return out;
}

/** The fields of a change event set back on the record as it is now, or what differs from what the import wrote. */
function setBack(ev: LogItem, current: Record<string, unknown>, fields: readonly string[]) {
  const plain = ev.changes.filter((c) => fields.includes(c.fieldName));
  const differs = plain.filter((c) => logValue(current[c.fieldName]) !== c.newValue);
  const patch: Record<string, unknown> = Object.fromEntries(plain.map((c) => [c.fieldName, typed(c.oldValue, current[c.fieldName])]));
  return { plain, differs, patch };
}

const differing = (ev: LogItem, list: { fieldName: string; newValue: string | null }[], now: (fieldName: string) => string | null): UndoDifference[] =>
  list.map((c) => ({ fieldName: c.fieldName, importedValue: c.newValue, currentValue: now(c.fieldName), changedBy: '', changedOn: ev.actionDate }));

/** Reverts one event (null: done now or by a run before), or answers why its record is kept. */
async function revert(ctx: Context, ev: LogItem, undo: string): Promise<UndoKept | null> {
  const marker = markerKey(ev.eventId);
  if (await getItem(marker)) {
    if (ev.action === 'added') ctx.removed.add(`${ev.entity}#${ev.entityId}`);
    return null;
  }
  const ownScope = ev.parent === null;
  const candidates = (await laterIn(ev.pk, ev.sk)).filter((e) => (ownScope && ev.action === 'added' ? true : e.entity === ev.entity && e.entityId === ev.entityId));
  const later: LogItem[] = [];
  for (const e of candidates) if (await changedSince(ctx, e)) later.push(e);
  const keep = (differences: UndoDifference[]): UndoKept => ({ entity: ev.entity, objectId: ev.entityId, name: ev.entityName ?? String(ev.entityId), differences });
  if (later.length) return keep(differencesOf(later));
  const extra: TransactItem[] = [{ Put: { TableName: table(), Item: { ...marker, entity: ev.entity, entityId: ev.entityId, importJob: ctx.importJob }, ConditionExpression: 'attribute_not_exists(pk)' } }];
  const opts = { extra, source: undo };
  const notUndoable = () => keep([{ fieldName: `${ev.entity} ${ev.action}`, importedValue: null, currentValue: null, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate }]);
  try {
    if (ev.parent !== null) {
      const child = CHILDREN[`${ev.entity}/${ev.parent}`];
      if (!child || ev.action === 'deleted') return notUndoable();
      if (ev.action === 'added') {
        await child.remove([{ objectId: ev.entityId }], ctx.actor, extra, undo);
        ctx.removed.add(`${ev.entity}#${ev.entityId}`);
      } else {
        // a child's changed fields set back through its kind's versioned update
        const current = (await child.get(ev.entityId).catch(() => undefined)) as (Record<string, unknown> & { version: number }) | undefined;
        if (!current) return keep([{ fieldName: `${ev.entity} deleted`, importedValue: null, currentValue: null, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate }]);
        const { differs, patch } = setBack(ev, current, Object.keys(current));
        if (differs.length) return keep(differing(ev, differs, (f) => logValue(current[f])));
        await child.update(ev.entityId, current.version, { ...current, ...patch } as never, ctx.actor, opts);
      }
    } else if (ev.action === 'added') {
      if (ev.entity === 'primaryContact') {
        // a contact a participant row made: kept while something names it since
        const refs = await referencesOf(ev);
        if (refs.length) return keep(refs);
        const made = ctx.contactMarkers.get(ev.entityId);
        await deleteImportedContact(ev.entityId, ctx.actor, { extra: [...extra, ...(made ? [{ Delete: { TableName: table(), Key: made } }] : [])], source: undo });
      } else if (ev.entity === 'contract') {
        // an account added to it since by someone else (accounts log in their own scope)
        const others = await accounts().all({ filter: (a) => a.contractRef === ev.entityId && !ctx.removed.has(`account#${a.objectId}`) }, 100);
        if (others.length) return keep(others.map((a) => ({ fieldName: `account ${a.ldcAccountNumber ?? a.objectId}`, importedValue: null, currentValue: null, changedBy: MSG.undoAccountSince, changedOn: ev.actionDate })));
        await deleteAmendment(ev.entityId, undefined, ctx.actor, opts);
      } else await deleteAccount(ev.entityId, undefined, ctx.actor, opts);
      ctx.removed.add(`${ev.entity}#${ev.entityId}`);
    } else {
      const def = ENTITIES[ev.entity];
      if (!def) return notUndoable();
      const current = (await getEntity(def, ev.entityId)) as (Record<string, unknown> & { version: number; objectId: number }) | undefined;
      if (!current) return keep([{ fieldName: `${ev.entity} deleted`, importedValue: null, currentValue: null, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate }]);
      const fields = def.fields as readonly string[];
      const { plain, differs, patch } = setBack(ev, current, fields);
      // an account's volume block is logged in parts ('volume.Mar 2026'): set back part by part
      const volume = ev.entity === 'account' ? ev.changes.filter((c) => c.fieldName.startsWith('volume.')) : [];
      const parts = ev.changes.filter((c) => !plain.includes(c) && !volume.includes(c));
      if (parts.length) return keep(parts.map((c) => ({ fieldName: c.fieldName, importedValue: c.newValue, currentValue: c.newValue, changedBy: MSG.undoNotUndoable, changedOn: ev.actionDate })));
      // the fields as the import left them (a mismatch is a change without a log: kept)
      const blockBefore = volume.length ? volumeBefore(current.accountVolume as AccountVolume | null, volume) : null;
      const volumeDiffers = blockBefore?.differs ?? [];
      if (differs.length || volumeDiffers.length)
        return keep([
          ...differing(ev, differs, (f) => logValue(current[f])),
          ...volumeDiffers.map((c) => ({ fieldName: c.fieldName, importedValue: c.newValue, currentValue: c.currentValue, changedBy: '', changedOn: ev.actionDate })),
        ]);
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

/** The job's imported rows back to 'validated' (a row already so, or imported since by another job, is passed over). */
async function rowsBack(p: RowPipeline, importJob: string): Promise<number> {
  const ids = await p.store.rows().idsOf({ filter: (r) => r.importJob === importJob && r.rowState === 'imported', orderBy: 'objectId Ascending' });
  await inPool(ids, UNDO_CONCURRENCY, async (id) => {
    const feed = feedAttributes(p.store.type, id, await nextSeq(p.store.type));
    await transact([
      {
        Update: {
          TableName: table(),
          Key: p.store.key(id),
          UpdateExpression: 'SET rowState = :validated, seq = :seq, feedpk = :fpk, etype = :et, version = version + :one REMOVE importJob',
          ConditionExpression: 'rowState = :imported AND importJob = :job',
          ExpressionAttributeValues: { ':validated': 'validated', ':imported': 'imported', ':job': importJob, ':seq': feed.seq, ':fpk': feed.feedpk, ':et': feed.etype, ':one': 1 },
        },
      },
    ]).catch((e) => {
      if (!(e instanceof ConflictError)) throw e;
    });
  });
  return ids.length;
}

/** The markers of the contacts the job's rows made, by contact (none looked for when the job made none). */
async function contactMarkersOf(p: RowPipeline, importJob: string, any: boolean): Promise<Map<number, { pk: string; sk: string }>> {
  if (!any) return new Map();
  const ids = await p.store.rows().idsOf({ filter: (r) => r.importJob === importJob });
  const items = await batchGet(ids.map(contactMarker));
  return new Map(items.map((i) => [Number(i.contactId), { pk: String(i.pk), sk: String(i.sk) }]));
}

/** Records undone side by side (each record's events in order, one at a time). */
const UNDO_CONCURRENCY = 16;

/** Runs `work` on each item, `width` at a time; a failure stops the others after their current item and is thrown. */
async function inPool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const runner = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, runner));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * Runs the undo of an import job: every event of it, in phases (children of accounts and
 * amendments, contacts, their addresses, phones and emails, accounts, amendments: orderOf); within
 * a phase the records side by side, each record's events newest first.
 */
export async function undoImport(kind: RowKind, params: Pick<UndoParams, 'importJob' | 'batchIds'>, actor: Actor, progress?: (fraction: number) => void): Promise<UndoResult> {
  const p = pipelineOf(kind);
  const events = (await eventsOf(p, params.importJob, params.batchIds)).reverse();
  const ctx: Context = { kind, importJob: params.importJob, actor, removed: new Set(), contactMarkers: await contactMarkersOf(p, params.importJob, events.some(({ ev }) => ev.entity === 'primaryContact')) };
  const kept = new Map<string, UndoKept>();
  let [undone, done] = [0, 0];
  for (const phase of [...new Set(events.map(({ ev }) => orderOf(ev)))].sort((a, b) => a - b)) {
    // the phase's events by the record whose log holds them (a child's: its parent's), newest first each
    const groups = new Map<string, typeof events>();
    for (const e of events.filter(({ ev }) => orderOf(ev) === phase)) {
      const scope = e.ev.pk;
      groups.set(scope, [...(groups.get(scope) ?? []), e]);
    }
    await inPool([...groups.values()], UNDO_CONCURRENCY, async (group) => {
      for (const { ev, undo } of group) {
        // a record kept keeps every event of it (its children's too)
        const own = `${ev.entity}#${ev.entityId}`;
        const parentKept = ev.parent !== null && kept.has(`${ev.parent}#${ev.parentId}`);
        if (!kept.has(own) && !parentKept) {
          const outcome = await revert(ctx, ev, undo);
          if (outcome) {
            kept.set(own, outcome);
            // a parent whose child is kept is kept too
            if (ev.parent !== null) kept.set(`${ev.parent}#${ev.parentId}`, { entity: ev.parent, objectId: ev.parentId!, name: String(ev.parentId), differences: outcome.differences });
          } else undone++;
        }
        progress?.(++done / Math.max(1, events.length));
      }
    });
  }
  const rows = await rowsBack(p, params.importJob);
  const list = [...kept.values()];
  return { jobId: params.importJob, batchIds: params.batchIds, undone, rows, keptCount: list.length, kept: list.slice(0, KEPT_SHOWN) };
}

/** The undo job of a pipeline's kind (registered by the worker; one chunk: each event's marker makes a run again pass over what is done). */
export function undoJob(kind: RowKind): JobType {
  return {
    jobType: undoJobType(kind),
    def: {
      async plan() {
        return 1;
      },
      async runChunk(job: JobRecord, _index: number, progress) {
        const params = job.params as unknown as UndoParams;
        const result = await undoImport(kind, params, { objectId: job.createdBy ?? 0, name: params.userName || kind }, progress);
        await putJobPlan(resultKey(kind, job.jobId), result);
        return {};
      },
      async finish(job: JobRecord) {
        return (await getJobPlan<UndoResult>(resultKey(kind, job.jobId))) as unknown;
      },
    },
  };
}

/** The import job a body names: its id, a row type's last Save or Save All, or the newest import job with rows of the batch still imported. */
async function importJobOf(p: RowPipeline, body: UndoBody): Promise<JobRecord> {
  if ([body.jobId, body.rowType, body.batchId].filter((v) => v !== undefined).length !== 1) throw new BadRequestError(MSG.invalidInput);
  let jobId = body.jobId;
  if (body.rowType !== undefined) {
    jobId = await lastSaveJob(p.kind, body.rowType);
    if (jobId === undefined) throw new BadRequestError(MSG.undoNothingImported, { rowType: MSG.undoNothingImported });
  }
  if (body.batchId !== undefined) {
    const rows = await p.store.rows().all({ filter: (r) => r.batchId === body.batchId && r.rowState === 'imported' }, Number.MAX_SAFE_INTEGER);
    if (!rows.length) throw new BadRequestError(MSG.undoNothingImported, { batchId: MSG.undoNothingImported });
    const jobs = (await Promise.all([...new Set(rows.map((r) => r.importJob).filter(Boolean))].map(getJobRecord))).filter((j) => j !== undefined);
    // rows imported before the rows kept their job: their changes are not logged by job either
    if (!jobs.length) throw new BadRequestError(MSG.undoNotLogged, { batchId: MSG.undoNotLogged });
    // newest first by the job's creation to the millisecond (gsi1sk; `created` shows seconds only): jobs run in that order
    jobId = jobs.sort((a, b) => (a.gsi1sk < b.gsi1sk ? 1 : a.gsi1sk > b.gsi1sk ? -1 : 0))[0]!.jobId;
  }
  const job = jobId === undefined ? undefined : await getJobRecord(jobId);
  if (!job || job.jobType !== importJobType(p.kind)) throw new BadRequestError(MSG.undoNotImport, { jobId: MSG.undoNotImport });
  if (!FINISHED_JOB_STATUSES.includes(job.status)) throw new BadRequestError(MSG.undoRunning, { jobId: MSG.undoRunning });
  return job;
}

/** POST upload/Undo (update/Undo), body: { jobId } | { batchId }: the undo job of an import job that has rows still imported. */
export async function startUndo(p: RowPipeline, body: UndoBody, userName: string, userId: number) {
  const job = await importJobOf(p, body);
  const rows = await p.store.rows().all({ filter: (r) => r.importJob === job.jobId && r.rowState === 'imported' }, Number.MAX_SAFE_INTEGER);
  if (!rows.length) throw new BadRequestError(MSG.undoNothingImported, { jobId: MSG.undoNothingImported });
  const batchIds = [...new Set(rows.map((r) => r.batchId))].sort((a, b) => a - b);
  // imported before the change log kept an import's events by job: nothing to revert them from
  const logged = await Promise.all(batchIds.map(async (b) => (await changeLogItemsOfSource(importSource(p, b))).some((e) => e.job === job.jobId)));
  if (!logged.some(Boolean)) throw new BadRequestError(MSG.undoNotLogged, { jobId: MSG.undoNotLogged });
  return createJob({
    jobType: undoJobType(p.kind),
    name: `Undo ${job.name} (${p.label.toLowerCase()} batch ${batchIds.join(', ')})`,
    createdBy: userId,
    params: { importJob: job.jobId, batchIds, userName } satisfies UndoParams as unknown as Record<string, unknown>,
  });
}
