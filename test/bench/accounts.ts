/**
 * npm run bench (BENCH_SUITES=accounts): Accounts Search at 500,000 accounts under 100,000
 * amendments, and the Export To P2C report over them, on DynamoDB Local. A benchmark, not a test:
 * figures go to bench/results/.
 *
 * Seeds 20,000 master contracts with five amendments each, 5,000 business entities and contacts,
 * 200 agents and five accounts per amendment (values from infra/local/contract-generator.ts, the
 * demo's generator) as the write path stores them, in batches. Then, through the account handler's
 * own list function (listAccounts: the list engine with the amendment's, territory's and agent's
 * joined columns), warm p50/p95 of seven query kinds: filters (status and type), keyword (an LDC
 * number's start or a name), a date period, a deep page (beyond row 450,000), an amendment's
 * accounts (its grid), the renewals-due window, and several at once; beside them the bare library
 * doing the same work (a plain array of the joined rows: filter, sort, slice). The heap after the
 * engines loaded. The home page's call (GET home/Get: its queues and charts), alternately right
 * after a write of an account and with none between, beside a plain array pass doing the same
 * counts and tallies. Then the P2C report through the worker (rows a second) beside a bare exceljs
 * streaming write of the same cells.
 * The cold start: from the whole feed up to BENCH_FEED_COLD_MAX accounts (DynamoDB Local's reads
 * take many minutes above it); above it, from the snapshot a container writes (made from the
 * seeded items applied in process, as test/bench/run.ts does), as a deployed container starts.
 * Options: BENCH_ACCOUNTS=500000  BENCH_QUERIES=200  BENCH_FEED_COLD_MAX=100000  BENCH_HOME_CALLS=100  BENCH_LABEL=after
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatedAccount, generatedAmendment, generatedBusinessEntity, generatedContact } from '../../infra/local/contract-generator';
import { startLocalStack } from '../../infra/local/stack';
import { bareExceljsWrite, COMMON, ms, percentile, putBatch, runJobThroughWorker, seedItems, runSuite, writeResults } from './support';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500_000);
const PER_AMENDMENT = 5;
const AMENDMENTS = Math.ceil(ACCOUNTS / PER_AMENDMENT);
const PER_CONTRACT = 5;
const CONTRACTS = Math.ceil(AMENDMENTS / PER_CONTRACT);
const ENTITIES = Math.max(1, Math.round(AMENDMENTS / 20));
const AGENTS = 200;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const FEED_COLD_MAX = Number(process.env.BENCH_FEED_COLD_MAX ?? 100_000);
const HOME_CALLS = Number(process.env.BENCH_HOME_CALLS ?? 100);
/** Untimed counter reads before the queries (DynamoDB Local's JIT warm-up). */
const COUNTER_WARM_READS = 1_500;
const mb = (n: number) => Math.round(n / 1e6);

