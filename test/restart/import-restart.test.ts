import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { seedContractWithAmendments } from '../bench/support';
import { uniqueLdc } from '../support/records';

/**
 * Nothing lost across a restart (issues 10 and 11: "a restart of the local stack mid-job resumes
 * it"): a Save All of uploaded rows and one of update rows, each stopped part-way by a worker that
 * dies, then the whole local stack stopped — its queue lives in memory and is lost — and started
 * again on the same data directory. The restarted stack puts the unfinished jobs back on its queue;
 * its worker finishes them from their checkpoints, every row imported exactly once. Then the
 * upload's import is undone, the stack going down in the middle of the undo: the restarted worker
 * finishes it, every note removed once.
 */
const savedEnv = { ...process.env };
let stack: LocalStack | null = null;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-restart-'));
afterAll(async () => {
  importTuning.chunk = productChunk;
  (await import('../../functions/src/upload/undo')).undoFaults.at = null;
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  // back to the shared test stack for whatever runs next in this process
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
  Object.assign(process.env, savedEnv);
  (await import('../../functions/src/lib/aws')).resetClients();
});

// more rows than one chunk of the import job (planned at 100 rows a chunk here, a tenth of the
// product's: the same checkpoints, sooner): the crash comes after the first checkpoint
const { importTuning } = await import('../../functions/src/upload/import');
const IMPORT_CHUNK = 100;
const productChunk = importTuning.chunk;
importTuning.chunk = IMPORT_CHUNK;
const CRM_ROWS = IMPORT_CHUNK + 50;
// the undo's worker dies once this many notes are removed, before the last of them
const UNDO_CRASH_AT = IMPORT_CHUNK;
// 24 volume months an account
const ACCOUNTS = Math.ceil((IMPORT_CHUNK + 50) / 24);

