/** What the benchmark suites share: percentiles, timing, seeding the table as the write path stores it, running a job through the worker. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1);
}
export const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * What every suite's main() ends with: its figures to bench/results/<name>-<date>[-BENCH_LABEL].json
 * (with the machine and the command), then printed as a table.
 */
export function writeResults(name: string, title: string, body: Record<string, unknown>, table: object[]): void {
  const outDir = path.join(REPO, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
  const file = path.join(outDir, `${name}-${new Date().toISOString().slice(0, 10)}${label}.json`);
  writeFileSync(file, JSON.stringify({ machine: `${os.cpus().length} cores, node ${process.version}`, ...body }, null, 2));
  console.log(`\n${title}`);
  console.table(table);
  console.log(`written to ${path.relative(REPO, file)}`);
}

/** A suite file's entry point when run itself (npm run bench runs each suite in its own process): exit 0, or print the error and exit 1. */
export function runSuite(url: string, main: () => Promise<void>): void {
  if (url !== `file://${process.argv[1]}`) return;
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

const NOW = '2026-01-01T00:00:00';
/** The fields every seeded item has beside its own (seedItems adds them). */
export const COMMON = { version: 1, created: NOW, updated: NOW, createdBy: 0, updatedBy: 0 };

/** `count` tasks (by index), `width` of them at a time. */
export async function inParallel(width: number, count: number, task: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** One BatchWriteItem of at most 25 puts, the unprocessed ones sent again. */
export async function putBatch(items: readonly Record<string, unknown>[]): Promise<void> {
  const { dynamo } = await import('../../functions/src/lib/aws');
  const { table } = await import('../../functions/src/lib/db');
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  while (pending.length) {
    const res = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
    pending = (res.UnprocessedItems?.[table()] ?? []) as typeof pending;
  }
}

/** Writes `count` items of a list type (ids 1..count, with their list-feed stamps) in batches of 25, 16 in flight; answers the first id's seq (id n has first + n - 1). */
export async function seedItems(type: string, count: number, item: (id: number, seq: number) => Record<string, unknown>): Promise<number> {
  const { nextSeq } = await import('../../functions/src/lib/feed');
  const first = await nextSeq(type, count);
  await inParallel(16, Math.ceil(count / 25), (b) =>
    putBatch(
      Array.from({ length: Math.min(25, count - b * 25) }, (_, k) => {
        const id = b * 25 + k + 1;
        return { ...item(id, first + id - 1), ...COMMON };
      }),
    ),
  );
  return first;
}

/**
 * Master contract 1 (its Contract ID `contractId`) with amendments 1..`amendments` (objectIds and
 * numbers alike, generated fields, their end dates), as the write path stores them.
 */
export async function seedContractWithAmendments(contractId: number, amendments: number): Promise<void> {
  const { keys } = await import('../../functions/src/lib/db');
  const { feedAttributes } = await import('../../functions/src/lib/feed');
  const { termEndDate } = await import('@eb/shared/term-end-date');
  const { generatedAmendment } = await import('../../infra/local/contract-generator');
  await seedItems('masterContract', 1, (id, seq) => ({ ...keys.masterContract(id), objectId: id, contractId, contractValid: true, ...feedAttributes('masterContract', id, seq) }));
  await seedItems('contract', amendments, (id, seq) => {
    const fields = { ...generatedAmendment(0, id), amendmentNumber: id };
    return { ...keys.contract(id), objectId: id, ...fields, endDate: termEndDate(fields.startDate, fields.term), masterContractRef: 1, ...feedAttributes('contract', id, seq) };
  });
  // their ids taken from the amendments' id counter, as the write path takes them (an amendment created later gets the next)
  const { addToCounter } = await import('../../functions/src/lib/db');
  await addToCounter('contract', amendments);
}

/** Runs a queued job to its end through the worker (as the SQS event source would), answering its record. */
export async function runJobThroughWorker(jobId: string) {
  const { handler: worker } = await import('../../functions/src/job/worker');
  const { lambdaContext } = await import('../../infra/local/events');
  const { getJobRecord } = await import('../../functions/src/job/repository');
  const event = { Records: [{ messageId: jobId, receiptHandle: jobId, body: JSON.stringify({ jobId }), attributes: { ApproximateReceiveCount: '1' } }] };
  for (let i = 0; i < 50; i++) {
    const r = await worker(event as never, lambdaContext('worker', 900_000));
    if (!r.batchItemFailures.length) break;
  }
  const finished = await getJobRecord(jobId);
  if (finished?.status !== 'completed') throw new Error(`job ${jobId} ${finished?.status}`);
  return finished;
}

/** The bare library's baseline: exceljs's streaming writer, the same rows to memory; its time and bytes. */
export async function bareExceljsWrite(sheetName: string, headers: readonly string[], rows: Iterable<unknown[]>): Promise<{ ms: number; bytes: number }> {
  const t0 = process.hrtime.bigint();
  const out = new PassThrough();
  let bytes = 0;
  out.on('data', (c: Buffer) => (bytes += c.length));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...headers]).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  await ended;
  return { ms: ms(t0), bytes };
}
