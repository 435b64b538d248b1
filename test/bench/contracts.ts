/**
 * npm run bench (BENCH_SUITES=contracts): Contracts Search at 100,000 amendments, and the download of
 * 100,000 rows, on DynamoDB Local. A benchmark, not a test: figures go to bench/results/.
 *
 * Seeds 20,000 master contracts with five amendments each (values from
 * infra/local/contract-generator.ts, the demo's generator), 5,000 business entities and their
 * primary contacts, as the write path stores them (with their list-feed stamps), in batches. Then,
 * through the contract handler's own list function (listAmendments: the list engine with the
 * joined legal name and contact names), warm p50/p95 of five query kinds: filters (status and
 * type), keyword, a date period, a deep page (beyond row 90,000) and all of them at once; beside
 * them the bare library doing the same work (a plain array of the joined rows: filter, sort,
 * slice). Then the download of 100,000 rows with the product's writer (lib/xlsx.ts) beside a bare
 * exceljs streaming write of the same cells, and the Export all job over every row through the worker.
 * Options: BENCH_CONTRACTS=100000  BENCH_QUERIES=200  BENCH_LABEL=after
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatedAmendment, generatedBusinessEntity, generatedContact } from '../../infra/local/contract-generator';
import { startLocalStack } from '../../infra/local/stack';
import { bareExceljsWrite, ms, percentile, runJobThroughWorker, seedItems, runSuite, writeResults } from './support';

const AMENDMENTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const PER_CONTRACT = 5;
const CONTRACTS = Math.ceil(AMENDMENTS / PER_CONTRACT);
const ENTITIES = Math.max(1, Math.round(AMENDMENTS / 20));
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const EXPORT_ROWS = AMENDMENTS;

export async function benchContracts(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-bench-contracts-'));
  const stack = await startLocalStack({ port: 0, dataDir, persist: false, gateway: false, poller: false, quiet: true, javaHeap: '4g' });
  const { keys } = await import('../../functions/src/lib/db');
  const { feedAttributes } = await import('../../functions/src/lib/feed');
  const { termEndDate } = await import('@eb/shared/term-end-date');
  const { listAmendments } = await import('../../functions/src/amendment/repository');
  const { contractsWorkbook, CONTRACTS_EXPORT_HEADERS } = await import('../../functions/src/amendment/export');
  const { contractListBodySchema } = await import('@eb/shared/amendment/schemas');

  const seed = seedItems;
  const t = Date.now();
  await seed('businessEntity', ENTITIES, (id, seq) => ({ ...keys.businessEntity(id), objectId: id, businessEntityId: 100000 + id, ...generatedBusinessEntity(id), ...feedAttributes('businessEntity', id, seq) }));
  await seed('primaryContact', ENTITIES, (id, seq) => ({ ...keys.primaryContact(id), objectId: id, ...generatedContact(id), businessEntityRef: id, ...feedAttributes('primaryContact', id, seq) }));
  await seed('masterContract', CONTRACTS, (id, seq) => ({ ...keys.masterContract(id), objectId: id, contractId: 500000 + id, contractValid: true, ...feedAttributes('masterContract', id, seq) }));
  await seed('contract', AMENDMENTS, (id, seq) => {
    const c = Math.floor((id - 1) / PER_CONTRACT);
    const n = ((id - 1) % PER_CONTRACT) + 1;
    const fields = generatedAmendment(c, n);
    const owner = 1 + (c % ENTITIES);
    return {
      ...keys.contract(id),
      objectId: id,
      ...fields,
      endDate: termEndDate(fields.startDate, fields.term),
      masterContractRef: c + 1,
      businessEntityRef: owner,
      primaryContactRef: owner,
      ...feedAttributes('contract', id, seq),
    };
  });
  const seedSeconds = Math.round((Date.now() - t) / 1000);
  console.log(`seeded ${AMENDMENTS.toLocaleString()} amendments, ${CONTRACTS.toLocaleString()} contracts, ${ENTITIES.toLocaleString()} business entities and contacts (${seedSeconds} s)`);

  // ---- the queries --------------------------------------------------------------------------------
  const legal = (i: number) => generatedBusinessEntity(1 + (i % ENTITIES)).legalName.split(' ')[0]!;
  const kinds = {
    filters: (q: number) => ({ body: { contractStatus: ['Signed', 'Active', 'Draft'][q % 3], contractType: q % 2 ? 'New' : 'Renewal' }, skip: (q * 100) % 2000 }),
    keyword: (q: number) => ({ body: { searchText: q % 2 ? legal(q) : `${legal(q)} ${generatedContact(1 + (q % ENTITIES)).lastName}` }, skip: 0 }),
    datePeriod: (q: number) => ({ body: { amendmentStartDatePeriod: { fromDate: `${2023 + (q % 4)}-01-01T00:00:00`, toDate: `${2023 + (q % 4)}-06-30T00:00:00` } }, skip: (q * 100) % 5000 }),
    deepPage: (q: number) => ({ body: {}, skip: 90_000 + ((q * 100) % Math.max(100, AMENDMENTS - 90_100)) }),
    combined: (q: number) => ({
      body: { contractStatus: 'Signed', searchText: legal(q), agreementDatePeriod: { fromDate: '2023-01-01T00:00:00', toDate: '2026-12-31T00:00:00' } },
      skip: 0,
    }),
  } as const;
  const orders = ['contractId Descending', 'amendmentReceived Ascending', 'businessEntityName Ascending', 'status Descending', 'amendmentStartDate Descending'];

  // cold: the first query of a container (the engines load the amendments and the joined lists)
  let t0 = process.hrtime.bigint();
  const firstPage = await listAmendments(contractListBodySchema.parse({}), { limit: '100', getTotalCount: 'true' });
  const coldMs = ms(t0);
  if (firstPage.totalCount !== AMENDMENTS) throw new Error(`expected ${AMENDMENTS} rows, got ${firstPage.totalCount}`);
  for (const o of orders) await listAmendments(contractListBodySchema.parse({}), { limit: '1', orderBy: o });
  // leave the list feed's lag window of the seeding writes (10 s): warm queries are steady-state
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await listAmendments(contractListBodySchema.parse({}), { limit: '1' });

  // the bare library: the same joined rows in a plain array
  const all: Awaited<ReturnType<typeof listAmendments>>['data'] = [];
  for (let skip = 0; skip < AMENDMENTS; skip += 1000) {
    all.push(...(await listAmendments(contractListBodySchema.parse({}), { limit: '1000', skip: String(skip), getTotalCount: 'false' })).data);
  }
  const figures: Record<string, number> = {};
  for (const [kind, make] of Object.entries(kinds)) {
    const warm: number[] = [];
    const bare: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const { body, skip } = make(q);
      const orderBy = orders[q % orders.length]!;
      const filter = contractListBodySchema.parse(body);
      t0 = process.hrtime.bigint();
      const got = await listAmendments(filter, { limit: '100', skip: String(skip), orderBy, getTotalCount: 'true' });
      warm.push(ms(t0));
      if (q < 40) {
        // bare: filter the joined rows by the same fields, sort by the same key, slice the page
        const b0 = process.hrtime.bigint();
        const words = ((filter.searchText ?? '') as string).toLowerCase().split(/\s+/).filter(Boolean);
        const rows = all.filter(
          (r) =>
            (!filter.contractStatus || r.contractStatus === filter.contractStatus) &&
            (!filter.contractType || r.type === filter.contractType) &&
            (!filter.amendmentStartDatePeriod || ((r.startDate ?? '') >= filter.amendmentStartDatePeriod.fromDate! && (r.startDate ?? '') <= filter.amendmentStartDatePeriod.toDate!)) &&
            (!filter.agreementDatePeriod || ((r.agreementDate ?? '') >= filter.agreementDatePeriod.fromDate! && (r.agreementDate ?? '') <= filter.agreementDatePeriod.toDate!)) &&
            words.every((w) => `${r.businessEntityLegalName} ${r.primaryContactFirstName} ${r.primaryContactLastName} ${r.freshDescId} ${r.legacyId}`.toLowerCase().includes(w)),
        );
        const [field, dir] = orderBy.split(' ') as [string, string];
        const key = { contractId: 'contractId', amendmentReceived: 'receivedDate', businessEntityName: 'businessEntityLegalName', status: 'contractStatus', amendmentStartDate: 'startDate' }[field] as keyof (typeof rows)[number];
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

  // ---- the download of 100,000 rows: the product's writer beside bare exceljs ----------------------
  const rows = all.slice(0, EXPORT_ROWS);
  t0 = process.hrtime.bigint();
  const bytes = await contractsWorkbook(rows);
  const exportMs = ms(t0);
  const bare = await bareExceljsWrite(
    'Contracts',
    CONTRACTS_EXPORT_HEADERS,
    rows.map((r) => [
      r.contractId, r.amendmentNumber, r.referenceAmendment, r.freshDescId, r.legacyId, r.type, r.receivedDate, r.startDate, r.endDate, r.agreementDate,
      r.businessEntityLegalName, `${r.primaryContactFirstName} ${r.primaryContactLastName}`, r.contractStatus,
    ]),
  );
  const bareExportMs = bare.ms;
  const bareBytes = bare.bytes;

  // ---- Export all: the job over every row (no cap), through the worker --------------------------
  const { startContractsExport } = await import('../../functions/src/amendment/export-job');
  t0 = process.hrtime.bigint();
  const job = await startContractsExport(contractListBodySchema.parse({}), undefined, 0);
  const finished = await runJobThroughWorker(job.jobId);
  const exportAllMs = ms(t0);
  console.log(`export all ${AMENDMENTS} rows: ${Math.round(exportAllMs)} ms`);

  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    exportAllJobMs: Math.round(exportAllMs),
    exportAllJobRows: (finished.result as { rows: number }).rows,
    amendments: AMENDMENTS,
    contracts: CONTRACTS,
    businessEntities: ENTITIES,
    seedSeconds,
    coldFirstPageMs: Math.round(coldMs),
    ...figures,
    exportRows: rows.length,
    exportMs: Math.round(exportMs),
    exportMb: +(bytes.length / 1e6).toFixed(1),
    bareExceljsExportMs: Math.round(bareExportMs),
    bareExceljsExportMb: +(bareBytes / 1e6).toFixed(1),
  };
}

runSuite(import.meta.url, async () => {
  const result = await benchContracts();
  writeResults('contracts', 'Contracts benchmark', { queriesPerKind: QUERIES, command: 'BENCH_SUITES=contracts npm run bench', result }, [result]);
});
