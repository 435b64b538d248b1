import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadedRow } from '@eb/shared/upload/schemas';
import { runJobNow } from '../../../test/support/jobs';
import { newAmendment, ok, uniqueLdc } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet, xlsxOf } from '../../../test/support/spreadsheets';
import { signedInBeforeAll } from '../../../test/support/users';
import { createJob } from '../job/repository';
import { keys, table } from '../lib/db';
import { importJobType, lastSaveJob } from './import';

/**
 * The Last Save tab (spec 3, Amendments and Accounts): the rows imported by the type's last Save
 * or Save All, not every row ever imported; its batch filter lists the batches with imported rows.
 */
const [admin] = signedInBeforeAll('superAdmin');

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
    // (other files' imports may add batches: the two, newest first)
    expect(batches.batchIds.filter((b) => b === first || b === second)).toEqual([second, first]);
  });

  it('lists with each row the exceptions it had, as fixed: the reason, the value read from the file, the fix and who fixed it', { timeout: 120_000 }, async () => {
    // Prepare: an Accounts row with a bad date and a bad term, fixed in two Validates (the first still failing on the term)
    const amendment = await newAmendment(admin);
    const job = await ok<Job>(postSpreadsheet(admin, 'upload', 'Accounts', await xlsxOf('Accounts', [headers, [amendment.contractId, 1, 'Fixed Site', 'Renewal', 'Enrolled', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', 'next spring', 'a year']]), 'fixed.xlsx'));
    await runJobNow(job.jobId);
    const batchId = await parsedBatchId(admin, job.jobId);
    const [bad] = (await ok<{ data: UploadedRow[] }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'withExceptions', batchId }))).data;
    await ok(admin.post('/api/upload/Resolve', [{ objectId: bad!.objectId, exceptions: [{ uiHeader: 'Requested Start Date', newValue: '03/01/2026' }, { uiHeader: 'Term', newValue: 'twelve' }] }]));
    await ok(admin.post('/api/upload/Resolve', [{ objectId: bad!.objectId, exceptions: [{ uiHeader: 'Term', newValue: '12' }] }]));
    // Act
    const save = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Accounts', batchId }));
    await runJobNow(save.jobId);
    // (the batch's imported rows: another file's Save All of Accounts running beside this one may be the last save)
    const last = await ok<{ data: UploadedRow[] }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'imported', batchId }, { getTotalCount: true, limit: 100 }));
    // Assess
    expect(last.data.map((r) => r.objectId)).toEqual([bad!.objectId]);
    expect(last.data[0]!.uploadExceptions).toEqual([
      { uiHeader: 'Requested Start Date', oldValue: 'next spring', newValue: '03/01/2026', type: 'invalidDataTypeDate', fixUser: admin.user.objectId },
      { uiHeader: 'Term', oldValue: 'a year', newValue: '12', type: 'invalidDataTypeInteger', fixUser: admin.user.objectId },
    ]);
  });

  it("records the type's last save in the job's own transaction: a job that cannot be recorded leaves the last save as it was", async () => {
    // Prepare: the last save of a type of its own
    const rowType = `LastSaveTest${Date.now()}`;
    const before = await createJob({ jobType: importJobType('upload'), name: 'Save', createdBy: null, also: (jobId) => [{ Put: { TableName: table(), Item: { ...keys.lastSave('upload', rowType), jobId } } }] });
    // Act: a job whose record fails (its id taken: the condition refuses) with the pointer in its transaction
    const refused = createJob({
      jobType: importJobType('upload'),
      name: 'Save',
      createdBy: null,
      also: (jobId) => [
        { Put: { TableName: table(), Item: { ...keys.lastSave('upload', rowType), jobId } } },
        { Put: { TableName: table(), Item: { ...keys.job(before.jobId), jobId: before.jobId }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
    // Assess
    await expect(refused).rejects.toThrow();
    expect(await lastSaveJob('upload', rowType)).toBe(before.jobId);
  });
});
