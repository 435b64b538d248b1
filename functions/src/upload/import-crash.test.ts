import ExcelJS from 'exceljs';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadForm } from '@eb/shared/upload/schemas';
import type { Session } from '../../../test/support/invoke';
import { runJobNow } from '../../../test/support/jobs';
import { newAmendment, ok, uniqueLdc } from '../../../test/support/records';
import { signedIn } from '../../../test/support/users';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { importFaults, SimulatedCrash } from './import';

/**
 * Nothing lost (issue 10): a Save All of 1,000 rows whose worker is killed at random at least 20
 * times — before a row's write or right after it, before the chunk's checkpoint — ends with every
 * row imported exactly once; the job delivered three more times afterwards changes nothing.
 */
const ROWS = 1000;
let admin: Session;
beforeAll(async () => {
  admin = (await signedIn('superAdmin')).session;
});
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

describe('Save All under worker crashes', () => {
  it('imports each of 1,000 rows exactly once through at least 20 kills, and a job delivered three times more changes nothing', async () => {
    // Prepare: an account and 1,000 CRM rows for it, parsed into one batch
    const amendment = await newAmendment(admin);
    const territories = (await ok<{ data: { code: string; objectId: number }[] }>(admin.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
    const account = await ok<{ objectId: number }>(
      admin.post('/api/account/Create', {
        contract: { objectId: amendment.objectId }, name: 'Crash Site', type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: territories.find((t) => t.code === 'PSEG')!.objectId },
        ldcAccountNum: uniqueLdc(), serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12,
      }),
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('AccountCRM');
    ws.addRow(['CAMS Account ID', 'CRM Type', 'Date', 'Comment', 'Resolved']);
    for (let i = 1; i <= ROWS; i++) ws.addRow([account.objectId, 'Note', '3/1/2026', `Note ${i}`, 'No']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const form = await ok<UploadForm>(admin.post('/api/upload/GetUploadForm', { uploadType: 'AccountCRM', fileName: 'crm.xlsx', size: bytes.length }));
    await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: form.key, Body: bytes }));
    const parse = await ok<Job>(admin.post('/api/upload/Upload', { uploadType: 'AccountCRM', key: form.key, fileName: 'crm.xlsx' }));
    await runJobNow(parse.jobId);
    const batchId = ((await ok<Job>(admin.get('/api/job/getjob', { id: parse.jobId }))).result as { uploadBatchId: number; validated: number }).uploadBatchId;
    // Act: Save All, the worker killed at random (about one row in forty) until it has been killed 20 times and more
    const random = rng(20261124);
    let kills = 0;
    importFaults.at = () => {
      if (random() < 0.025) {
        kills++;
        throw new SimulatedCrash('killed');
      }
    };
    const save = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'AccountCRM', batchId }));
    for (let delivery = 0; delivery < 200; delivery++) {
      await runJobNow(save.jobId);
      if ((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status !== 'running' && (await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status !== 'queued') break;
    }
    importFaults.at = null;
    const crmsAfter = async () => {
      const page = (skip: number) => ok<{ data: { comment: string }[] }>(admin.post('/api/account/GetCrms', { account: { objectId: account.objectId } }, { limit: 1000, skip }));
      return [...(await page(0)).data, ...(await page(1000)).data];
    };
    const first = await crmsAfter();
    // Act: the same job delivered three more times
    for (let i = 0; i < 3; i++) await runJobNow(save.jobId);
    const again = await crmsAfter();
    // Assess
    expect(kills).toBeGreaterThanOrEqual(20);
    expect((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status).toBe('completed');
    expect(first.length).toBe(ROWS);
    expect(new Set(first.map((c) => c.comment)).size).toBe(ROWS);
    expect(again.length).toBe(ROWS);
    const imported = await ok<{ totalCount: number }>(admin.post('/api/upload/GetList', { rowState: 'imported', uploadType: 'AccountCRM', batchId, rowCountOnly: true }, { getTotalCount: true }));
    expect(imported.totalCount).toBe(ROWS);
  }, 240_000);
});
