import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../aws';
import { table, transact } from '../db';
import { FEED_LAG_MS, feedAttributes, nextSeq } from '../feed';
import { ListEngine } from './engine';
import type { ListSpec } from './spec';

/**
 * The list engine against the feed when commits come late and out of order: a sequence number is
 * drawn, then its write commits up to FEED_LAG_MS later (the writers' contract, feed.ts). Whatever
 * the order of draws, commits and queries, and whether anything is written after a burst, a query
 * shows exactly the writes committed before it. The clock is faked (Date only); DynamoDB is real.
 */
interface Row {
  objectId: number;
  name: string;
}
let type: string;
let spec: ListSpec<Row>;
beforeEach(() => {
  type = `feedprop${randomUUID().slice(0, 8)}`;
  spec = {
    type,
    project: (i) => ({ objectId: Number(i.objectId), name: String(i.name) }),
    id: (r) => r.objectId,
    searchText: (r) => r.name.toLowerCase(),
    sortKeys: { objectId: (r) => r.objectId },
    defaultSort: { field: 'objectId', direction: 'Ascending' },
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-05T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

let clock = 0;
const at = (ms: number) => {
  clock = ms;
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 5, 9) + ms));
};
/** A record's write: like a versioned write, it never replaces a later version (a higher number). */
const commit = async (objectId: number, name: string, seq: number) => {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { pk: `${type.toUpperCase()}#${objectId}`, sk: 'R', objectId, name, ...feedAttributes(type, objectId, seq) },
        ConditionExpression: 'attribute_not_exists(seq) OR seq < :s',
        ExpressionAttributeValues: { ':s': seq },
      }),
    );
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  }
};
const shown = async (engine: ListEngine<Row>) => {
  const page = await engine.query({ limit: 1000, getTotalCount: true });
  expect(page.totalCount).toBe(page.data.length);
  return Object.fromEntries(page.data.map((r) => [r.objectId, r.name]));
};