describe('A restart of the local stack in the middle of Save All and of Undo', () => {
  it("resumes the uploader's and the updater's import jobs from their checkpoints, each row imported exactly once, and an undo of the upload, each note removed once", async () => {
    // Prepare: a stack on disk, an amendment, accounts with a two-year volume block
    stack = await startLocalStack({ port: 0, dataDir, persist: true, gateway: false, poller: false, quiet: true, shortLived: true });
    const { accountCreateBodySchema } = await import('@eb/shared/account/schemas');
    const { createAccount } = await import('../../functions/src/account/repository');
    const { territories } = await import('../../functions/src/reference/repository');
    const { validateCells } = await import('@eb/shared/upload/validate');
    const { validateUpdateRow } = await import('@eb/shared/update/validate');
    const { UPLOADS } = await import('../../functions/src/upload/uploads');
    const { UPDATES } = await import('../../functions/src/update/pipeline');
    const { importFaults, SimulatedCrash, startImport } = await import('../../functions/src/upload/import');
    await seedContractWithAmendments(800001, 1);
    const pseg = (await territories().all({}, 100)).find((t) => t.code === 'PSEG')!;
    const actor = { objectId: 1, name: 'Restart Test' };
    const accounts: number[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const input = accountCreateBodySchema.parse({
        contract: { objectId: 1 }, name: `Restart ${i}`, type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: pseg.objectId }, ldcAccountNum: uniqueLdc(), serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No',
        requestedStartDate: '2026-01-01T00:00:00', term: 12, accountVolume: { startDate: '2026-01-01T00:00:00', endDate: '2027-12-31T00:00:00', accountVolumeUom: 'KWH' },
      });
      accounts.push((await createAccount(input as never, actor)).objectId);
    }
    // validated rows: CRM notes spread over the accounts (an upload batch; one account's notes go one at a time), every month's volume of every account (an update batch)
    await UPLOADS.store.write(
      Array.from({ length: CRM_ROWS }, (_, i) => ({ rowType: 'AccountCRM', batchId: 1, rowNumber: i + 2, user: 'Restart Test', ...validateCells('AccountCRM', { accountId: accounts[i % accounts.length], crmType: 'Note', date: '3/1/2026', comment: `Note ${i}`, isResolved: 'No' }) })),
    );
    const volumeRows = accounts.flatMap((id) => [2026, 2027].flatMap((year) => Array.from({ length: 12 }, (_, m) => ({ accountNumber: id, year, month: m + 1, value: year * 100 + m + 1 }))));
    await UPDATES.store.write(volumeRows.map((cells, i) => ({ rowType: 'Volumes', batchId: 1, rowNumber: i + 2, user: 'Restart Test', ...validateUpdateRow('Volumes', cells) })));
    const upload = await startImport(UPLOADS, { rowType: 'AccountCRM', batchId: 1, userName: 'Restart Test' }, 1);
    const update = await startImport(UPDATES, { rowType: 'Volumes', batchId: 1, userName: 'Restart Test' }, 1);

    // Act: the worker imports part of each batch, then the machine goes down (once each)
    const { handler: worker } = await import('../../functions/src/job/worker');
    const { lambdaContext } = await import('../../infra/local/events');
    const { getJobRecord } = await import('../../functions/src/job/repository');
    for (const job of [upload, update]) {
      let written = 0;
      importFaults.at = (when) => {
        if (when === 'after' && ++written === IMPORT_CHUNK + 10) throw new SimulatedCrash('the machine goes down');
      };
      const event = { Records: [{ messageId: job.jobId, receiptHandle: job.jobId, body: JSON.stringify({ jobId: job.jobId }), attributes: { ApproximateReceiveCount: '1' } }] };
      expect((await worker(event as never, lambdaContext('worker', 900_000))).batchItemFailures.length).toBe(1);
    }
    importFaults.at = null;
    const midway = await Promise.all([upload, update].map(async (j) => (await getJobRecord(j.jobId))!));
    // Act: the stack stops (its queue, in memory, is lost) and starts again on the same data directory, with its worker
    await stack.stop();
    stack = null;
    stack = await startLocalStack({ port: 0, dataDir, persist: true, gateway: false, poller: true, quiet: true, shortLived: true });
    const statusOf = async (jobId: string) => (await (await import('../../functions/src/job/repository')).getJobRecord(jobId))!.status;
    await expect.poll(async () => [await statusOf(upload.jobId), await statusOf(update.jobId)], { timeout: 90_000, interval: 250 }).toEqual(['completed', 'completed']);

    // Assess: both stopped part-way, then every row imported once
    expect(midway.map((j) => [j.status, j.nextChunk])).toEqual([['running', 1], ['running', 1]]);
    const { accountChildren } = await import('../../functions/src/account/children');
    const comments = (await Promise.all(accounts.map(async (id) => (await accountChildren.crms.list(id, { limit: '1000' } as never)).data.map((c) => (c as { comment: string }).comment)))).flat();
    expect(comments).toHaveLength(CRM_ROWS);
    expect(new Set(comments).size).toBe(CRM_ROWS);
    const { getAccount, accountChangeLogs } = await import('../../functions/src/account/repository');
    for (const id of accounts) {
      expect((await getAccount(id)).accountVolume?.volumeData).toEqual([2026, 2027].map((year) => ({ year, months: Array.from({ length: 12 }, (_, m) => year * 100 + m + 1) })));
      const log = await accountChangeLogs(id);
      expect(new Set(log.filter((e) => e.source === 'Update batch 1').map((e) => e.eventId)).size).toBe(24);
    }
    const imported = async (store: typeof UPLOADS.store | typeof UPDATES.store, rowType: string) => (await store.list({ rowType, rowState: 'imported', batchId: 1, rowCountOnly: true }, {})).totalCount;
    expect([await imported(UPLOADS.store, 'AccountCRM'), await imported(UPDATES.store, 'Volumes')]).toEqual([CRM_ROWS, volumeRows.length]);

    // Act: the upload's import undone (issue 29 section 5); its worker dies after 100 of the 150 notes removed, and on each delivery again until the stack goes down; the stack restarts mid-undo
    const { startUndo, undoFaults } = await import('../../functions/src/upload/undo');
    let [reverted, down] = [0, true];
    undoFaults.at = () => {
      if (++reverted >= UNDO_CRASH_AT && down) throw new SimulatedCrash('the machine goes down');
    };
    const undo = await startUndo(UPLOADS, { jobId: upload.jobId }, 'Restart Test', 1);
    await expect.poll(() => reverted, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(UNDO_CRASH_AT);
    const undoMidway = (await getJobRecord(undo.jobId))!.status;
    await stack.stop();
    stack = null;
    down = false;
    stack = await startLocalStack({ port: 0, dataDir, persist: true, gateway: false, poller: true, quiet: true, shortLived: true });
    await expect.poll(() => statusOf(undo.jobId), { timeout: 90_000, interval: 250 }).toBe('completed');
    undoFaults.at = null;
    // Assess: every note gone, each deleted once and by the undo, the rows back to Validated
    expect(undoMidway).toBe('running');
    const notesLeft = await Promise.all(accounts.map(async (id) => (await accountChildren.crms.list(id, { limit: '1000' } as never)).data.length));
    expect(notesLeft.reduce((a, b) => a + b, 0)).toBe(0);
    const deletions = (await Promise.all(accounts.map(async (id) => (await accountChangeLogs(id)).filter((e) => e.action === 'deleted')))).flat();
    expect([deletions.length, new Set(deletions.map((e) => e.entityId)).size, new Set(deletions.map((e) => e.source)).size]).toEqual([CRM_ROWS, CRM_ROWS, 1]);
    expect(deletions[0]!.source).toBe('Undo of upload batch 1');
    expect([await imported(UPLOADS.store, 'AccountCRM'), (await UPLOADS.store.list({ rowType: 'AccountCRM', rowState: 'validated', batchId: 1, rowCountOnly: true }, {})).totalCount]).toEqual([0, CRM_ROWS]);
  }, 360_000);
});
