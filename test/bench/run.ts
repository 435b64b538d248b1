/**
 * npm run bench: the list engine at 100,000 and 500,000 rows of a 25-column account-like list, on
 * DynamoDB Local and the local S3. A benchmark, not a test: figures go to bench/results/.
 *
 * For each size it reports: the heap the engine holds, the snapshot's size, the cold start from the
 * snapshot and from the whole feed, read units, the time until a write is visible, and p50/p95 of
 * four query kinds (filter, keyword, sort, page) warm (with the counter read) and in memory; and,
 * beside them in the same run, the bare library doing the same work (plain JS arrays of row objects:
 * Array.prototype.filter/sort/slice, no index, no cached order) with its heap.
 * The cold start from the whole feed is measured up to BENCH_FEED_COLD_MAX rows (default 100,000:
 * above that it is DynamoDB Local's read speed, about linear, and takes many minutes on a small
 * machine); for larger sizes the snapshot is made from the seeded items applied in process.
 * Options: BENCH_SIZES=100000,500000  BENCH_QUERIES=200  BENCH_FEED_COLD_MAX=100000  BENCH_LABEL=after
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack } from '../../infra/local/stack';
import { runSuite, writeResults } from './support';
import type { ListQuery } from '../../functions/src/lib/list/spec';

const SIZES = (process.env.BENCH_SIZES ?? '100000,500000').split(',').map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const FEED_COLD_MAX = Number(process.env.BENCH_FEED_COLD_MAX ?? 100_000);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** JS heap plus the typed arrays' backing stores (outside heapUsed), after a full GC. */
function heapMb(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
}