export async function benchAccounts(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-bench-accounts-'));
  const stack = await startLocalStack({ port: 0, dataDir, persist: false, gateway: false, poller: false, quiet: true, javaHeap: '4g' });
  const { keys } = await import('../../functions/src/lib/db');
  const { feedAttributes } = await import('../../functions/src/lib/feed');
  const { termEndDate } = await import('@eb/shared/term-end-date');
  const { accountListBodySchema, uploadRateOf } = await import('@eb/shared/account/schemas');
  const { listAccounts, accountDef } = await import('../../functions/src/account/repository');
  const { listTerritoryPage } = await import('../../functions/src/reference/repository');
  const { p2cReport, p2cCells } = await import('../../functions/src/report/p2c');
  const { P2C_COLUMNS, P2C_ACTIVE_STATUSES } = await import('@eb/shared/report/schemas');
  const territories = new Map((await listTerritoryPage({ limit: '100' })).data.map((t) => [t.code, t]));

  // ---- seed ------------------------------------------------------------------------------------------
  const t = Date.now();
  await seedItems('businessEntity', ENTITIES, (id, seq) => ({ ...keys.businessEntity(id), objectId: id, businessEntityId: 100000 + id, ...generatedBusinessEntity(id), ...feedAttributes('businessEntity', id, seq) }));
  await seedItems('primaryContact', ENTITIES, (id, seq) => ({ ...keys.primaryContact(id), objectId: id, ...generatedContact(id), businessEntityRef: id, ...feedAttributes('primaryContact', id, seq) }));
  await seedItems('agent', AGENTS, (id, seq) => ({ ...keys.agent(id), objectId: id, code: `AG-${1000 + id}`, name: `Agent ${id}`, ...feedAttributes('agent', id, seq) }));
  await seedItems('masterContract', CONTRACTS, (id, seq) => ({ ...keys.masterContract(id), objectId: id, contractId: 500000 + id, contractValid: true, ...feedAttributes('masterContract', id, seq) }));
  const amendmentOf = (id: number) => {
    const c = Math.floor((id - 1) / PER_CONTRACT);
    const n = ((id - 1) % PER_CONTRACT) + 1;
    return { c, n, fields: generatedAmendment(c, n) };
  };
  await seedItems('contract', AMENDMENTS, (id, seq) => {
    const { c, fields } = amendmentOf(id);
    const owner = 1 + (c % ENTITIES);
    return { ...keys.contract(id), objectId: id, ...fields, endDate: termEndDate(fields.startDate, fields.term), masterContractRef: c + 1, businessEntityRef: owner, primaryContactRef: owner, ...feedAttributes('contract', id, seq) };
  });
  const accountItem = (id: number, seq: number) => {
    const amendmentId = 1 + Math.floor((id - 1) / PER_AMENDMENT);
    const { c, fields: a } = amendmentOf(amendmentId);
    const { territoryCode, ...fields } = generatedAccount(id, a);
    const territory = territories.get(territoryCode)!;
    return {
      ...accountDef.key(id),
      objectId: id,
      ...fields,
      contractEndDate: termEndDate(fields.contractStartDate, fields.term),
      shortName: fields.name.slice(0, 25),
      taxExemptNum: '999999999',
      commissionPlan: fields.unitOfMeasure,
      uploadRate: uploadRateOf(fields.contractRate, territory.taxRate),
      territoryRef: territory.objectId,
      agentRef: 1 + (id % AGENTS),
      contractRef: amendmentId,
      masterContractRef: c + 1,
      enteredBy: 'Bench',
      enteredOn: '2026-01-01T00:00:00',
      ...feedAttributes('account', id, seq),
    };
  };
  const firstSeq = await seedItems('account', ACCOUNTS, accountItem);
  const seedSeconds = Math.round((Date.now() - t) / 1000);
  console.log(`seeded ${ACCOUNTS.toLocaleString()} accounts under ${AMENDMENTS.toLocaleString()} amendments (${seedSeconds} s)`);

  // ---- cold load and the heap ---------------------------------------------------------------------
  const parse = (body: Record<string, unknown>) => accountListBodySchema.parse(body);
  const { accounts, accountListSpec, accountQuery, toRow } = await import('../../functions/src/account/repository');
  const { ListEngine, resetListEngines } = await import('../../functions/src/lib/list/engine');
  const { amendments } = await import('../../functions/src/amendment/repository');
  const { s3Client } = await import('../../functions/src/lib/aws');
  const { config } = await import('../../functions/src/lib/config');
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  if (ACCOUNTS > FEED_COLD_MAX) {
    // the snapshot a container writes (everything up to the last seeded seq is in it), then dropped: one projection in memory at a time
    let writer: { apply(item: Record<string, unknown>): void; encode(safeSeq: number, counter: number): Buffer } | undefined = new ListEngine(accountListSpec, { snapshots: false });
    for (let id = 1; id <= ACCOUNTS; id++) writer.apply({ ...accountItem(id, firstSeq + id - 1), ...COMMON });
    const last = firstSeq + ACCOUNTS - 1;
    await s3Client().send(new PutObjectCommand({ Bucket: config.exportsBucket, Key: `list-snapshots/${accountListSpec.type}.bin.gz`, Body: writer.encode(last, last) }));
    writer = undefined;
    global.gc?.();
  }
  // a new container (the stack's start loaded the lists empty): the joined lists first (the
  // amendments from their feed), so the cold start timed is the accounts list's own
  resetListEngines();
  const tj = Date.now();
  await amendments().query({ limit: 1 });
  const joinedColdMs = Date.now() - tj;
  let t0 = process.hrtime.bigint();
  const firstPage = await listAccounts(parse({}), { limit: '100', getTotalCount: 'true' });
  const coldMs = ms(t0);
  const coldFrom = accounts().stats.snapshotLoaded ? 'snapshot' : 'feed';
  if (ACCOUNTS > FEED_COLD_MAX && coldFrom !== 'snapshot') throw new Error('the accounts list did not start from its snapshot');
  if (firstPage.totalCount !== ACCOUNTS) throw new Error(`expected ${ACCOUNTS} rows, got ${firstPage.totalCount}`);
  const orders = ['esgAccountNo Descending', 'ldcAccountNum Ascending', 'name Ascending', 'flowDate Descending', 'accountEndDate Ascending', 'contractId Descending', 'businessEntityLegalName Ascending'];
  for (const o of orders) await listAccounts(parse({}), { limit: '1', orderBy: o });
  // leave the list feed's lag window of the seeding writes (10 s): warm queries are steady-state
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await listAccounts(parse({}), { limit: '1' });
  // DynamoDB Local's JVM compiles its read path over the first thousand or so requests (the lists'
  // counter read, a BatchGetItem, fell from 11.6 to 7.0 ms at p95 between a first and a second
  // round of 1,600 on a fresh emulator): read the counters as often, untimed, so that the first
  // kind's queries meet a read path as warm as the last kind's (a DynamoDB table has no such warm-up)
  for (let i = 0; i < COUNTER_WARM_READS; i++) await accounts().refresh();
  global.gc?.();
  const memory = process.memoryUsage();
  console.log(`cold first page ${Math.round(coldMs)} ms; heap ${mb(memory.heapUsed)} MB, rss ${mb(memory.rss)} MB`);

  // ---- the queries --------------------------------------------------------------------------------
  const sample = (q: number) => generatedAccount(1 + ((q * 7919) % ACCOUNTS), amendmentOf(1 + Math.floor(((q * 7919) % ACCOUNTS) / PER_AMENDMENT)).fields);
  const today = new Date().toISOString().slice(0, 10);
  const kinds = {
    filters: (q: number) => ({ body: { status: ['Enrolled', 'Pending', 'Dropped'][q % 3], accountType: q % 2 ? 'New' : 'Renewal' }, skip: (q * 100) % 2000 }),
    keyword: (q: number) => ({ body: { keyword: q % 2 ? sample(q).ldcAccountNum.slice(0, 8) : sample(q).name.split(' ')[0] }, skip: 0 }),
    datePeriod: (q: number) => ({ body: { flowDatePeriod: { fromDate: `${2023 + (q % 4)}-01-01T00:00:00`, toDate: `${2023 + (q % 4)}-06-30T00:00:00` } }, skip: (q * 100) % 5000 }),
    deepPage: (q: number) => ({ body: {}, skip: 450_000 + ((q * 100) % Math.max(100, ACCOUNTS - 450_100)) }),
    amendmentGrid: (q: number) => ({ body: { amendmentId: 1 + ((q * 104729) % AMENDMENTS) }, skip: 0 }),
    renewals: (q: number) => ({ body: { renewalWithinDays: [30, 60, 90, 120][q % 4], status: 'Enrolled' }, skip: 0 }),
    combined: (q: number) => ({ body: { status: 'Enrolled', keyword: sample(q).name.split(' ')[0], flowDatePeriod: { fromDate: '2023-01-01T00:00:00', toDate: '2026-12-31T00:00:00' } }, skip: 0 }),
  } as const;

  const figures: Record<string, number> = {};
  for (const [kind, make] of Object.entries(kinds)) {
    const warm: number[] = [];
    const mem: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const { body, skip } = make(q);
      const orderBy = orders[q % orders.length]!;
      const filter = parse(body);
      t0 = process.hrtime.bigint();
      const got = await listAccounts(filter, { limit: '100', skip: String(skip), orderBy, getTotalCount: 'true' });
      warm.push(ms(t0));
      if (got.data.length === 0 && got.totalCount > skip) throw new Error(`${kind} ${q}: an empty page of ${got.totalCount}`);
      // the same query in memory (no counter reads of the list and the lists it joins)
      t0 = process.hrtime.bigint();
      accounts().queryLoaded({ ...accountQuery(filter), orderBy, skip, limit: 100, getTotalCount: true }).data.map(toRow);
      mem.push(ms(t0));
    }
    figures[`${kind}P50Ms`] = percentile(warm, 50);
    figures[`${kind}P95Ms`] = percentile(warm, 95);
    figures[`${kind}InMemoryP95Ms`] = percentile(mem, 95);
    console.log(kind, figures[`${kind}P95Ms`], 'ms p95, in memory', figures[`${kind}InMemoryP95Ms`]);
    if (process.env.BENCH_PROFILE_QUERIES) {
      // in memory by sort order (a slow order shows in the p95 of its seventh of the queries), then where the time goes
      const byOrder = orders.map((o, i) => `${o.split(' ')[0]} ${percentile(mem.filter((_, q) => q % orders.length === i), 50)}/${percentile(mem.filter((_, q) => q % orders.length === i), 95)}`);
      console.log('  in memory p50/p95 by order:', byOrder.join(', '));
      await profileCalls(`${kind} in memory`, (q) => {
        const { body, skip } = make(q);
        accounts().queryLoaded({ ...accountQuery(parse(body)), orderBy: orders[q % orders.length]!, skip, limit: 100, getTotalCount: true }).data.map(toRow);
      }, QUERIES);
    }
  }

  // ---- the home page: alternately right after a write of an account and with none between ----------
  const { homePage } = await import('../../functions/src/home/home');
  const { nextSeq } = await import('../../functions/src/lib/feed');
  const admin = { objectId: 1, userType: 'superAdmin' as const };
  t0 = process.hrtime.bigint();
  await homePage(admin);
  const homeFirstMs = ms(t0);
  const homeAfterWrite: number[] = [];
  const homeNoWrite: number[] = [];
  const STATUSES = ['Pending', 'Enrolled', 'Sent to Utility', 'Dropped'];
  for (let q = 0; q < HOME_CALLS; q++) {
    const afterWrite = q % 2 === 0;
    if (afterWrite) {
      const id = 1 + ((q * 15485863) % ACCOUNTS);
      const seq = await nextSeq('account', 1);
      await putBatch([{ ...accountItem(id, seq), ...COMMON, accountStatus: STATUSES[q % STATUSES.length], version: 2 }]);
    }
    t0 = process.hrtime.bigint();
    await homePage(admin);
    (afterWrite ? homeAfterWrite : homeNoWrite).push(ms(t0));
  }
  // a quiet list: no write in the feed's lag window (10 s), so a refresh is its counters' read alone
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const homeQuiet: number[] = [];
  for (let q = 0; q < Math.min(40, HOME_CALLS); q++) {
    t0 = process.hrtime.bigint();
    await homePage(admin);
    homeQuiet.push(ms(t0));
  }
  figures.homeQuietP50Ms = percentile(homeQuiet, 50);
  figures.homeQuietP95Ms = percentile(homeQuiet, 95);
  console.log('home with no write in the last 10 s', figures.homeQuietP50Ms, 'ms p50,', figures.homeQuietP95Ms, 'ms p95');
  // where a home call's time goes: the lists' refresh (their counters in one read) and each queue's query in memory
  {
    const { ACCOUNT_QUEUE_FILTERS, CONTRACT_QUEUE_FILTERS } = await import('../../functions/src/home/home');
    const { amendmentQuery } = await import('../../functions/src/amendment/repository');
    const { rowStore } = await import('../../functions/src/upload/service');
    const { orderByOf } = await import('@eb/shared/paging');
    const parts = new Map<string, number[]>();
    const timed = (name: string, f: () => unknown) => {
      const b0 = process.hrtime.bigint();
      f();
      parts.set(name, [...(parts.get(name) ?? []), ms(b0)]);
    };
    for (let q = 0; q < 40; q++) {
      const r0 = process.hrtime.bigint();
      await Promise.all([accounts().refresh(), amendments().refresh(), rowStore('upload').rows().refresh(), rowStore('update').rows().refresh()]);
      parts.set('refresh', [...(parts.get('refresh') ?? []), ms(r0)]);
      for (const [id, f] of ACCOUNT_QUEUE_FILTERS) timed(id, () => accounts().queryLoaded({ ...accountQuery(f), limit: 5, getTotalCount: true, ...(f.renewalWithinDays ? { orderBy: orderByOf('accountEndDate', 'Ascending') } : {}) }));
      for (const [id, f] of CONTRACT_QUEUE_FILTERS) timed(id, () => amendments().queryLoaded({ ...amendmentQuery(f), limit: 5, getTotalCount: true }));
    }
    for (const [name, t] of parts) {
      figures[`homePart_${name}P50Ms`] = percentile(t, 50);
      figures[`homePart_${name}P95Ms`] = percentile(t, 95);
    }
    console.log('home parts p50/p95:', [...parts].map(([n, t]) => `${n} ${percentile(t, 50)}/${percentile(t, 95)}`).join(', '));
  }
  if (process.env.BENCH_PROFILE_HOME) await profileCalls('home', () => homePage(admin));
  // ---- the bare library, after every query of the product: the same joined rows in a plain array ---
  // (built last, so that the product's queries run in the heap a container has, not beside 500,000
  // more row objects, whose major collections would land in their times)
  const all: Awaited<ReturnType<typeof listAccounts>>['data'] = [];
  for (let skip = 0; skip < ACCOUNTS; skip += 1000) all.push(...(await listAccounts(parse({}), { limit: '1000', skip: String(skip), getTotalCount: 'false' })).data);
  const ORDER_FIELDS: Record<string, keyof (typeof all)[number]> = {
    esgAccountNo: 'objectId', ldcAccountNum: 'ldcAccountNumber', name: 'accountName', flowDate: 'flowDate', accountEndDate: 'accountEndDate', contractId: 'contractId', businessEntityLegalName: 'businessEntityLegalName',
  };
  for (const [kind, make] of Object.entries(kinds)) {
    const bare: number[] = [];
    for (let q = 0; q < Math.min(40, QUERIES); q++) {
      const { body, skip } = make(q);
      const orderBy = orders[q % orders.length]!;
      const filter = parse(body);
      // the product's answer on the same rows (the home page's calls wrote some since its timed queries)
      const got = accounts().queryLoaded({ ...accountQuery(filter), orderBy, skip, limit: 100, getTotalCount: true });
      {
        const b0 = process.hrtime.bigint();
        const words = (filter.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const last = filter.renewalWithinDays ? new Date(Date.now() + filter.renewalWithinDays * 86_400_000).toISOString().slice(0, 10) : '';
        const rows = all.filter(
          (r) =>
            (!filter.status || r.accountStatus === filter.status) &&
            (!filter.accountType || r.accountType === filter.accountType) &&
            (filter.amendmentId === undefined || r.contract.objectId === filter.amendmentId) &&
            (!filter.flowDatePeriod || ((r.flowDate ?? '') >= filter.flowDatePeriod.fromDate! && (r.flowDate ?? '') <= filter.flowDatePeriod.toDate!)) &&
            (!filter.renewalWithinDays || (r.accountEndDate !== null && r.accountEndDate.slice(0, 10) >= today && r.accountEndDate.slice(0, 10) <= last)) &&
            words.every((w) => `${r.objectId} ${r.ldcAccountNumber} ${r.accountName} ${r.contractId} ${r.freshDescId} ${r.legacyId} ${r.businessEntityLegalName}`.toLowerCase().includes(w)),
        );
        const [field, dir] = orderBy.split(' ') as [string, string];
        const key = ORDER_FIELDS[field]!;
        rows.sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : a.objectId - b.objectId));
        if (dir === 'Descending') rows.reverse();
        rows.slice(skip, skip + 100);
        bare.push(ms(b0));
        if (kind !== 'keyword' && kind !== 'combined' && rows.length !== got.totalCount) throw new Error(`${kind} ${q}: engine ${got.totalCount} vs bare ${rows.length}`);
      }
    }
    figures[`${kind}BareP50Ms`] = percentile(bare, 50);
    figures[`${kind}BareP95Ms`] = percentile(bare, 95);
    console.log(kind, 'bare', figures[`${kind}BareP95Ms`], 'ms p95');
  }
  // the bare library: one pass over the plain array doing the queues' counts and the status tallies
  const homeBare: number[] = [];
  for (let q = 0; q < 20; q++) {
    const b0 = process.hrtime.bigint();
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const windows = [at(30), at(60), at(90)];
    const counts = [0, 0, 0, 0, 0];
    const byStatus = new Map<string, number>();
    const byMonth = new Map<string, number>();
    const stale = at(-14);
    for (const r of all) {
      const end = r.accountEndDate?.slice(0, 10) ?? null;
      for (let w = 0; w < 3; w++) if (end !== null && end >= today && end <= windows[w]!) counts[w]!++;
      if (r.accountStatus === 'Pending') counts[3]!++;
      if (r.accountStatus === 'Sent to Utility' && r.statusDate !== null && r.statusDate.slice(0, 10) < stale) counts[4]!++;
      byStatus.set(r.accountStatus, (byStatus.get(r.accountStatus) ?? 0) + 1);
      if (end !== null) byMonth.set(end.slice(0, 7), (byMonth.get(end.slice(0, 7)) ?? 0) + 1);
    }
    homeBare.push(ms(b0));
  }
  const homeAll = [...homeAfterWrite, ...homeNoWrite];
  figures.homeFirstMs = +homeFirstMs.toFixed(1);
  figures.homeP50Ms = percentile(homeAll, 50);
  figures.homeP95Ms = percentile(homeAll, 95);
  figures.homeAfterWriteP50Ms = percentile(homeAfterWrite, 50);
  figures.homeAfterWriteP95Ms = percentile(homeAfterWrite, 95);
  figures.homeNoWriteP95Ms = percentile(homeNoWrite, 95);
  figures.homeBareP50Ms = percentile(homeBare, 50);
  figures.homeBareP95Ms = percentile(homeBare, 95);
  console.log('home', figures.homeP95Ms, 'ms p95; after a write', figures.homeAfterWriteP95Ms, 'ms (bare', figures.homeBareP95Ms, 'ms)');
  all.length = 0;
  global.gc?.();
  const heapAfterQueriesMb = mb(process.memoryUsage().heapUsed);

  // ---- Export To P2C through the worker, beside bare exceljs writing the same cells ----------------
  t0 = process.hrtime.bigint();
  const job = await p2cReport.start({}, 0);
  const finished = await runJobThroughWorker(job.jobId);
  const p2cMs = ms(t0);
  const p2cRows = (finished.result as { rows: number }).rows;
  const active = new Set<string>(P2C_ACTIVE_STATUSES);
  const activeRows = await accounts().rowsOf(await accounts().idsOf({ filter: (r) => active.has(r.accountStatus), orderBy: 'objectId Ascending' }));
  const bare = await bareExceljsWrite('P2C', P2C_COLUMNS, activeRows.map(p2cCells));
  const bareMs = bare.ms;
  const bareBytes = bare.bytes;
  console.log(`P2C ${p2cRows} rows: ${Math.round(p2cMs)} ms (${Math.round(p2cRows / (p2cMs / 1000))} rows/s); bare exceljs ${Math.round(bareMs)} ms`);

  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    accounts: ACCOUNTS,
    amendments: AMENDMENTS,
    seedSeconds,
    coldFrom,
    coldFirstPageMs: Math.round(coldMs),
    joinedListsColdMs: joinedColdMs,
    heapAfterQueriesMb,
    heapUsedMb: mb(memory.heapUsed),
    rssMb: mb(memory.rss),
    ...figures,
    p2cRows,
    p2cJobMs: Math.round(p2cMs),
    p2cRowsPerSecond: Math.round(p2cRows / (p2cMs / 1000)),
    bareExceljsP2cMs: Math.round(bareMs),
    bareExceljsRowsPerSecond: Math.round(activeRows.length / (bareMs / 1000)),
    bareExceljsMb: +(bareBytes / 1e6).toFixed(1),
  };
}

