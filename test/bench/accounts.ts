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
 * engines loaded. Then the P2C report through the worker (rows a second) beside a bare exceljs
 * streaming write of the same cells.
 * Options: BENCH_ACCOUNTS=500000  BENCH_QUERIES=200  BENCH_LABEL=after
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatedAccount, generatedAmendment, generatedBusinessEntity, generatedContact } from '../../infra/local/contract-generator';
import { startLocalStack } from '../../infra/local/stack';
import { bareExceljsWrite, ms, percentile, runJobThroughWorker, seedItems, runSuite, writeResults } from './support';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500_000);
const PER_AMENDMENT = 5;
const AMENDMENTS = Math.ceil(ACCOUNTS / PER_AMENDMENT);
const PER_CONTRACT = 5;
const CONTRACTS = Math.ceil(AMENDMENTS / PER_CONTRACT);
const ENTITIES = Math.max(1, Math.round(AMENDMENTS / 20));
const AGENTS = 200;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
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
  await seedItems('account', ACCOUNTS, (id, seq) => {
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
  });
  const seedSeconds = Math.round((Date.now() - t) / 1000);
  console.log(`seeded ${ACCOUNTS.toLocaleString()} accounts under ${AMENDMENTS.toLocaleString()} amendments (${seedSeconds} s)`);

  // ---- cold load and the heap ---------------------------------------------------------------------
  const parse = (body: Record<string, unknown>) => accountListBodySchema.parse(body);
  let t0 = process.hrtime.bigint();
  const firstPage = await listAccounts(parse({}), { limit: '100', getTotalCount: 'true' });
  const coldMs = ms(t0);
  if (firstPage.totalCount !== ACCOUNTS) throw new Error(`expected ${ACCOUNTS} rows, got ${firstPage.totalCount}`);
  const orders = ['esgAccountNo Descending', 'ldcAccountNum Ascending', 'name Ascending', 'flowDate Descending', 'accountEndDate Ascending', 'contractId Descending', 'businessEntityLegalName Ascending'];
  for (const o of orders) await listAccounts(parse({}), { limit: '1', orderBy: o });
  // leave the list feed's lag window of the seeding writes (10 s): warm queries are steady-state
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await listAccounts(parse({}), { limit: '1' });
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

  // the bare library: the same joined rows in a plain array (built after the heap was measured)
  const all: Awaited<ReturnType<typeof listAccounts>>['data'] = [];
  for (let skip = 0; skip < ACCOUNTS; skip += 1000) all.push(...(await listAccounts(parse({}), { limit: '1000', skip: String(skip), getTotalCount: 'false' })).data);
  const ORDER_FIELDS: Record<string, keyof (typeof all)[number]> = {
    esgAccountNo: 'objectId', ldcAccountNum: 'ldcAccountNumber', name: 'accountName', flowDate: 'flowDate', accountEndDate: 'accountEndDate', contractId: 'contractId', businessEntityLegalName: 'businessEntityLegalName',
  };
  const figures: Record<string, number> = {};
  for (const [kind, make] of Object.entries(kinds)) {
    const warm: number[] = [];
    const bare: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const { body, skip } = make(q);
      const orderBy = orders[q % orders.length]!;
      const filter = parse(body);
      t0 = process.hrtime.bigint();
      const got = await listAccounts(filter, { limit: '100', skip: String(skip), orderBy, getTotalCount: 'true' });
      warm.push(ms(t0));
      if (q < 40) {
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
    figures[`${kind}P50Ms`] = percentile(warm, 50);
    figures[`${kind}P95Ms`] = percentile(warm, 95);
    figures[`${kind}BareP50Ms`] = percentile(bare, 50);
    figures[`${kind}BareP95Ms`] = percentile(bare, 95);
    console.log(kind, figures[`${kind}P95Ms`], 'ms p95 (bare', figures[`${kind}BareP95Ms`], 'ms)');
  }

  // ---- Export To P2C through the worker, beside bare exceljs writing the same cells ----------------
  t0 = process.hrtime.bigint();
  const job = await p2cReport.start({}, 0);
  const finished = await runJobThroughWorker(job.jobId);
  const p2cMs = ms(t0);
  const p2cRows = (finished.result as { rows: number }).rows;
  const active = new Set<string>(P2C_ACTIVE_STATUSES);
  const { accounts } = await import('../../functions/src/account/repository');
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
    coldFirstPageMs: Math.round(coldMs),
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

runSuite(import.meta.url, async () => {
  const result = await benchAccounts();
  writeResults('accounts', 'Accounts benchmark', { queriesPerKind: QUERIES, command: 'BENCH_SUITES=accounts npm run bench', result }, [result]);
});