const TERRITORIES = ['PSEG', 'JCPL', 'CONED', 'NATGRID-NY', 'PECO', 'PGW', 'COMED', 'NICOR', 'BGE', 'COLGAS-OH'];
const STATUSES = ['Pending', 'Sent to Utility', 'Enrolled', 'Rejected', 'Drop Pending', 'Dropped'];
const WORDS = ['Acme', 'Summit', 'Riverside', 'Harbor', 'Maple', 'Liberty', 'Granite', 'Pioneer', 'Lakeside', 'Evergreen', 'Keystone', 'Atlas'];
const KINDS = ['Bakery', 'Dental', 'Logistics', 'Hotel', 'Laundromat', 'School', 'Church', 'Clinic', 'Brewery', 'Garage'];
const STREETS = ['Main', 'Oak', 'Park', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Pine', 'Broad', 'Market', 'Church'];
const CITIES = ['Newark', 'Trenton', 'Camden', 'Albany', 'Buffalo', 'Philadelphia', 'Pittsburgh', 'Chicago', 'Baltimore', 'Columbus'];
const STATES = ['NJ', 'NY', 'PA', 'IL', 'MD', 'OH'];
const RATE_CLASSES = ['RS', 'GS', 'GLP', 'LPL-S', 'LPL-P', 'SC1', 'SC2', 'SC9'];
const AGENTS = Array.from({ length: 400 }, (_, k) => `${WORDS[k % WORDS.length]} Energy Partners ${k}`);
const SALES = ['Direct', 'Broker', 'Telesales', 'Web'];

/** Deterministic synthetic account rows: 25 columns (the widest list of the product). */
function row(i: number) {
  const r = (n: number) => (i * 2654435761 + n * 40503) % 1_000_003;
  const date = (n: number) => {
    const month = 1 + (r(n) % 12);
    const day = 1 + (r(n + 1) % 28);
    const year = 2020 + (r(n + 2) % 7);
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00`;
  };
  return {
    objectId: i,
    contractId: 10000 + (i % 20000),
    amendmentNumber: 1 + (i % 9),
    legacyId: `L${String(r(4)).padStart(7, '0')}`,
    ldcAccountNumber: `${String(r(5)).padStart(7, '0')}-${String(r(6) % 10000).padStart(4, '0')}`,
    territoryCode: TERRITORIES[r(7) % TERRITORIES.length]!,
    accountStatus: STATUSES[r(8) % STATUSES.length]!,
    accountName: `${WORDS[r(9) % WORDS.length]} ${KINDS[r(10) % KINDS.length]} ${i}`,
    businessEntityLegalName: `${WORDS[r(11) % WORDS.length]} ${KINDS[r(12) % KINDS.length]} LLC`,
    flowDate: date(20),
    term: [6, 12, 18, 24, 36][r(13) % 5]!,
    version: 1,
    serviceAddress: `${1 + (r(14) % 9999)} ${STREETS[r(15) % STREETS.length]} St`,
    serviceCity: CITIES[r(16) % CITIES.length]!,
    serviceState: STATES[r(17) % STATES.length]!,
    serviceZip: String(r(18) % 100000).padStart(5, '0'),
    commodity: r(19) % 3 === 0 ? 'Gas' : 'Electric',
    rateClass: RATE_CLASSES[r(30) % RATE_CLASSES.length]!,
    meterNumber: `M${String(r(31)).padStart(8, '0')}`,
    annualUsage: r(32) * 7,
    rate: (r(33) % 20000) / 100000,
    agentName: AGENTS[r(34) % AGENTS.length]!,
    salesType: SALES[r(35) % SALES.length]!,
    startDate: date(40),
    isActive: r(36) % 10 !== 0,
  };
}
type Row = ReturnType<typeof row>;
const COLUMNS = Object.keys(row(1)).length;

const searchText = (r: Row) => `${r.accountName} ${r.businessEntityLegalName} ${r.ldcAccountNumber} ${r.legacyId} ${r.meterNumber}`.toLowerCase();
const SORT_KEYS = ['objectId', 'contractId', 'accountName', 'flowDate', 'ldcAccountNumber', 'territoryCode', 'term', 'annualUsage'] as const;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1);
}

/** The query mix, by kind: the same queries go to the engine and to the bare arrays. */
interface BenchQuery {
  /** the condition, as the bare array tests it */
  filter?: (r: Row) => boolean;
  /** the same condition as the product passes it to the engine: exact hints (plan.ts) */
  hints?: Pick<ListQuery<Row>, 'equals' | 'range'>;
  keyword?: string;
  orderBy: string;
  skip: number;
}
const KINDS_OF_QUERY = ['filter', 'keyword', 'sort', 'page'] as const;
function benchQuery(kind: (typeof KINDS_OF_QUERY)[number], q: number): BenchQuery {
  const sortKey = SORT_KEYS[q % SORT_KEYS.length]!;
  const dir = q % 2 ? 'Descending' : 'Ascending';
  switch (kind) {
    case 'filter': {
      const t = TERRITORIES[q % 10];
      const s = STATUSES[q % 6];
      return {
        ...(q % 2 === 0
          ? { filter: (r: Row) => r.territoryCode === t && r.isActive, hints: { equals: [{ column: 'territoryCode', value: t! }, { column: 'isActive', value: true }] } }
          : { filter: (r: Row) => r.accountStatus === s && r.term >= 12, hints: { equals: [{ column: 'accountStatus', value: s! }], range: [{ column: 'term', from: 12 }] } }),
        orderBy: 'objectId Ascending',
        skip: (q * 100) % 2000,
      };
    }
    case 'keyword':
      return {
        keyword: q % 3 === 0 ? WORDS[q % WORDS.length]!.toLowerCase() : q % 3 === 1 ? `${KINDS[q % KINDS.length]} ${1 + (q % 9)}` : `${WORDS[q % WORDS.length]} ${KINDS[q % KINDS.length]}`,
        orderBy: `${sortKey} ${dir}`,
        skip: 0,
      };
    case 'sort':
      return { orderBy: `${sortKey} ${dir}`, skip: (q * 1000) % 100_000 };
    case 'page':
      return { orderBy: 'objectId Ascending', skip: (q * 4321) % 200_000 };
  }
}

/** The bare library: a plain array of row objects, filtered and sorted by Array.prototype per query. */
function bareQuery(rows: Row[], texts: string[], q: BenchQuery): { data: Row[]; totalCount: number } {
  const words = (q.keyword ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let idx: number[] = [];
  if (q.filter || words.length) {
    for (let i = 0; i < rows.length; i++) {
      if (q.filter && !q.filter(rows[i]!)) continue;
      if (words.length && !words.every((w) => texts[i]!.includes(` ${w}`))) continue;
      idx.push(i);
    }
  } else idx = Array.from(rows.keys());
  const [field, dir] = q.orderBy.split(' ') as [keyof Row, string];
  if (field !== 'objectId') {
    const norm = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
    idx.sort((a, b) => {
      const va = norm(rows[a]![field]) as string | number;
      const vb = norm(rows[b]![field]) as string | number;
      return va === vb ? a - b : va < vb ? -1 : 1;
    });
  }
  if (dir === 'Descending') idx.reverse();
  return { data: idx.slice(q.skip, q.skip + 100).map((i) => rows[i]!), totalCount: idx.length };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-bench-'));
  const stack = await startLocalStack({ port: 0, dataDir, persist: false, gateway: false, poller: false, quiet: true, javaHeap: '6g' });
  const { dynamo, s3Client } = await import('../../functions/src/lib/aws');
  const { config } = await import('../../functions/src/lib/config');
  const { table, getItem } = await import('../../functions/src/lib/db');
  const { feedAttributes, nextSeq } = await import('../../functions/src/lib/feed');
  const { ListEngine } = await import('../../functions/src/lib/list-engine');
  const { updateEntity } = await import('../../functions/src/lib/entity');

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
      territoryCode: String(i.territoryCode),
      accountStatus: String(i.accountStatus),
      accountName: String(i.accountName),
      businessEntityLegalName: String(i.businessEntityLegalName),
      flowDate: String(i.flowDate),
      term: Number(i.term),
      version: Number(i.version),
      serviceAddress: String(i.serviceAddress),
      serviceCity: String(i.serviceCity),
      serviceState: String(i.serviceState),
      serviceZip: String(i.serviceZip),
      commodity: String(i.commodity),
      rateClass: String(i.rateClass),
      meterNumber: String(i.meterNumber),
      annualUsage: Number(i.annualUsage),
      rate: Number(i.rate),
      agentName: String(i.agentName),
      salesType: String(i.salesType),
      startDate: String(i.startDate),
      isActive: i.isActive === true,
    }),
    id: (r: Row) => r.objectId,
    searchText,
    sortKeys: Object.fromEntries(SORT_KEYS.map((k) => [k, (r: Row) => r[k]])) as Record<string, (r: Row) => string | number>,
    defaultSort: { field: 'objectId', direction: 'Ascending' as const },
  };

  async function snapshotBytes(): Promise<number> {
    const r = await s3Client().send(new ListObjectsV2Command({ Bucket: config.exportsBucket, Prefix: `list-snapshots/${type}` }));
    return (r.Contents ?? []).reduce((n, o) => n + (o.Size ?? 0), 0);
  }

  const seqOf = new Float64Array(Math.max(...SIZES) + 1);
  for (const size of SIZES) {
    // Seed up to `size` rows, 25 per batch, 16 batches in flight.
    const seedStart = Date.now();
    const todo = size - loaded;
    const firstSeq = await nextSeq(type, todo);
    for (let id = loaded + 1; id <= size; id++) seqOf[id] = firstSeq + id - loaded - 1;
    let next = 0;
    const batches = Math.ceil(todo / 25);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < batches) {
          const b = next++;
          const from = loaded + b * 25 + 1;
          const to = Math.min(size, from + 24);
          let pending = Array.from({ length: to - from + 1 }, (_, k) => row(from + k)).map((r) => ({
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
    console.log(`seeded ${size.toLocaleString()} rows of ${COLUMNS} columns (${seedSecs.toFixed(0)} s)`);

    const heapBefore = heapMb();
    // Cold start, three ways: the whole feed; a snapshot refresh; a new container from the snapshot.
    let coldMs: number | null = null;
    let coldRcu: number | null = null;
    // one container's projection in memory at a time, as in Lambda: the writer is dropped after the block
    let writer: InstanceType<typeof ListEngine<Row>> | undefined = new ListEngine<Row>(spec, { snapshots: false });
    {
      if (size <= FEED_COLD_MAX) {
        rcu = 0;
        const t = Date.now();
        const first = await writer.query({ orderBy: 'objectId Ascending', limit: 100, getTotalCount: true });
        coldMs = Date.now() - t;
        coldRcu = rcu;
        if (first.totalCount !== size) throw new Error(`expected ${size} rows, got ${first.totalCount}`);
        console.log(`feed cold start ${coldMs} ms`);
      } else {
        for (let id = 1; id <= size; id++) writer.apply({ ...def.key(id), ...row(id), ...feedAttributes(type, id, seqOf[id]!) });
      }
      // the snapshot a container writes (everything up to the last seeded seq is in it)
      const body = writer.encode(seqOf[size]!, seqOf[size]!);
      await s3Client().send(new PutObjectCommand({ Bucket: config.exportsBucket, Key: `list-snapshots/${type}.bin.gz`, Body: body }));
    }
    writer = undefined;
    void writer;
    const snapBytes = await snapshotBytes();
    let engine = new ListEngine<Row>(spec, { snapshots: true });
    rcu = 0;
    let t = Date.now();
    const fromSnap = await engine.query({ orderBy: 'objectId Ascending', limit: 100, getTotalCount: true });
    const coldSnapshotMs = Date.now() - t;
    const coldSnapshotRcu = rcu;
    if (fromSnap.totalCount !== size || !engine.stats.snapshotLoaded) throw new Error('snapshot cold start failed');
    console.log(`snapshot cold start ${coldSnapshotMs} ms`);
    // Warm the sort orders the mix uses (each is built once per container unless the snapshot has it).
    t = Date.now();
    for (const k of SORT_KEYS) await engine.query({ orderBy: `${k} Descending`, limit: 1 });
    await engine.query({ keyword: 'acme', limit: 1 });
    const firstOrdersMs = Date.now() - t;
    // Leave the lag window of the seeding writes, so warm queries are steady-state.
    (engine as unknown as { lastMoveAt: number }).lastMoveAt = Date.now() - 60_000;

    // The bare library's rows: the same projection, in a plain array (plus each row's search text).
    const bareBase = heapMb();
    let rows: Row[] | undefined = Array.from({ length: size }, (_, k) => spec.project(row(k + 1)));
    let texts: string[] | undefined = rows.map((r) => ` ${searchText(r).split(/[^\p{L}\p{N}]+/u).join(' ')}`);
    const bareHeap = heapMb() - bareBase;

    const figures: Record<string, number> = {};
    rcu = 0;
    let warmQueries = 0;
    for (const kind of KINDS_OF_QUERY) {
      const warm: number[] = [];
      const mem: number[] = [];
      const bare: number[] = [];
      for (let q = 0; q < QUERIES; q++) {
        const bq = benchQuery(kind, q);
        // (the product's queries pass a declared filter as hints, the predicate left for what they do not say)
        const query = { ...(bq.hints ?? { filter: bq.filter }), keyword: bq.keyword, orderBy: bq.orderBy, skip: bq.skip, limit: 100, getTotalCount: true };
        const t0 = process.hrtime.bigint();
        await engine.refresh(); // the counter read
        const t1 = process.hrtime.bigint();
        const got = engine.queryLoaded(query);
        const t2 = process.hrtime.bigint();
        warmQueries++;
        warm.push(Number(t2 - t0) / 1e6);
        mem.push(Number(t2 - t1) / 1e6);
        if (q < Math.min(QUERIES, kind === 'sort' ? 20 : 60)) {
          const b0 = process.hrtime.bigint();
          const want = bareQuery(rows, texts, bq);
          bare.push(Number(process.hrtime.bigint() - b0) / 1e6);
          if (want.totalCount !== got.totalCount || want.data[0]?.objectId !== got.data[0]?.objectId) {
            throw new Error(`${kind} query ${q}: engine ${got.totalCount}/${got.data[0]?.objectId} vs bare ${want.totalCount}/${want.data[0]?.objectId}`);
          }
        }
      }
      figures[`${kind}P50Ms`] = percentile(warm, 50);
      figures[`${kind}P95Ms`] = percentile(warm, 95);
      figures[`${kind}InMemoryP95Ms`] = percentile(mem, 95);
      figures[`${kind}BareP50Ms`] = percentile(bare, 50);
      figures[`${kind}BareP95Ms`] = percentile(bare, 95);
    }
    const rcuPerQuery = rcu / warmQueries;
    rows = undefined;
    texts = undefined;
    void rows;
    void texts;

    // Time until a write is visible to this warm engine (read-your-writes through the feed).
    const visible: number[] = [];
    for (let k = 0; k < 5; k++) {
      const id = 1 + k * 997;
      const marker = `Renamed ${k} ${Date.now()}`;
      const item = await getItem<Row & { version: number }>(def.key(id));
      const t0 = Date.now();
      await updateEntity(def as never, id, item!.version, { accountName: marker } as never, { actor: { objectId: 0, name: 'Bench' } });
      let seen = false;
      while (!seen) {
        const page = await engine.query({ keyword: marker.toLowerCase(), limit: 1, getTotalCount: true });
        seen = page.totalCount === 1;
      }
      visible.push(Date.now() - t0);
    }

    const r = {
      rows: size,
      columns: COLUMNS,
      seedSeconds: Math.round(seedSecs),
      // the engine after the run (the bare arrays dropped), against the heap before any engine of this size
      engineHeapMb: Math.round(heapMb() - heapBefore),
      bareArrayHeapMb: Math.round(bareHeap),
      processHeapMb: Math.round(heapMb()),
      heapBeforeEnginesMb: Math.round(heapBefore),
      snapshotMb: +(snapBytes / 1e6).toFixed(1),
      coldStartSnapshotMs: coldSnapshotMs,
      coldStartSnapshotRcu: Math.round(coldSnapshotRcu),
      firstSortOrdersAndIndexMs: firstOrdersMs,
      coldStartFeedMs: coldMs,
      coldStartFeedRcu: coldRcu === null ? null : Math.round(coldRcu),
      ...figures,
      rcuPerWarmQuery: +rcuPerQuery.toFixed(2),
      writeVisibleMsMedian: percentile(visible, 50),
      writeVisibleMsMax: Math.max(...visible),
    };
    results.push(r);
    console.log(r);
    engine = undefined as unknown as typeof engine; // the next size measures its own engine's heap
  }

  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  writeResults('list-engine', 'List engine benchmark', { queriesPerKind: QUERIES, command: 'BENCH_SUITES=list npm run bench', results }, results);
}

runSuite(import.meta.url, main);
