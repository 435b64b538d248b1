import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from './aws';
import { listChangeLogs, type LogEntity } from './change-log';
import { batchGet, batchPut, table } from './db';
import { createEntity, deleteEntity, getEntity, updateEntity, type EntityDef } from './entity';
import { ConflictError } from './errors';
import { currentSeq, FEED_SHARDS, feedAttributes, nextSeq } from './feed';
import { ListEngine, type ListSpec } from './list-engine';

/** A list type of these tests only: a fresh type per test, so tests never see each other's rows. */
interface Widget {
  objectId: number;
  name: string;
  color: string | null;
  size: number;
}
let type: string;
let def: EntityDef<Widget>;
let spec: ListSpec<Widget>;
const actor = { objectId: 1, name: 'Test Actor' };

beforeEach(() => {
  type = `widget${randomUUID().slice(0, 8)}`;
  def = {
    type: type as LogEntity,
    key: (id) => ({ pk: `${type.toUpperCase()}#${id}`, sk: 'W' }),
    idCounter: type,
    fields: ['name', 'color', 'size'],
  };
  spec = {
    type,
    project: (i) => ({ objectId: Number(i.objectId), name: String(i.name), color: (i.color as string) ?? null, size: Number(i.size) }),
    id: (r) => r.objectId,
    searchText: (r) => `${r.name} ${r.color ?? ''}`.toLowerCase(),
    sortKeys: { objectId: (r) => r.objectId, name: (r) => r.name, size: (r) => r.size, color: (r) => r.color },
    defaultSort: { field: 'objectId', direction: 'Ascending' },
  };
});

const make = (name: string, color: string | null, size: number) => createEntity(def, { name, color, size }, { actor });

