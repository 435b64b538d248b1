import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadedRow } from '@eb/shared/upload/schemas';
import type { Session } from '../../../test/support/invoke';
import { runJobNow } from '../../../test/support/jobs';
import { newAmendment, ok, uniqueLdc } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet, xlsxOf } from '../../../test/support/spreadsheets';
import { signedIn } from '../../../test/support/users';

/**
 * The Last Save tab (spec 3, Amendments and Accounts): the rows imported by the type's last Save
 * or Save All, not every row ever imported; its batch filter lists the batches with imported rows.
 */
let admin: Session;
beforeAll(async () => {
  admin = (await signedIn('superAdmin')).session;
});

const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];

describe('the Last Save tab', () => {
  it("lists the rows of the type's last Save or Save All, another batch's imported rows when it is chosen, and the batches with imported rows", { timeout: 120_000 }, async () => {
    // Prepare: two batches of Accounts rows
    const amendment = await newAmendment(admin);
    const row = (name: string) => [amendment.contractId, 1, name, 'Renewal', 'Enrolled', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', '3/1/2026', 12];
    const parse = async (rows: unknown[][]) => {
      const job = await ok<Job>(postSpreadsheet(admin, 'upload', 'Accounts', await xlsxOf('Accounts', [headers, ...rows]), 'last-save.xlsx'));
      await runJobNow(job.jobId);
      return parsedBatchId(admin, job.jobId);
    };
    const first = await parse([row('First One'), row('First Two')]);
    const second = await parse([row('Second One'), row('Second Two')]);
    const list = async (body: Record<string, unknown>) =>
      ok<{ data: UploadedRow[]; totalCount: number }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'imported', ...body }, { getTotalCount: true, limit: 100 }));
    // Act: Save All of the first batch, then a Save of one row of the second
    const saveAll = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Accounts', batchId: first }));
    await runJobNow(saveAll.jobId);
    const afterSaveAll = await list({});
    const pick = (await ok<{ data: UploadedRow[] }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'validated', batchId: second }))).data[0]!;
    const save = await ok<Job>(admin.post('/api/upload/ImportRows', { uploadType: 'Accounts', ids: [pick.objectId] }));
    await runJobNow(save.jobId);
    // Assess
    expect(afterSaveAll.data.map((r) => r.uploadBatchId)).toEqual([first, first]);
    const last = await list({});
    expect(last.totalCount).toBe(1);
    expect(last.data.map((r) => r.objectId)).toEqual([pick.objectId]);
    expect((await list({ batchId: first })).totalCount).toBe(2);
    const batches = await ok<{ batchIds: number[] }>(admin.post('/api/upload/GetBatchIds', { uploadType: 'Accounts', isValid: true, rowState: 'imported' }));
    expect(batches.batchIds.slice(0, 2)).toEqual([second, first]);
  });
});