describe('list engine feed with late commits', () => {
  it('shows the last writes of a burst that committed after its last query, with nothing written after them', async () => {
    // Prepare: a warm engine; a burst draws three numbers, commits one, and a query sees it
    const engine = new ListEngine(spec, { snapshots: false });
    at(0);
    await shown(engine);
    at(1_000);
    const first = await nextSeq(type, 3);
    await commit(1, 'one', first);
    at(2_000);
    expect(await shown(engine)).toEqual({ 1: 'one' });
    // Act: the burst's tail commits within the lag, and no write comes after it
    at(8_000);
    await commit(2, 'two', first + 1);
    await commit(3, 'three', first + 2);
    at(70_000);
    const late = await shown(engine);
    // Assess
    expect(late).toEqual({ 1: 'one', 2: 'two', 3: 'three' });
  });

  it('shows a write that committed later than the lag after its number was drawn (its stamp renewed)', async () => {
    // Prepare: a number drawn, the engine past the lag with it unwritten
    const engine = new ListEngine(spec, { snapshots: false });
    at(0);
    await shown(engine);
    at(1_000);
    const seq = await nextSeq(type);
    at(1_500);
    await shown(engine);
    at(1_500 + FEED_LAG_MS + 500);
    expect(await shown(engine)).toEqual({});
    // Act: the slow transaction commits now
    at(3_000 + FEED_LAG_MS);
    await transact([{ Put: { TableName: table(), Item: { pk: `${type.toUpperCase()}#7`, sk: 'R', objectId: 7, name: 'slow', ...feedAttributes(type, 7, seq) } } }]);
    at(4_000 + FEED_LAG_MS);
    const rows = await shown(engine);
    // Assess
    expect(rows).toEqual({ 7: 'slow' });
  });

  it('shows an update that stamped its item later than the lag after its number was drawn (its stamp renewed)', async () => {
    // Prepare: an item written earlier; a number drawn for its update; the engine past the lag
    const engine = new ListEngine(spec, { snapshots: false });
    at(0);
    await commit(8, 'before', await nextSeq(type));
    await shown(engine);
    at(1_000);
    const seq = await nextSeq(type);
    at(1_500);
    await shown(engine);
    at(1_500 + FEED_LAG_MS + 500);
    expect(await shown(engine)).toEqual({ 8: 'before' });
    // Act: the slow update (shaped as the uploader's row import writes it) commits now
    at(3_000 + FEED_LAG_MS);
    const f = feedAttributes(type, 8, seq);
    await transact([
      {
        Update: {
          TableName: table(),
          Key: { pk: `${type.toUpperCase()}#8`, sk: 'R' },
          UpdateExpression: 'SET #n = :name, seq = :seq, feedpk = :fpk, etype = :et, version = :one',
          ExpressionAttributeNames: { '#n': 'name' },
          ExpressionAttributeValues: { ':name': 'after', ':seq': f.seq, ':fpk': f.feedpk, ':et': f.etype, ':one': 1 },
        },
      },
    ]);
    at(4_000 + FEED_LAG_MS);
    const rows = await shown(engine);
    // Assess
    expect(rows).toEqual({ 8: 'after' });
  });

  it('reads only the counter once everything up to it was read after the lag', async () => {
    // Prepare
    const engine = new ListEngine(spec, { snapshots: false });
    at(0);
    await commit(1, 'one', await nextSeq(type));
    await shown(engine);
    at(FEED_LAG_MS + 1_000);
    await shown(engine); // settles: everything up to the counter is now surely read
    const before = engine.stats.feedQueries;
    // Act
    at(FEED_LAG_MS + 60_000);
    const rows = await shown(engine);
    // Assess
    expect(rows).toEqual({ 1: 'one' });
    expect(engine.stats.feedQueries).toBe(before);
  });

  for (const seed of [1, 2, 3]) {
    it(`shows exactly the committed writes at every query, commits delayed and reordered at random (seed ${seed})`, { timeout: 120_000 }, async () => {
      // Prepare: draws of single numbers and reserved blocks, updates of the same records, commits
      // delayed up to the lag, queries by a warm engine and by engines started cold from its
      // snapshot at random moments; the last commits come with nothing after them.
      let state = seed * 7919;
      const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
      type Ev = { t: number; order: number; run: () => Promise<void> };
      const events: Ev[] = [];
      const committed = new Map<number, { name: string; seq: number }>();
      const draws: { t: number; count: number; writes: { objectId: number; name: string; delay: number }[] }[] = [];
      let t = 0;
      for (let d = 0; d < 25; d++) {
        t += Math.floor(random() * 3_000);
        const count = random() < 0.3 ? 2 + Math.floor(random() * 5) : 1;
        const writes = Array.from({ length: count }, (_, k) => ({
          objectId: 1 + Math.floor(random() * 30),
          name: `v${d}.${k}`,
          delay: Math.floor(random() * (FEED_LAG_MS - 1)),
        }));
        draws.push({ t, count, writes });
      }
      let order = 0;
      for (const draw of draws) {
        const seqs: number[] = [];
        events.push({
          t: draw.t,
          order: order++,
          run: async () => {
            const first = await nextSeq(type, draw.count);
            for (let k = 0; k < draw.count; k++) seqs.push(first + k);
          },
        });
        draw.writes.forEach((w, k) =>
          events.push({
            t: draw.t + w.delay,
            order: order++,
            run: async () => {
              await commit(w.objectId, w.name, seqs[k]!);
              const had = committed.get(w.objectId);
              if (!had || had.seq < seqs[k]!) committed.set(w.objectId, { name: w.name, seq: seqs[k]! });
            },
          }),
        );
      }
      const end = t + FEED_LAG_MS;
      const engine = new ListEngine(spec, { snapshots: true });
      const engines = [engine];
      const queries: number[] = [];
      for (let q = 0; q < 20; q++) queries.push(Math.floor(random() * (end + 30_000)));
      queries.push(end + 1, end + 20_000, end + 90_000);
      for (const qt of queries) {
        const cold = random() < 0.15;
        events.push({
          t: qt,
          order: order++,
          run: async () => {
            if (cold) engines.push(new ListEngine(spec, { snapshots: true }));
            for (const e of engines) {
              const want = Object.fromEntries([...committed].map(([id, v]) => [id, v.name]));
              expect(await shown(e), `query at ${clock} ms`).toEqual(want);
            }
          },
        });
      }
      events.sort((a, b) => a.t - b.t || a.order - b.order);
      // Act and Assess, event by event
      for (const ev of events) {
        at(ev.t);
        await ev.run();
      }
      expect(committed.size).toBeGreaterThan(10);
    });
  }
});
