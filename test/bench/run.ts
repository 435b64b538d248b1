/**
 * npm run bench: the list engine at 100,000 and 500,000 rows on DynamoDB Local.
 * Reports cold start, warm p50/p95 of a query mix, read capacity per warm query, and the time
 * until a write is visible. A benchmark, not a test: figures go to bench/results/.
 * Options: BENCH_SIZES=100000,500000  BENCH_QUERIES=300
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack';

const SIZES = (process.env.BENCH_SIZES ?? '100000,500000').split(',').map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);

const TERRITORIES = ['PSEG', 'JCPL', 'CONED', 'NATGRID-NY', 'PECO', 'PGW', 'COMED', 'NICOR', 'BGE', 'COLGAS-OH'];
const STATUSES = ['Pending', 'Sent to Utility', 'Enrolled', 'Rejected', 'Drop Pending', 'Dropped'];
const WORDS = ['Acme', 'Summit', 'Riverside', 'Harbor', 'Maple', 'Liberty', 'Granite', 'Pioneer', 'Lakeside', 'Evergreen', 'Keystone', 'Atlas'];
const KINDS = ['Bakery', 'Dental', 'Logistics', 'Hotel', 'Laundromat', 'School', 'Church', 'Clinic', 'Brewery', 'Garage'];

/** Deterministic synthetic account rows (the widest list of the product). */
function row(i: number) {
  const r = (n: number) => (i * 2654435761 + n * 40503) % 1_000_003;
  const month = 1 + (r(1) % 12);
  const day = 1 + (r(2) % 28);
  const year = 2020 + (r(3) % 7);
  return {
    objectId: i,
    contractId: 10000 + (i % 20000),
    amendmentNumber: 1 + (i % 9),
    legacyId: `L${String(r(4)).padStart(7, '0')}`,
    ldcAccountNumber: `${String(r(5)).padStart(7, '0')}-${String(r(6) % 10000).padStart(4, '0')}`,
    territoryCode: TERRITORIES[r(7) % TERRITORIES.length],
    accountStatus: STATUSES[r(8) % STATUSES.length],
    accountName: `${WORDS[r(9) % WORDS.length]} ${KINDS[r(10) % KINDS.length]} ${i}`,
    businessEntityLegalName: `${WORDS[r(11) % WORDS.length]} ${KINDS[r(12) % KINDS.length]} LLC`,
    flowDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00`,
    term: [6, 12, 18, 24, 36][r(13) % 5]!,
    version: 1,
  };
}
type Row = ReturnType<typeof row>;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-bench-'));
  const stack = await startLocalStack({ port: 0, dataDir, persist: false, gateway: false, poller: false, quiet: true, javaHeap: '6g' });
  const { dynamo } = await import('../../functions/src/lib/aws');
  const { table, keys } = await import('../../functions/src/lib/db');
  const { feedAttributes, nextSeq } = await import('../../functions/src/lib/feed');
  const { ListEngine } = await import('../../functions/src/lib/list-engine');
  const { createEntity, updateEntity } = await import('../../functions/src/lib/entity');

  // Count read capacity: ask every call for it and add it up.
  let rcu = 0;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const cc = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      for (const c of Array.isArray(cc) ? cc : cc ? [cc] : []) rcu += c.CapacityUnits ?? 0;
      return out;
    },
    { step: 'initialize', name: 'countCapacity' },
  );

  const results: Record<string, unknown>[] = [];
  let loaded = 0;
  const type = 'benchaccount';
  const def = {
    type: type as never,
    key: (id: number) => ({ pk: `BENCH#${id}`, sk: 'A' }),
    idCounter: 'bench',
    fields: ['accountName', 'accountStatus', 'term'] as const,
  };
  const spec = {
    type,
    // a list keeps only its columns, in plain objects of one shape (as a real ListSpec does)
    project: (i: Record<string, unknown>): Row => ({
      objectId: Number(i.objectId),
      contractId: Number(i.contractId),
      amendmentNumber: Number(i.amendmentNumber),
      legacyId: String(i.legacyId),
      ldcAccountNumber: String(i.ldcAccountNumber),
      territoryCode: i.territoryCode as string,
      accountStatus: i.accountStatus as string,
      accountName: String(i.accountName),
      businessEntityLegalName: String(i.businessEntityLegalName),
      flowDate: String(i.flowDate),
      term: Number(i.term),
      version: Number(i.version),
    }),
    id: (r: Row) => r.objectId,
    searchText: (r: Row) => `${r.accountName} ${r.businessEntityLegalName} ${r.ldcAccountNumber} ${r.legacyId}`.toLowerCase(),
    sortKeys: {
      objectId: (r: Row) => r.objectId,
      contractId: (r: Row) => r.contractId,
      accountName: (r: Row) => r.accountName,
      flowDate: (r: Row) => r.flowDate,
      ldcAccountNum: (r: Row) => r.ldcAccountNumber,
      territoryCode: (r: Row) => r.territoryCode,
      term: (r: Row) => r.term,
    },
    defaultSort: { field: 'objectId', direction: 'Ascending' as const },
  };

  for (const size of SIZES) {
    // Seed up to `size` rows, 25 per batch, 16 batches in flight.
    const seedStart = Date.now();
    const todo = size - loaded;
    const firstSeq = await nextSeq(type, todo);
    const batches: Row[][] = [];
    for (let i = 0; i < todo; i += 25) batches.push(Array.from({ length: Math.min(25, todo - i) }, (_, k) => row(loaded + i + k + 1)));
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < batches.length) {
          const b = batches[next++]!;
          let pending = b.map((r) => ({
            PutRequest: { Item: { ...def.key(r.objectId), ...r, ...feedAttributes(type, r.objectId, firstSeq + r.objectId - loaded - 1) } },
          }));
          while (pending.length) {
            const res = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
            pending = (res.UnprocessedItems?.[table()] ?? []) as typeof pending;
          }
        }
      }),
    );
    loaded = size;
    const seedSecs = (Date.now() - seedStart) / 1000;
    console.log(`seeded ${size.toLocaleString()} rows (${seedSecs.toFixed(0)} s)`);

    // Cold start, three ways: the whole feed; a snapshot refresh; a new container from the snapshot.
    let feedOnly: InstanceType<typeof ListEngine<Row>> | undefined = new ListEngine<Row>(spec, { snapshots: false });
    rcu = 0;
    let t = Date.now();
    const first = await feedOnly.query({ orderBy: 'objectId Ascending', limit: 100, getTotalCount: true });
    const coldMs = Date.now() - t;
    const coldRcu = rcu;
    if (first.totalCount !== size) throw new Error(`expected ${size} rows, got ${first.totalCount}`);
    feedOnly = undefined; // one container's projection in memory at a time, as in Lambda
    void feedOnly;
    await new ListEngine<Row>(spec, { snapshots: true }).query({ limit: 1 }); // writes the snapshot
    const engine = new ListEngine<Row>(spec, { snapshots: true });
    rcu = 0;
    t = Date.now();
    const fromSnap = await engine.query({ orderBy: 'objectId Ascending', limit: 100, getTotalCount: true });
    const coldSnapshotMs = Date.now() - t;
    const coldSnapshotRcu = rcu;
    if (fromSnap.totalCount !== size || !engine.stats.snapshotLoaded) throw new Error('snapshot cold start failed');
    // Warm the sort orders the mix uses (each is built once per container).
    for (const k of Object.keys(spec.sortKeys)) await engine.query({ orderBy: `${k} Descending`, limit: 1 });
    // Leave the lag window of the seeding writes, so warm queries are steady-state.
    (engine as unknown as { lastMoveAt: number }).lastMoveAt = Date.now() - 60_000;

    // Warm query mix: filter + keyword + sort + deep skip + total.
    const times: number[] = [];
    const memTimes: number[] = [];
    rcu = 0;
    for (let q = 0; q < QUERIES; q++) {
      const sortKey = Object.keys(spec.sortKeys)[q % 7]!;
      const t0 = process.hrtime.bigint();
      await engine.refresh(); // the counter read
      const t1 = process.hrtime.bigint();
      engine.queryLoaded({
        filter: q % 3 === 0 ? (r) => r.territoryCode === TERRITORIES[q % 10] : q % 3 === 1 ? (r) => r.accountStatus === STATUSES[q % 6] && r.term >= 12 : undefined,
        keyword: q % 2 === 0 ? WORDS[q % WORDS.length]!.toLowerCase() : q % 5 === 0 ? `${KINDS[q % KINDS.length]} 1` : undefined,
        orderBy: `${sortKey} ${q % 2 ? 'Descending' : 'Ascending'}`,
        skip: q % 4 === 0 ? Math.floor(size / 3) % 5000 : (q * 100) % 2000,
        limit: 100,
        getTotalCount: true,
      });
      const t2 = process.hrtime.bigint();
      times.push(Number(t2 - t0) / 1e6);
      memTimes.push(Number(t2 - t1) / 1e6);
    }
    const rcuPerQuery = rcu / QUERIES;

    // Time until a write is visible to this warm engine (read-your-writes through the feed).
    const visible: number[] = [];
    for (let k = 0; k < 5; k++) {
      const id = 1 + k * 997;
      const marker = `Renamed ${k} ${Date.now()}`;
      const cur = (await import('../../functions/src/lib/db')).getItem;
      const item = await cur<Row & { version: number }>(def.key(id));
      const t0 = Date.now();
      await updateEntity(def as never, id, item!.version, { accountName: marker } as never, { actor: { objectId: 0, name: 'Bench' } });
      let seen = false;
      while (!seen) {
        const page = await engine.query({ keyword: marker.toLowerCase(), limit: 1, getTotalCount: true });
        seen = page.totalCount === 1;
      }
      visible.push(Date.now() - t0);
    }
    void createEntity;
    void keys;

    const r = {
      rows: size,
      seedSeconds: Math.round(seedSecs),
      coldStartFeedMs: coldMs,
      coldStartFeedRcu: Math.round(coldRcu),
      coldStartSnapshotMs: coldSnapshotMs,
      coldStartSnapshotRcu: Math.round(coldSnapshotRcu),
      warmP50Ms: +percentile(times, 50).toFixed(1),
      warmP95Ms: +percentile(times, 95).toFixed(1),
      warmMaxMs: +Math.max(...times).toFixed(1),
      inMemoryP50Ms: +percentile(memTimes, 50).toFixed(1),
      inMemoryP95Ms: +percentile(memTimes, 95).toFixed(1),
      rcuPerWarmQuery: +rcuPerQuery.toFixed(2),
      writeVisibleMsMedian: percentile(visible, 50),
      writeVisibleMsMax: Math.max(...visible),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
    };
    results.push(r);
    console.table([r]);
  }

  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const outDir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `list-engine-${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(file, JSON.stringify({ machine: `${os.cpus().length} cores, node ${process.version}`, queries: QUERIES, results }, null, 2));
  console.log('\nList engine benchmark');
  console.table(results);
  console.log(`written to ${path.relative(REPO_ROOT, file)}`);
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
