import ExcelJS from 'exceljs';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadForm } from '@eb/shared/upload/schemas';
import { deliverOnce, runJobNow } from '../../../test/support/jobs';
import { newAccount, newAmendment, ok } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet, xlsxOf } from '../../../test/support/spreadsheets';
import { signedInBeforeAll } from '../../../test/support/users';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { importFaults, SimulatedCrash } from './import';

/**
 * Nothing lost (issue 10): a Save All of 1,000 rows whose worker is killed at random at least 20
 * times — before a row's write or right after it, before the chunk's checkpoint — ends with every
 * row imported exactly once; the job delivered three more times afterwards changes nothing. The
 * updater's import is the same job of the same pipeline: its Save All is tested the same way.
 */
const ROWS = 1000;
const ACCOUNTS = 20;
const [admin] = signedInBeforeAll('superAdmin');
afterEach(() => {
  importFaults.at = null;
});

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Delivers a job until it is no longer running or queued (each delivery may be killed). */
async function deliverUntilDone(jobId: string): Promise<void> {
  for (let delivery = 0; delivery < 300; delivery++) {
    await deliverOnce(jobId);
    const status = (await ok<Job>(admin.get('/api/job/getjob', { id: jobId }))).status;
    if (status !== 'running' && status !== 'queued') return;
  }
}
/** Kills the worker at random (a share of the rows, before or after their write) and counts the kills. */
function killAtRandom(seed: number, share: number): { kills: number } {
  const random = rng(seed);
  const counter = { kills: 0 };
  importFaults.at = () => {
    if (random() < share) {
      counter.kills++;
      throw new SimulatedCrash('killed');
    }
  };
  return counter;
}

describe('Save All under worker crashes', () => {
  it('imports each of 1,000 rows exactly once through at least 20 kills, and a job delivered three times more changes nothing', async () => {
    // Prepare: twenty accounts and 1,000 CRM rows for them (50 each: an account's rows go one at a
    // time, the accounts' side by side), parsed into one batch
    const amendment = await newAmendment(admin);
    const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, () => newAccount(admin, amendment.objectId)));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('AccountCRM');
    ws.addRow(['CAMS Account ID', 'CRM Type', 'Date', 'Comment', 'Resolved']);
    for (let i = 1; i <= ROWS; i++) ws.addRow([accounts[i % ACCOUNTS]!.objectId, 'Note', '3/1/2026', `Note ${i}`, 'No']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const form = await ok<UploadForm>(admin.post('/api/upload/GetUploadForm', { uploadType: 'AccountCRM', fileName: 'crm.xlsx', size: bytes.length }));
    await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: form.key, Body: bytes }));
    const parse = await ok<Job>(admin.post('/api/upload/Upload', { uploadType: 'AccountCRM', key: form.key, fileName: 'crm.xlsx' }));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    // Act: Save All, the worker killed at random (about one row in forty) until it has been killed 20 times and more
    const killed = killAtRandom(20261124, 0.025);
    const save = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'AccountCRM', batchId }));
    await deliverUntilDone(save.jobId);
    importFaults.at = null;
    const crmsAfter = async () =>
      (await Promise.all(accounts.map(async (a) => (await ok<{ data: { comment: string }[] }>(admin.post('/api/account/GetCrms', { account: { objectId: a.objectId } }, { limit: 1000 }))).data))).flat();
    const first = await crmsAfter();
    // Act: the same job delivered three more times
    for (let i = 0; i < 3; i++) await deliverOnce(save.jobId);
    const again = await crmsAfter();
    // Assess
    expect(killed.kills).toBeGreaterThanOrEqual(20);
    expect((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status).toBe('completed');
    expect(first.length).toBe(ROWS);
    expect(new Set(first.map((c) => c.comment)).size).toBe(ROWS);
    expect(again.length).toBe(ROWS);
    const imported = await ok<{ totalCount: number }>(admin.post('/api/upload/GetList', { rowState: 'imported', uploadType: 'AccountCRM', batchId, rowCountOnly: true }, { getTotalCount: true }));
    expect(imported.totalCount).toBe(ROWS);
  }, 240_000);

  it("applies each of an update batch's 240 volume changes exactly once through at least 20 kills, and a job delivered three times more changes nothing", async () => {
    // Prepare: ten accounts with a two-year volume block, and a volume for each month of both years
    const amendment = await newAmendment(admin);
    const block = { startDate: '2026-01-01T00:00:00', endDate: '2027-12-31T00:00:00', accountVolumeUom: 'KWH' };
    const accounts = await Promise.all(Array.from({ length: 10 }, () => newAccount(admin, amendment.objectId, { accountVolume: block })));
    const rows: unknown[][] = [['CAMS Account ID', 'Year', 'Month', 'New Value']];
    for (const a of accounts) for (const year of [2026, 2027]) for (let month = 1; month <= 12; month++) rows.push([a.objectId, year, month, year * 100 + month]);
    const parse = await ok<Job>(postSpreadsheet(admin, 'update', 'Volumes', await xlsxOf('Volumes', rows), 'volumes.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    // Act: importAllRows with the worker killed at random, then the job delivered three more times
    const killed = killAtRandom(20261125, 0.06);
    const save = await ok<Job>(admin.post('/api/update/importAllRows', { updateType: 'Volumes', batchId }));
    await deliverUntilDone(save.jobId);
    importFaults.at = null;
    for (let i = 0; i < 3; i++) await deliverOnce(save.jobId);
    // Assess: every month set, one change-log event per row
    expect(killed.kills).toBeGreaterThanOrEqual(20);
    expect((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status).toBe('completed');
    for (const a of accounts) {
      const after = await ok<{ accountVolume: { volumeData: { year: number; months: number[] }[] } }>(admin.get('/api/account/Get', { id: a.objectId }));
      expect(after.accountVolume.volumeData).toEqual([2026, 2027].map((year) => ({ year, months: Array.from({ length: 12 }, (_, m) => year * 100 + m + 1) })));
      const log = await ok<{ eventId: string; source?: string }[]>(admin.get('/api/account/ChangeLogs', { accountId: a.objectId }));
      expect(new Set(log.filter((e) => e.source === `Update batch ${batchId}`).map((e) => e.eventId)).size).toBe(24);
    }
    const imported = await ok<{ totalCount: number }>(admin.post('/api/update/GetList', { rowState: 'imported', updateType: 'Volumes', batchId, rowCountOnly: true }, { getTotalCount: true }));
    expect(imported.totalCount).toBe(240);
  }, 240_000);
});
