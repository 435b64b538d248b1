import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { UpdateRow } from '@eb/shared/update/schemas';
import type { UploadedRow } from '@eb/shared/upload/schemas';
import { runJobNow } from '../../../test/support/jobs';
import { newAmendment, ok, uniqueLdc } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet, xlsxOf } from '../../../test/support/spreadsheets';
import { signedInBeforeAll } from '../../../test/support/users';

/**
 * A row's history through Validate (spec 3 "Uploaded row" and "Update row"): the Original Value
 * stays the value read from the file through every Validate while the New Value carries the fix;
 * Validate does not move the row's upload date; who fixed the row, and when, stays on it once it is
 * validated; an update row's exceptions carry their objectId.
 */
const [admin] = signedInBeforeAll('superAdmin');

const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];

describe('Validate and the row history', () => {
  it("keeps the file's value as Original Value through two Validates, the upload date, and who fixed the row and when once it is validated", async () => {
    // Prepare: a row with a bad date, its upload date set back a day
    const amendment = await newAmendment(admin);
    const row = [amendment.contractId, 1, 'History Site', 'Renewal', 'Enrolled', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', 'tomorrow', 12];
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Accounts', await xlsxOf('Accounts', [headers, row]), 'history.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    const list = async (rowState: string) => (await ok<{ data: UploadedRow[] }>(admin.post('/api/upload/GetList', { rowState, uploadType: 'Accounts', batchId }))).data;
    const [bad] = await list('withExceptions');
    const dateBefore = bad!.uploadDate;
    // Act: two minutes later, a fix that still fails, then one that holds
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    let still: UploadedRow[];
    let fixed: UploadedRow[];
    try {
      still = await ok<UploadedRow[]>(admin.post('/api/upload/Resolve', [{ objectId: bad!.objectId, exceptions: [{ uiHeader: 'Requested Start Date', newValue: 'soon' }] }]));
      fixed = await ok<UploadedRow[]>(admin.post('/api/upload/Resolve', [{ objectId: bad!.objectId, exceptions: [{ uiHeader: 'Requested Start Date', newValue: '04/01/2026' }] }]));
    } finally {
      vi.useRealTimers();
    }
    // Assess
    expect(still[0]!.uploadExceptions).toEqual([expect.objectContaining({ uiHeader: 'Requested Start Date', oldValue: 'tomorrow', newValue: 'soon', fixUser: admin.user.objectId })]);
    expect(still[0]!.uploadDate).toBe(dateBefore);
    expect(fixed[0]).toMatchObject({ rowState: 'validated', uploadDate: dateBefore, fixUser: admin.user.objectId, fixDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) });
    expect((await list('validated'))[0]).toMatchObject({ objectId: bad!.objectId, fixUser: admin.user.objectId });
  });

  it("gives each of an update row's exceptions its objectId", async () => {
    // Prepare / Act
    const amendment = await newAmendment(admin);
    const parse = await ok<Job>(postSpreadsheet(admin, 'update', 'Amendments', await xlsxOf('Amendments', [['Contract ID', 'Amendment #', 'Field Name', 'New Value'], [amendment.contractId, 1, 'Colour', 'blue']]), 'update.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    const rows = (await ok<{ data: UpdateRow[] }>(admin.post('/api/update/GetList', { rowState: 'withExceptions', updateType: 'Amendments', batchId }))).data;
    // Assess
    expect(rows[0]!.updateExceptions).toEqual([expect.objectContaining({ objectId: rows[0]!.objectId, uiHeader: 'Field Name' })]);
  });
});