describe('versioned entities with their change log', () => {
  it('writes a created event with the entity, and one entry per changed field on update', async () => {
    // Prepare
    const w = await make('Alpha', 'red', 1);
    // Act
    const u = await updateEntity(def, w.objectId, 1, { color: 'blue', size: 2, name: 'Alpha' }, { actor });
    // Assess
    expect(u.version).toBe(2);
    const log = await listChangeLogs({ entity: type as LogEntity, id: w.objectId });
    expect(log.map((e) => [e.action, e.fieldName, e.oldValue, e.newValue])).toEqual([
      ['updated', 'color', 'red', 'blue'],
      ['updated', 'size', '1', '2'],
      ['added', '', null, null],
    ]);
    expect(log[0]).toMatchObject({ actionUser: 'Test Actor', entity: type, entityId: w.objectId });
    expect(log[0]!.actionDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('answers 409 to a stale version and changes nothing, log included', async () => {
    const w = await make('Beta', null, 1);
    await updateEntity(def, w.objectId, 1, { size: 5 }, { actor });
    await expect(updateEntity(def, w.objectId, 1, { size: 9 }, { actor })).rejects.toBeInstanceOf(ConflictError);
    expect((await getEntity(def, w.objectId))?.size).toBe(5);
    expect((await listChangeLogs({ entity: type as LogEntity, id: w.objectId })).length).toBe(2);
  });

  it('lets only one of two concurrent updates of the same version win', async () => {
    const w = await make('Gamma', null, 1);
    const results = await Promise.allSettled([
      updateEntity(def, w.objectId, 1, { size: 10 }, { actor }),
      updateEntity(def, w.objectId, 1, { size: 20 }, { actor }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof ConflictError)).toHaveLength(1);
    const after = await getEntity(def, w.objectId);
    expect(after?.version).toBe(2);
    expect((await listChangeLogs({ entity: type as LogEntity, id: w.objectId })).filter((e) => e.action === 'updated')).toHaveLength(1);
  });

  it('writes nothing for an update that changes nothing', async () => {
    const w = await make('Delta', 'red', 3);
    const same = await updateEntity(def, w.objectId, 1, { color: 'red' }, { actor });
    expect(same.version).toBe(1);
    expect(await listChangeLogs({ entity: type as LogEntity, id: w.objectId })).toHaveLength(1);
  });

  it('deletes as a tombstone with a deleted event', async () => {
    const w = await make('Eps', null, 1);
    await deleteEntity(def, w.objectId, 1, { actor });
    expect(await getEntity(def, w.objectId)).toBeUndefined();
    expect((await listChangeLogs({ entity: type as LogEntity, id: w.objectId }))[0]?.action).toBe('deleted');
  });
});

describe('list engine', () => {
  it('filters, searches, sorts both ways, pages and counts exactly', async () => {
    // Prepare
    const colors = ['red', 'green', 'blue'];
    for (let i = 1; i <= 30; i++) await make(`Item ${String(i).padStart(2, '0')}`, colors[i % 3]!, 100 - i);
    const engine = new ListEngine(spec);
    // Act
    const page = await engine.query({ keyword: 'item', filter: (r) => r.color === 'red', orderBy: 'size Ascending', skip: 2, limit: 3, getTotalCount: true });
    const desc = await engine.query({ orderBy: 'name Descending', limit: 2, getTotalCount: true });
    const words = await engine.query({ keyword: 'ITEM 1 green', limit: 50, getTotalCount: true });
    const fullText = await engine.query({ keyword: 'ITEM 1 green', fullText: true, limit: 50, getTotalCount: true });
    // Assess
    expect(page.totalCount).toBe(10);
    expect(page.data.map((r) => r.size)).toEqual([76, 79, 82]);
    expect(desc.totalCount).toBe(30);
    expect(desc.data.map((r) => r.name)).toEqual(['Item 30', 'Item 29']);
    // keyword: every word starts a word of the row (green, and a number starting with 1)
    expect(words.data.map((r) => r.name)).toEqual(['Item 10', 'Item 13', 'Item 16', 'Item 19']);
    // full text: every word occurs anywhere
    expect(fullText.data.map((r) => r.name)).toEqual(['Item 01', 'Item 10', 'Item 13', 'Item 16', 'Item 19']);
  });

  it('refuses an unknown sort field with a 400', async () => {
    const engine = new ListEngine(spec);
    await expect(engine.query({ orderBy: 'secret Ascending' })).rejects.toMatchObject({ status: 400 });
  });

  it('reads its own writes: a create, an update and a delete show in the next query', async () => {
    // Prepare: a warm engine in another "container"
    const engine = new ListEngine(spec);
    const a = await make('Apple', 'red', 1);
    expect((await engine.query({ getTotalCount: true })).totalCount).toBe(1);
    // Act
    const b = await make('Banana', 'yellow', 2);
    await updateEntity(def, a.objectId, 1, { name: 'Apricot' }, { actor });
    const afterWrites = await engine.query({ orderBy: 'name Ascending', getTotalCount: true });
    await deleteEntity(def, b.objectId, 1, { actor });
    const afterDelete = await engine.query({ getTotalCount: true });
    // Assess
    expect(afterWrites.data.map((r) => r.name)).toEqual(['Apricot', 'Banana']);
    expect((await engine.query({ keyword: 'apple', getTotalCount: true })).totalCount).toBe(0);
    expect((await engine.query({ keyword: 'apri', getTotalCount: true })).totalCount).toBe(1);
    expect(afterDelete.data.map((r) => r.name)).toEqual(['Apricot']);
    expect(afterDelete.totalCount).toBe(1);
  });

  it('does not miss a write whose transaction committed after a later one', async () => {
    // Prepare: seq s1 is reserved, then s2 is reserved and committed first
    const engine = new ListEngine(spec);
    await make('First', null, 1);
    await engine.query({});
    const s1 = await nextSeq(type);
    await make('Second', null, 2);
    expect((await engine.query({ getTotalCount: true })).totalCount).toBe(2);
    // Act: the slow transaction commits now
    await dynamo().send(
      new PutCommand({ TableName: table(), Item: { ...def.key(999), objectId: 999, name: 'Late', color: null, size: 3, version: 1, ...feedAttributes(type, 999, s1) } }),
    );
    const page = await engine.query({ getTotalCount: true, orderBy: 'size Ascending' });
    // Assess
    expect(page.data.map((r) => r.name)).toEqual(['First', 'Second', 'Late']);
  });

  it('waits for the feed index once per counter value: a number drawn and never written does not hold the refreshes after it', async () => {
    // Prepare: a loaded list, then a number drawn by a write that never commits
    const engine = new ListEngine(spec);
    await make('One', null, 1);
    await engine.query({});
    await nextSeq(type);
    // Act: two queries with that number above everything written
    const before = engine.stats.feedQueries;
    const first = await engine.query({ getTotalCount: true });
    const waited = engine.stats.feedQueries - before;
    await engine.query({});
    const again = engine.stats.feedQueries - before - waited;
    // Assess: the first reads the feed and twice more as the index may lag; the second reads it once
    expect([waited, again]).toEqual([3 * FEED_SHARDS, FEED_SHARDS]);
    expect(first.totalCount).toBe(1);
  });

  it('reads the feed again only while a number above what it has read may be in flight: after a write is read, a refresh is the counter read alone', async () => {
    // Prepare: a loaded list with nothing in flight after its load (inFlightMax 0), then one write
    const engine = new ListEngine(spec, { snapshots: false, inFlightMax: 0 });
    await make('One', null, 1);
    await engine.query({});
    await make('Two', null, 2);
    // Act: two queries within the write's lag window
    const before = engine.stats.feedQueries;
    const first = await engine.query({ getTotalCount: true });
    const read = engine.stats.feedQueries - before;
    await engine.query({});
    const again = engine.stats.feedQueries - before - read;
    // Assess: the first reads every shard and finds the write's number, the only one above the mark; the second reads none
    expect([read, again]).toEqual([FEED_SHARDS, 0]);
    expect(first.totalCount).toBeGreaterThanOrEqual(2);
    expect(first.data.map((r) => r.name)).toContain('Two');
  });

  it('starts a new container from the S3 snapshot plus the feed after it', async () => {
    // Prepare: a first container reads the whole feed and writes a snapshot
    const a = await make('Anchor', null, 1);
    await make('Bolt', null, 2);
    const first = new ListEngine(spec, { snapshots: true });
    await first.query({});
    expect(first.stats.snapshotWritten).toBe(true);
    // Act: changes after the snapshot, then a new container
    await updateEntity(def, a.objectId, 1, { name: 'Anchor Renamed' }, { actor });
    await make('Cog', null, 3);
    const second = new ListEngine(spec, { snapshots: true });
    const page = await second.query({ orderBy: 'size Ascending', getTotalCount: true });
    // Assess
    expect(second.stats.snapshotLoaded).toBe(true);
    expect(page.data.map((r) => r.name)).toEqual(['Anchor Renamed', 'Bolt', 'Cog']);
  });

  it('re-reads only the possibly in-flight tail of the feed right after a cold start', async () => {
    // Prepare
    for (let i = 0; i < 10; i++) await make(`Row ${i}`, null, i);
    const engine = new ListEngine(spec, { snapshots: false, inFlightMax: 2 });
    await engine.query({});
    const afterLoad = engine.stats.itemsRead;
    // Act: a second query inside the lag window, nothing written meanwhile
    const page = await engine.query({ getTotalCount: true });
    // Assess
    expect(afterLoad).toBe(10);
    expect(engine.stats.itemsRead - afterLoad).toBe(2);
    expect(page.totalCount).toBe(10);
  });
});

describe('batchGet', () => {
  it('reads more keys than one BatchGetItem takes (100), missing ones left out', async () => {
    // Prepare: 250 stored items
    const p = randomUUID();
    await batchPut(Array.from({ length: 250 }, (_, i) => ({ pk: `${p}#${i}`, sk: 'BG', i })), 4);
    // Act: their keys and one that is not stored
    const items = await batchGet([...Array.from({ length: 250 }, (_, i) => ({ pk: `${p}#${i}`, sk: 'BG' })), { pk: `${p}#none`, sk: 'BG' }]);
    // Assess
    expect(items.map((x) => x.i as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 250 }, (_, i) => i));
  });
});

describe('batchPut', () => {
  it('completes each batch of 25 just before sending it, after the batches before it are stored', async () => {
    // Prepare: 60 items written one batch at a time; each batch stamped as it is prepared
    const p = randomUUID();
    const items = Array.from({ length: 60 }, (_, i) => ({ pk: `${p}#${i}`, sk: 'BP', i }));
    const prepared: { size: number; storedBefore: number }[] = [];
    // Act
    await batchPut(items, 1, async (batch) => {
      const stored = await batchGet(items.map(({ pk, sk }) => ({ pk, sk })));
      prepared.push({ size: batch.length, storedBefore: stored.length });
      return batch.map((item) => ({ ...item, stamp: prepared.length }));
    });
    // Assess: three batches, each prepared once the ones before it were written, with its stamp stored
    expect(prepared).toEqual([
      { size: 25, storedBefore: 0 },
      { size: 25, storedBefore: 25 },
      { size: 10, storedBefore: 50 },
    ]);
    const stored = await batchGet(items.map(({ pk, sk }) => ({ pk, sk })));
    expect(stored.map((x) => [x.i, x.stamp]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(items.map((_, i) => [i, Math.floor(i / 25) + 1]));
  });
});

describe('feed counters', () => {
  it('reads the counters asked for in one turn (a list and the lists it joins) with one request, each its own value', async () => {
    // Prepare: three types' counters at 1, 2 and 3 (a fourth never drawn from)
    const types = [1, 2, 3].map((n) => `counted${randomUUID().slice(0, 8)}n${n}`);
    for (const [i, t] of types.entries()) await nextSeq(t, i + 1);
    const never = `counted${randomUUID().slice(0, 8)}`;
    const send = vi.spyOn(dynamo(), 'send');
    // Act
    const values = await Promise.all([...types, never, types[0]!].map((t) => currentSeq(t)));
    // Assess
    expect(values).toEqual([1, 2, 3, 0, 1]);
    expect(send.mock.calls.map(([c]) => c.constructor.name)).toEqual(['BatchGetCommand']);
    send.mockRestore();
  });
});
