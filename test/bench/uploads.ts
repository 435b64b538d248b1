/**
 * npm run bench (BENCH_SUITES=uploads): the uploader on the local stack. A benchmark, not a test:
 * figures go to bench/results/.
 *
 * 1. Parse: an Accounts workbook of 50,000 rows, posted to the uploads bucket and parsed by the
 *    parse job (streaming read, shared rules, cross-record checks, rows written), and the read with
 *    the product's reader and validation alone (no stored-record checks, no writes), beside a bare
 *    exceljs streaming read of the same file in the same run (its rows alone, and its rows with
 *    their values), and the product's reader alone (workbook-reader.ts: exceljs for the workbook's
 *    parts, sheet-rows.ts for the rows); best of five rounds each, before the local stack starts;
 *    the parse process's peak resident memory while the job runs.
 * 2. Save All: 1,000 validated Accounts rows imported by the import job through the forms' write
 *    path (its DynamoDB requests counted by operation; the first import in the process, then a
 *    second Save All of another 1,000 rows, warm), beside raw BatchWriteItem of 1,000 account
 *    items to the same DynamoDB (small ones, and the account records as the import wrote them,
 *    whole), and of the very items the import wrote (each account, its
 *    change-log event, its LDC number's marker and its row as imported: copies under other keys),
 *    and beside bare TransactWriteItems of those items (the floor of any transactional write).
 * 3. Save All of 3,000 Amendments rows (thirty contracts, a hundred new amendments each; one record a
 *    row) beside bare TransactWriteItems of the very items it wrote, and its time a row against the
 *    1,000-row Accounts Save All's. The ratios (product's rate / baseline's) are printed together at the end.
 * Options: BENCH_UPLOAD_ROWS=50000  BENCH_AMENDMENT_ROWS=3000  BENCH_SAVE_ROWS=2000  BENCH_READ_ROUNDS=5  BENCH_LABEL=after  PARSE_NODE_OPTIONS=--max-old-space-size=256
 *   PARSE_EXEC_ARGV='--cpu-prof --cpu-prof-dir=/tmp/prof' (the parse process's flags NODE_OPTIONS refuses)
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { generatedAccount, generatedAmendment } from '../../infra/local/contract-generator';
import { startLocalStack } from '../../infra/local/stack';
import { inParallel, ms, putBatch, runJobThroughWorker, seedContractWithAmendments, seedItems, runSuite, writeResults } from './support';

const UPLOAD_ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 50_000);
const SAVE_ROWS = Number(process.env.BENCH_SAVE_ROWS ?? 1_000);
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 5);
const AMENDMENT_ROWS = Number(process.env.BENCH_AMENDMENT_ROWS ?? 3_000);
const mb = (n: number) => Math.round(n / 1e6);

export async function benchUploads(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-bench-uploads-'));
  const { UPLOAD_COLUMNS } = await import('@eb/shared/upload/columns');

  // ---- the workbook ----------------------------------------------------------------------------------
  const columns = UPLOAD_COLUMNS.Accounts;
  const file = path.join(dataDir, 'accounts.xlsx');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Accounts');
  sheet.addRow(columns.map((c) => c.header)).commit();
  const rowOf = (i: number) => {
    const amendmentNumber = 1 + (i % 100);
    const a = generatedAmendment(0, amendmentNumber);
    const { territoryCode, ...f } = generatedAccount(i, a);
    const values: Record<string, unknown> = { ...f, contractId: 700001, amendmentNumber, territory: territoryCode, requestedStartDate: new Date(a.startDate.slice(0, 10)), contractStartDate: new Date(a.startDate.slice(0, 10)), flowDate: new Date(a.startDate.slice(0, 10)), serviceZone: 'Z1', gasPoolId: 'POOL-1', poid: `POID${i}`, p2CNumber: `P2C${i}`, supplyZone: 'PSEG', pricingPlan: 'Fixed', etfStatus: 'None', paymentStatus: 'Paid', tripCycle: 'C12', batchNumber: `B${i % 50}`, managingAgent: 'S-100' };
    return columns.map((c) => values[c.field] ?? null);
  };
  for (let i = 1; i <= UPLOAD_ROWS; i++) sheet.addRow(rowOf(i)).commit();
  sheet.commit();
  await writer.commit();
  const bytes = (await import('node:fs')).statSync(file).size;
  console.log(`workbook: ${UPLOAD_ROWS} rows, ${mb(bytes)} MB`);

  // ---- bare exceljs streaming reads of the same file, beside the product's parse and validation alone --
  // (header matching, the parse's cells, kinds, defaults, shared rules; no checks against stored
  // records, no writes). Five rounds, each in turn, the best of each kept: this machine's speed
  // varies by a third from one read to the next. Nothing else runs yet (the local stack starts after).
  const { matchHeaders } = await import('@eb/shared/upload/columns');
  const { cellValue, validateCells } = await import('@eb/shared/upload/validate');
  const { cellsOf, isBlankRow } = await import('../../functions/src/upload/parse');
  const open = () => new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  let bareRows = 0;
  let validatedOnly = 0;
  const { workbookReader } = await import('../../functions/src/upload/workbook-reader');
  const rounds = { bare: [] as number[], bareValues: [] as number[], productRead: [] as number[], validate: [] as number[] };
  let t0 = process.hrtime.bigint();
  for (let round = 0; round < READ_ROUNDS; round++) {
    // the rows alone
    t0 = process.hrtime.bigint();
    bareRows = 0;
    for await (const ws of open()) for await (const _row of ws as AsyncIterable<ExcelJS.Row>) bareRows++;
    rounds.bare.push(ms(t0));
    // the rows and their values (what any reader of the data takes)
    t0 = process.hrtime.bigint();
    let cells = 0;
    for await (const ws of open()) for await (const row of ws as AsyncIterable<ExcelJS.Row>) cells += ((row.values as unknown[]) ?? []).length;
    rounds.bareValues.push(ms(t0));
    if (cells === 0) throw new Error('no cells read');
    // the product's reader alone (its rows and their values)
    t0 = process.hrtime.bigint();
    let productCells = 0;
    for await (const ws of workbookReader(createReadStream(file))) for await (const row of ws) productCells += row.values.length;
    rounds.productRead.push(ms(t0));
    if (productCells !== cells) throw new Error(`the product's reader read ${productCells} cells, exceljs ${cells}`);
    // the product's parse and validation alone (its reader, as the parse job reads)
    t0 = process.hrtime.bigint();
    validatedOnly = 0;
    for await (const ws of workbookReader(createReadStream(file))) {
      let match: ReturnType<typeof matchHeaders> | null = null;
      for await (const row of ws) {
        const values = row.values;
        if (!match) {
          match = matchHeaders('Accounts', values.slice(1).map((v) => (cellValue(v) === null ? null : String(cellValue(v)))));
          continue;
        }
        if (isBlankRow(values)) continue;
        if (validateCells('Accounts', cellsOf(values, match)).exceptions.length === 0) validatedOnly++;
      }
    }
    rounds.validate.push(ms(t0));
  }
  const [bareReadMs, bareReadValuesMs, validateOnlyMs] = [Math.min(...rounds.bare), Math.min(...rounds.bareValues), Math.min(...rounds.validate)];
  console.log(`bare read (best of ${READ_ROUNDS}): ${Math.round(bareReadMs)} ms, with the values ${Math.round(bareReadValuesMs)} ms; parse and validate alone: ${validatedOnly} valid rows in ${Math.round(validateOnlyMs)} ms (rounds ${JSON.stringify(rounds, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))})`);

  // ---- the local stack (started after the reads: its JVM, compiling and collecting as it starts and
  // seeds, took a core from them) -----------------------------------------------------------------------
  const stack = await startLocalStack({ port: 0, dataDir, persist: false, gateway: false, poller: false, quiet: true, javaHeap: '2g' });
  const { feedAttributes } = await import('../../functions/src/lib/feed');
  const { s3Client } = await import('../../functions/src/lib/aws');
  const { config } = await import('../../functions/src/lib/config');
  const { startParse } = await import('../../functions/src/upload/parse');
  const { startImport } = await import('../../functions/src/upload/import');
  const { UPLOADS } = await import('../../functions/src/upload/uploads');

  // one master contract with 100 amendments, the accounts' parents
  await seedContractWithAmendments(700001, 100);

  // ---- the parse job -------------------------------------------------------------------------------
  const key = `incoming/uploads/00000000-0000-0000-0000-000000000000.${bytes}`;
  // a Buffer body: s3rver does not decode the SDK's aw-chunked stream uploads
  await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: readFileSync(file) }));
  // the parse job in a process of its own (as a worker container runs it): its time and memory alone
  const parse = await startParse(UPLOADS, { rowType: 'Accounts', batchId: 1, key, fileName: 'accounts.xlsx', user: 'Bench' }, 0);
  const child = await new Promise<{ ms: number; startRss: number; peakRss: number; peakHeap: number; result: { rows: number; validated: number; withExceptions: number } }>((resolve, reject) => {
    // async: the parent's event loop serves the in-process emulators the child calls
    const p = spawn(process.execPath, [...(process.env.PARSE_EXEC_ARGV ?? '').split(' ').filter(Boolean), '--import', 'tsx', path.join(import.meta.dirname, 'parse-child.ts'), parse.jobId], { env: { ...process.env, NODE_OPTIONS: process.env.PARSE_NODE_OPTIONS ?? '' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += String(d)));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').filter((l) => l.startsWith('{"ms"')).at(-1)!)) : reject(new Error(`parse child exited ${code}`))));
  });
  const parseMs = child.ms;
  const [peakRss, baseRss, peakHeap, baseHeap] = [child.peakRss, child.startRss, child.peakHeap, 0];
  const result = child.result;
  console.log(`parse: ${result.rows} rows (${result.validated} validated) in ${Math.round(parseMs)} ms; bare read ${Math.round(bareReadMs)} ms; the parse's process: peak rss ${mb(peakRss)} MB, peak heap ${mb(peakHeap)} MB`);

  // ---- the floor of the rows' writes: the same number of row-sized items by raw BatchWriteItem -------
  const sample = (await UPLOADS.store.readMany([1_000_002])).get(1_000_002)!;
  t0 = process.hrtime.bigint();
  await seedItems('benchUploadRow', result.rows, (id, seq) => ({ pk: `BENCHROW#${id}`, sk: 'BENCHROW', objectId: id, data: sample.data, exceptions: '[]', rowState: 'validated', ...feedAttributes('benchUploadRow', id, seq) }));
  const rawRowsMs = ms(t0);
  console.log(`raw BatchWriteItem of ${result.rows} row-sized items: ${Math.round(rawRowsMs)} ms`);

  // ---- Save All of SAVE_ROWS validated rows beside raw BatchWriteItem ------------------------------
  // two sets of SAVE_ROWS rows kept: the first imported first in the process (cold: its code, its
  // lists and reference reads loaded on the way), the second then (warm, as a worker's later jobs)
  const validated = await UPLOADS.store.rows().idsOf({ filter: (r) => r.rowState === 'validated', orderBy: 'objectId Ascending' });
  const firstIds = validated.slice(0, SAVE_ROWS);
  const ids = validated.slice(2 * SAVE_ROWS);
  for (let i = 0; i < ids.length; i += 1000) await UPLOADS.store.remove(ids.slice(i, i + 1000));
  // the rows' list brought up to date with the removal above (the bench's own setup: tens of thousands
  // of tombstones no user's Save All finds in its way), timed apart, and the list engine's window for
  // late writes (FEED_LAG_MS, in which each query reads the feed's last changes again) let pass, as
  // it has when a user saves rows they have looked at
  t0 = process.hrtime.bigint();
  await UPLOADS.store.rows().idsOf({ filter: (r) => r.rowState === 'validated', orderBy: 'objectId Ascending' });
  const setupRefreshMs = ms(t0);
  const { FEED_LAG_MS } = await import('../../functions/src/lib/feed');
  await new Promise((r) => setTimeout(r, FEED_LAG_MS + 1000));
  // the DynamoDB requests the import makes, by operation (their count, their actions or items, their
  // time), and the items its transactions write (kept for the baselines below)
  const { dynamo } = await import('../../functions/src/lib/aws');
  const { table, batchGet } = await import('../../functions/src/lib/db');
  type Requests = Record<string, { count: number; items: number; ms: number }>;
  let capture: { requests: Requests; puts: Record<string, unknown>[]; updated: Record<string, unknown>[] } | null = { requests: {}, puts: [], updated: [] };
  const { requests, puts, updated } = capture;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (!capture) return next(args);
      const { requests, puts, updated } = capture;
      const input = args.input as { TransactItems?: { Put?: { Item: Record<string, unknown> }; Update?: { Key: Record<string, unknown> } }[]; RequestItems?: Record<string, unknown[] | { Keys: unknown[] }>; Key?: { pk?: string }; IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
      for (const a of input.TransactItems ?? []) {
        if (a.Put) puts.push(a.Put.Item);
        else if (a.Update) updated.push(a.Update.Key);
      }
      const items = input.TransactItems?.length ?? Object.values(input.RequestItems ?? {}).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : v.Keys.length), 0);
      const detail = input.Key?.pk ? String(input.Key.pk).replace(/[0-9]+/g, 'N').replace(/#[0-9a-f-]{36}/, '#<job>') : input.IndexName ? `${input.IndexName} ${String(JSON.stringify(input.ExpressionAttributeValues)).replace(/[0-9]+/g, 'N').slice(0, 60)}` : '';
      const r = (requests[`${context.commandName ?? '?'} ${detail}`.trim()] ??= { count: 0, items: 0, ms: 0 });
      const t = process.hrtime.bigint();
      try {
        return await next(args);
      } finally {
        r.count++;
        r.items += items || 1;
        r.ms += ms(t);
      }
    },
    { step: 'initialize', name: 'benchCount' },
  );
  t0 = process.hrtime.bigint();
  const save = await startImport(UPLOADS, { rowType: 'Accounts', ids: firstIds, userName: 'Bench' }, 0);
  await runJobThroughWorker(save.jobId);
  const saveMs = ms(t0);
  capture = null;
  // the second set: Save All of the batch's validated rows left
  t0 = process.hrtime.bigint();
  const saveAll = await startImport(UPLOADS, { rowType: 'Accounts', batchId: 1, userName: 'Bench' }, 0);
  await runJobThroughWorker(saveAll.jobId);
  const warmMs = ms(t0);
  const importedRows = (await UPLOADS.store.rows().idsOf({ filter: (r) => r.rowState === 'imported', orderBy: 'objectId Ascending' })).length;
  if (importedRows !== 2 * SAVE_ROWS) throw new Error(`${importedRows} rows imported, not ${2 * SAVE_ROWS}`);
  console.table(Object.entries(requests).map(([op, r]) => ({ op, ...r, ms: Math.round(r.ms) })));
  // the baselines write the import's own items again (the accounts, their change-log events, the LDC
  // markers as put, the rows as their move to 'imported' left them) under keys of their own
  // (a transaction resent after a cancelled group is counted once: items by key)
  // (the job's own record and the type's last-save pointer left out: not the rows' writes)
  const itemsWritten = async (written: Record<string, unknown>[], keysUpdated: Record<string, unknown>[]) =>
    [...new Map([...written, ...(await batchGet(keysUpdated))].map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, item])).values()].filter((item) => !/^(JOB|LASTSAVE)#/.test(String(item.pk)));
  const importItems = await itemsWritten(puts, updated);
  const renamed = (prefix: string) => importItems.map((item) => ({ ...item, pk: `${prefix}#${String(item.pk)}` }));
  const { accountDef } = await import('../../functions/src/account/repository');
  t0 = process.hrtime.bigint();
  await seedItems('benchAccount', SAVE_ROWS, (id, seq) => ({ ...accountDef.key(900_000_000 + id), objectId: 900_000_000 + id, name: `Raw ${id}`, ...feedAttributes('benchAccount', id, seq) }));
  const rawMs = ms(t0);
  // the account records as the import wrote them (every field of the row: the same rows, whole) by raw BatchWriteItem
  const accountSk = accountDef.key(1).sk;
  const rawAccounts = renamed('BENCHACCOUNT').filter((item) => (item as Record<string, unknown>).sk === accountSk && String(item.pk).startsWith('BENCHACCOUNT#ACCOUNT#'));
  t0 = process.hrtime.bigint();
  await inParallel(16, Math.ceil(rawAccounts.length / 25), (b) => putBatch(rawAccounts.slice(b * 25, (b + 1) * 25)));
  const rawAccountsMs = ms(t0);
  // the import's items by raw BatchWriteItem (25 a request, 16 in flight, as seedItems)
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const raw = renamed('BENCHRAW');
  t0 = process.hrtime.bigint();
  await inParallel(16, Math.ceil(raw.length / 25), (b) => putBatch(raw.slice(b * 25, (b + 1) * 25)));
  const rawItemsMs = ms(t0);
  // the same items by bare TransactWriteItems (100 conditional puts a request, 2 in flight): the floor of a transactional write here
  const bareTransact = async (items: Record<string, unknown>[], prefix: string) => {
    const tx = items.map((item) => ({ ...item, pk: `${prefix}#${String(item.pk)}` }));
    const t = process.hrtime.bigint();
    await inParallel(2, Math.ceil(tx.length / 100), (b) =>
      dynamo().send(new TransactWriteCommand({ TransactItems: tx.slice(b * 100, (b + 1) * 100).map((Item) => ({ Put: { TableName: table(), Item, ConditionExpression: 'attribute_not_exists(pk)' } })) })),
    );
    return ms(t);
  };
  const bareTransactMs = await bareTransact(importItems, 'BENCHTX');
  console.log(`save all: ${SAVE_ROWS} rows in ${Math.round(saveMs)} ms (the first import in the process), ${Math.round(warmMs)} ms (the second); raw BatchWriteItem of ${SAVE_ROWS} account items ${Math.round(rawMs)} ms; of the ${rawAccounts.length} account records as imported ${Math.round(rawAccountsMs)} ms; of the import's ${importItems.length} items ${Math.round(rawItemsMs)} ms; bare TransactWriteItems of them ${Math.round(bareTransactMs)} ms`);

  // ---- Save All of AMENDMENT_ROWS Amendments rows (one amendment a row) beside bare TransactWriteItems of its items --
  // thirty master contracts, a hundred new amendments each (a workbook, parsed, then Save All of the batch)
  const { keys: dbKeys } = await import('../../functions/src/lib/db');
  const { nextSeq } = await import('../../functions/src/lib/feed');
  const contracts = Math.ceil(AMENDMENT_ROWS / 100);
  const firstSeq = await nextSeq('masterContract', contracts);
  const masters = Array.from({ length: contracts }, (_, i) => ({ ...dbKeys.masterContract(5001 + i), objectId: 5001 + i, contractId: 800001 + i, contractValid: true, version: 1, ...feedAttributes('masterContract', 5001 + i, firstSeq + i) }));
  await inParallel(4, Math.ceil(masters.length / 25), (b) => putBatch(masters.slice(b * 25, (b + 1) * 25)));
  const amendmentColumns = UPLOAD_COLUMNS.Amendments;
  const amendmentBook = new ExcelJS.Workbook();
  const amendmentSheet = amendmentBook.addWorksheet('Amendments');
  amendmentSheet.addRow(amendmentColumns.map((c) => c.header));
  for (let i = 0; i < AMENDMENT_ROWS; i++) {
    const a = generatedAmendment(i % 7, 1 + (i % 100));
    const values: Record<string, unknown> = { ...a, contractId: 800001 + Math.floor(i / 100), amendmentNumber: 1 + (i % 100), receivedDate: new Date(a.receivedDate.slice(0, 10)), agreementDate: new Date(a.agreementDate.slice(0, 10)), startDate: new Date(a.startDate.slice(0, 10)), contractStatus: 'Signed' };
    amendmentSheet.addRow(amendmentColumns.map((c) => values[c.field] ?? null));
  }
  const amendmentKey = 'incoming/uploads/00000000-0000-0000-0000-000000000001.xlsx';
  await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: amendmentKey, Body: Buffer.from(await amendmentBook.xlsx.writeBuffer()) }));
  const amendmentParse = await startParse(UPLOADS, { rowType: 'Amendments', batchId: 2, key: amendmentKey, fileName: 'amendments.xlsx', user: 'Bench' }, 0);
  const amendmentParsed = (await runJobThroughWorker(amendmentParse.jobId)).result as { rows: number; validated: number; withExceptions: number };
  if (amendmentParsed.validated !== AMENDMENT_ROWS) {
    const [bad] = (await UPLOADS.store.list({ rowType: 'Amendments', rowState: 'withExceptions', batchId: 2 }, { limit: '1' })).data;
    throw new Error(`${amendmentParsed.validated} of ${AMENDMENT_ROWS} amendment rows validated: ${JSON.stringify(bad?.uploadExceptions)}`);
  }
  await UPLOADS.store.rows().idsOf({ filter: (r) => r.rowState === 'validated', orderBy: 'objectId Ascending' });
  await new Promise((r) => setTimeout(r, FEED_LAG_MS + 1000));
  capture = { requests: {}, puts: [], updated: [] };
  const amendmentCapture = capture;
  t0 = process.hrtime.bigint();
  const amendmentSave = await startImport(UPLOADS, { rowType: 'Amendments', batchId: 2, userName: 'Bench' }, 0);
  await runJobThroughWorker(amendmentSave.jobId);
  const amendmentSaveMs = ms(t0);
  capture = null;
  const amendmentItems = await itemsWritten(amendmentCapture.puts, amendmentCapture.updated);
  const amendmentBareTransactMs = await bareTransact(amendmentItems, 'BENCHTXA');
  const perRow = { accounts: saveMs / SAVE_ROWS, accountsWarm: warmMs / SAVE_ROWS, amendments: amendmentSaveMs / AMENDMENT_ROWS };
  console.table(Object.entries(amendmentCapture.requests).map(([op, r]) => ({ op, ...r, ms: Math.round(r.ms) })));
  console.log(
    `save all of ${AMENDMENT_ROWS} Amendments rows: ${Math.round(amendmentSaveMs)} ms (${perRow.amendments.toFixed(2)} ms a row); bare TransactWriteItems of its ${amendmentItems.length} items ${Math.round(amendmentBareTransactMs)} ms`,
  );
  console.log('\nratios (rate of the product / rate of the baseline, 1 = as fast):');
  console.table([
    { what: `Save All ${SAVE_ROWS} Accounts rows (first) / bare TransactWriteItems of its ${importItems.length} items`, ratio: +(bareTransactMs / saveMs).toFixed(2) },
    { what: `Save All ${SAVE_ROWS} Accounts rows (warm) / the same bare TransactWriteItems`, ratio: +(bareTransactMs / warmMs).toFixed(2) },
    { what: `Save All ${AMENDMENT_ROWS} Amendments rows / bare TransactWriteItems of its ${amendmentItems.length} items`, ratio: +(amendmentBareTransactMs / amendmentSaveMs).toFixed(2) },
    { what: `per row: ${AMENDMENT_ROWS} Amendments (${perRow.amendments.toFixed(2)} ms) against ${SAVE_ROWS} Accounts, first (${perRow.accounts.toFixed(2)} ms)`, ratio: +(perRow.accounts / perRow.amendments).toFixed(2) },
    { what: `per row: ${AMENDMENT_ROWS} Amendments against ${SAVE_ROWS} Accounts, warm (${perRow.accountsWarm.toFixed(2)} ms)`, ratio: +(perRow.accountsWarm / perRow.amendments).toFixed(2) },
    { what: `parse job (${result.rows} rows) / bare exceljs read + raw BatchWriteItem of as many rows (${Math.round(bareReadMs)} + ${Math.round(rawRowsMs)} ms)`, ratio: +((bareReadMs + rawRowsMs) / parseMs).toFixed(2) },
  ]);

  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    workbookRows: UPLOAD_ROWS,
    workbookMb: +(bytes / 1e6).toFixed(1),
    parseMs: Math.round(parseMs),
    parseRowsPerSecond: Math.round(result.rows / (parseMs / 1000)),
    parsedValidated: result.validated,
    parsedWithExceptions: result.withExceptions,
    bareExceljsReadMs: Math.round(bareReadMs),
    bareExceljsRowsPerSecond: Math.round(bareRows / (bareReadMs / 1000)),
    parseToBareRatio: +(bareReadMs / parseMs).toFixed(2),
    bareExceljsReadWithValuesMs: Math.round(bareReadValuesMs),
    productReadMs: Math.round(Math.min(...rounds.productRead)),
    productReadToBareRatio: +(bareReadMs / Math.min(...rounds.productRead)).toFixed(2),
    parseValidateOnlyMs: Math.round(validateOnlyMs),
    parseValidateOnlyToBareRatio: +(bareReadMs / validateOnlyMs).toFixed(2),
    parseValidateOnlyToBareWithValuesRatio: +(bareReadValuesMs / validateOnlyMs).toFixed(2),
    readRoundsMs: Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, v.map(Math.round)])),
    rawRowWritesMs: Math.round(rawRowsMs),
    parseToBareReadPlusRawWritesRatio: +((bareReadMs + rawRowsMs) / parseMs).toFixed(2),
    parseProcessPeakRssMb: mb(peakRss),
    parseProcessStartRssMb: mb(baseRss),
    peakHeapMb: mb(peakHeap - baseHeap),
    saveRows: SAVE_ROWS,
    rowListRefreshAfterSetupMs: Math.round(setupRefreshMs),
    saveAllMs: Math.round(saveMs),
    saveAllRowsPerSecond: Math.round(SAVE_ROWS / (saveMs / 1000)),
    rawBatchWriteMs: Math.round(rawMs),
    rawBatchWriteRowsPerSecond: Math.round(SAVE_ROWS / (rawMs / 1000)),
    saveToRawRatio: +(rawMs / saveMs).toFixed(2),
    rawBatchWriteOfImportedAccountsMs: Math.round(rawAccountsMs),
    importedAccounts: rawAccounts.length,
    saveToRawImportedAccountsRatio: +(rawAccountsMs / saveMs).toFixed(2),
    importItems: importItems.length,
    rawBatchWriteOfImportItemsMs: Math.round(rawItemsMs),
    saveToRawImportItemsRatio: +(rawItemsMs / saveMs).toFixed(2),
    bareTransactWriteOfImportItemsMs: Math.round(bareTransactMs),
    saveToBareTransactWriteRatio: +(bareTransactMs / saveMs).toFixed(2),
    saveAllWarmMs: Math.round(warmMs),
    saveAllWarmRowsPerSecond: Math.round(SAVE_ROWS / (warmMs / 1000)),
    saveAllWarmToRawRatio: +(rawMs / warmMs).toFixed(2),
    saveAllWarmToRawImportedAccountsRatio: +(rawAccountsMs / warmMs).toFixed(2),
    saveAllWarmToRawImportItemsRatio: +(rawItemsMs / warmMs).toFixed(2),
    saveAllWarmToBareTransactWriteRatio: +(bareTransactMs / warmMs).toFixed(2),
    amendmentRows: AMENDMENT_ROWS,
    amendmentSaveAllMs: Math.round(amendmentSaveMs),
    amendmentSaveAllMsPerRow: +perRow.amendments.toFixed(2),
    accountSaveAllMsPerRow: +perRow.accounts.toFixed(2),
    accountSaveAllWarmMsPerRow: +perRow.accountsWarm.toFixed(2),
    amendmentPerRowToAccountsRatio: +(perRow.accounts / perRow.amendments).toFixed(2),
    amendmentPerRowToAccountsWarmRatio: +(perRow.accountsWarm / perRow.amendments).toFixed(2),
    amendmentImportItems: amendmentItems.length,
    amendmentBareTransactWriteMs: Math.round(amendmentBareTransactMs),
    amendmentSaveToBareTransactWriteRatio: +(amendmentBareTransactMs / amendmentSaveMs).toFixed(2),
    amendmentSaveAllRequests: Object.fromEntries(Object.entries(amendmentCapture.requests).map(([op, r]) => [op, { count: r.count, items: r.items, ms: Math.round(r.ms) }])),
    saveAllRequests: Object.fromEntries(Object.entries(requests).map(([op, r]) => [op, { count: r.count, items: r.items, ms: Math.round(r.ms) }])),
  };
}

runSuite(import.meta.url, async () => {
  const result = await benchUploads();
  writeResults('uploads', 'Uploads benchmark', { command: 'BENCH_SUITES=uploads npm run bench', result }, [result]);
});