/**
 * Where `calls` calls spend their CPU (self time by function, the top 25): BENCH_PROFILE_HOME=1 for
 * twenty home page calls, BENCH_PROFILE_QUERIES=1 for each query kind's in-memory queries.
 */
async function profileCalls(label: string, call: (i: number) => unknown, calls = 20): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < calls; i++) await call(i);
  const { profile } = await session.post('Profiler.stop');
  const self = new Map<string, number>();
  const dt = new Map<number, number>();
  profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0));
  }
  // (the sample taken while the profile is stopped and serialised is not the calls')
  const skip = new Set(['(idle)', '(program)', 'dispatch']);
  for (const k of [...self.keys()]) if (skip.has(k.split(' ')[0]!)) self.delete(k);
  const byPackage = new Map<string, number>();
  for (const [k, us] of self) {
    const where = k.split(' ').slice(-1)[0]!;
    const pkg = /@aws-sdk|@smithy/.test(k) || /dist-cjs|protocols|client\/index|schema\/index|httpAuthSchemes|retry\/index|crypto\/util/.test(where) ? 'AWS SDK' : /list\//.test(where) ? 'list engine' : /^[a-z-]+\/[a-z-]+\.ts/.test(where) ? 'product' : 'node and other';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`${label} profile: ${(total / 1000 / calls).toFixed(1)} ms a call`);
  console.log('  by part:', [...byPackage].map(([k, us]) => `${k} ${(us / 1000 / calls).toFixed(1)} ms`).join(', '));
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(us / 1000 / calls).toFixed(2)} ms  ${k}`);
  session.disconnect();
}

runSuite(import.meta.url, async () => {
  const result = await benchAccounts();
  writeResults('accounts', 'Accounts benchmark', { queriesPerKind: QUERIES, command: 'BENCH_SUITES=accounts npm run bench', result }, [result]);
});
