import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import { termEndDate } from '@eb/shared/term-end-date';
import { UPDATE_COLUMNS, UPDATABLE_FIELDS } from '@eb/shared/update/columns';
import type { UpdateRow } from '@eb/shared/update/schemas';
import { EXCEPTION_REASONS } from '@eb/shared/upload/exceptions';
import { runChunkOf, runJobNow } from '../../../test/support/jobs';
import { newAccount, newAmendment, ok } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet, xlsxHeaderRows, xlsxOf } from '../../../test/support/spreadsheets';
import { signedInBeforeAll } from '../../../test/support/users';

/**
 * The updater against the local emulators (issue 11): the template, an update workbook posted and
 * parsed, its rows checked against the records they name, Resolve, Save / Save All through the
 * forms' versioned write path (derived fields following, the change log naming the batch, exactly
 * once), a record changed or removed since validation validated again, and removal.
 */
const U = '/api/update';
const [admin, staff] = signedInBeforeAll('superAdmin', 'admin');

/** Uploads an update workbook of a type and runs its parse: the batch id. */
async function parsed(updateType: string, rows: unknown[][]): Promise<number> {
  const job = await ok<Job>(postSpreadsheet(admin, 'update', updateType, await xlsxOf(updateType, rows), `${updateType}.xlsx`));
  await runJobNow(job.jobId);
  return parsedBatchId(admin, job.jobId);
}
const list = (updateType: string, rowState: string, batchId: number) => ok<{ data: UpdateRow[]; totalCount: number }>(admin.post(`${U}/GetList`, { rowState, updateType, batchId }, { getTotalCount: true }));
const reasonsOf = (rows: UpdateRow[]) => rows.map((r) => [r.rowNumber, r.updateExceptions.map((e) => `${e.uiHeader}: ${EXCEPTION_REASONS[e.type]}`)]);

describe('update/DownloadTemplate', () => {
  it("answers the type's key, field name and new value columns and a sheet of the field names it may change; others are refused", async () => {
    // Act
    const amendments = await admin.get(`${U}/DownloadTemplate`, { updateType: 'Amendments' });
    const volumes = await admin.get(`${U}/DownloadTemplate`, { updateType: 'Volumes' });
    const byStaff = await staff.get(`${U}/DownloadTemplate`, { updateType: 'Amendments' });
    // Assess
    const [header, names] = await xlsxHeaderRows(amendments.body as string);
    expect(header).toEqual(['Contract ID', 'Amendment #', 'Field Name', 'New Value']);
    expect(names).toEqual(['Field Name', 'Kind']);
    expect((await xlsxHeaderRows(volumes.body as string))[0]).toEqual(UPDATE_COLUMNS.Volumes.map((c) => c.header));
    expect(UPDATABLE_FIELDS.Amendments.map((c) => c.header)).toContain('Term');
    expect(UPDATABLE_FIELDS.Amendments.map((c) => c.field)).not.toContain('amendmentNumber');
    expect(byStaff.status).toBe(403);
  });
});

describe('update/Upload, GetList, GetUpdateFilterHints, Resolve and importAllRows of amendments', () => {
  it("changes an amendment's term with its end date following, reports a bad field name, an unknown key and a bad value, validates a fix, and saves exactly once with the batch in the change log", async () => {
    // Prepare
    const amendment = await newAmendment(admin);
    const batchId = await parsed('Amendments', [
      ['Contract ID', 'Amendment #', 'Field Name', 'New Value'],
      [amendment.contractId, 1, 'Term', 24],
      [amendment.contractId, 1, 'Colour', 'blue'],
      [999_999_999, 1, 'Term', 6],
      [amendment.contractId, 1, 'legacy id', 'L'.repeat(30)],
      [amendment.contractId, 1, 'Term', 36],
    ]);
    // Act
    const validated = await list('Amendments', 'validated', batchId);
    const exceptions = await list('Amendments', 'withExceptions', batchId);
    const hints = await ok<{ batchIds: number[] }>(admin.post(`${U}/GetUpdateFilterHints`, { uploadType: 'Amendments', isValid: false }));
    const hintsByUpdateType = await ok<{ batchIds: number[] }>(admin.post(`${U}/GetUpdateFilterHints`, { updateType: 'Amendments', isValid: true }));
    // Assess: the row's data as the spec names it, the reasons verbatim
    expect(validated.data.map((r) => r.rowNumber)).toEqual([2]);
    expect(JSON.parse(validated.data[0]!.updateDataRow)).toMatchObject({ contractId: amendment.contractId, amendmentNumber: 1, fieldName: 'Term', value: 24 });
    expect(validated.data[0]).toMatchObject({ updateBatchId: batchId, updateUser: expect.any(String), updateType: 'Amendments' });
    expect(reasonsOf(exceptions.data)).toEqual([
      [3, ['Field Name: This field name is invalid.']],
      [4, ['Contract ID: Entity does not exist.']],
      [5, ['Legacy ID: Invalid Length.']],
      [6, ['Term: Duplicate Record - Please remove.']],
    ]);
    expect(hints.batchIds[0]).toBe(batchId);
    expect(hintsByUpdateType.batchIds).toContain(batchId);
    // Act: fix the field name (to Legacy ID) and the long legacy id, then Save All twice (a redelivered job)
    const [badName, , longId] = exceptions.data;
    const fixed = await ok<UpdateRow[]>(
      admin.post(`${U}/Resolve`, [
        { objectId: badName!.objectId, exceptions: [{ uiHeader: 'Field Name', newValue: 'Promotion Code' }] },
        { objectId: longId!.objectId, exceptions: [{ uiHeader: 'Legacy ID', newValue: 'LG-UPD-1' }] },
      ]),
    );
    // the same field twice in a batch: the fix of the field name collides with nothing here
    const save = await ok<Job>(admin.post(`${U}/importAllRows`, { updateType: 'Amendments', batchId }));
    await runJobNow(save.jobId);
    await runChunkOf(save.jobId);
    // Assess
    // validated, each row keeping the exception it cleared with its fix (the row's history)
    expect(fixed.map((r) => [r.rowState, r.updateExceptions.map((e) => [e.uiHeader, e.newValue])])).toEqual([['validated', [['Field Name', 'Promotion Code']]], ['validated', [['Legacy ID', 'LG-UPD-1']]]]);
    const after = await ok<{ term: number; endDate: string; promotionCode: string; legacyId: string; version: number }>(admin.get('/api/contract/Get', { id: amendment.objectId }));
    expect(after).toMatchObject({ term: 24, promotionCode: 'blue', legacyId: 'LG-UPD-1' });
    expect(after.endDate).toBe(termEndDate(amendment.startDate, 24));
    // one event per saved row (a field each, the end date with the term)
    const log = (await ok<{ eventId: string; source?: string; fieldName: string }[]>(admin.get('/api/contract/ChangeLogs', { id: amendment.objectId }))).filter((e) => e.source === `Update batch ${batchId}`);
    expect(new Set(log.map((e) => e.eventId)).size).toBe(3);
    expect(log.map((e) => e.fieldName).sort()).toEqual(['endDate', 'legacyId', 'promotionCode', 'term']);
    expect((await list('Amendments', 'imported', batchId)).totalCount).toBe(3);
    expect((await list('Amendments', 'validated', batchId)).totalCount).toBe(0);
  });
});

describe('update/importAllRows of an amendment unit', () => {
  it("changes an amendment's unit of measure with its accounts' units and volume block following", async () => {
    // Prepare: an amendment in KWH with an account whose volume block is in KWH
    const amendment = await newAmendment(admin);
    const account = await newAccount(admin, amendment.objectId, { accountVolume: { startDate: '2026-03-01T00:00:00', endDate: '2027-02-28T00:00:00', accountVolumeUom: 'KWH' } });
    const batchId = await parsed('Amendments', [
      ['Contract ID', 'Amendment #', 'Field Name', 'New Value'],
      [amendment.contractId, 1, 'Unit of Measure', 'MWH'],
    ]);
    // Act
    const save = await ok<Job>(admin.post(`${U}/importAllRows`, { updateType: 'Amendments', batchId }));
    await runJobNow(save.jobId);
    // Assess
    expect(amendment.unitOfMeasure).toBe('KWH');
    expect((await ok<{ unitOfMeasure: string }>(admin.get('/api/contract/Get', { id: amendment.objectId }))).unitOfMeasure).toBe('MWH');
    const after = await ok<{ unitOfMeasure: string; billingAcctUom: string; accountVolume: { accountVolumeUom: string } }>(admin.get('/api/account/Get', { id: account.objectId }));
    expect([after.unitOfMeasure, after.billingAcctUom, after.accountVolume.accountVolumeUom]).toEqual(['MWH', 'MWH', 'MWH']);
  });
});

describe('update/ImportRows of accounts, addresses and volumes', () => {
  it("changes an account's contract rate with its upload rate following, an address's city and a month's volume, and refuses at import a row whose account went away since it was validated", async () => {
    // Prepare
    const amendment = await newAmendment(admin);
    const account = await newAccount(admin, amendment.objectId, { accountVolume: { startDate: '2026-03-01T00:00:00', endDate: '2027-02-28T00:00:00', accountVolumeUom: 'KWH' } });
    const doomed = await newAccount(admin, amendment.objectId);
    const address = await ok<{ objectId: number }>(
      admin.post('/api/account/AddressAdd', { account: { objectId: account.objectId }, addressType: 'Service', addressLine: '1 Ocean Ave', zipCode: '07740', county: 'Monmouth', city: 'Long Branch', state: 'NJ' }),
    );
    const accountsBatch = await parsed('Accounts', [
      ['CAMS Account ID', 'Field Name', 'New Value'],
      [account.objectId, 'Contract Rate', 0.2],
      [doomed.objectId, 'Account Name', 'Gone Soon'],
      [account.objectId, 'Requested Start Date', 'someday'],
    ]);
    const addressBatch = await parsed('AccountAddresses', [['Account Address ID', 'Field Name', 'New Value'], [address.objectId, 'City', 'Asbury Park'], [987_654_321, 'City', 'Nowhere']]);
    const volumeBatch = await parsed('Volumes', [['CAMS Account ID', 'Year', 'Month', 'New Value'], [account.objectId, 2026, 5, 1500], [account.objectId, 2031, 5, 10], [doomed.objectId, 2026, 5, 10]]);
    // Act: the doomed account is deleted after validation; then Save of the chosen rows
    const valid = await list('Accounts', 'validated', accountsBatch);
    expect((await admin.del('/api/account/Delete', { version: doomed.version }, { id: doomed.objectId })).status).toBe(204);
    const save = await ok<Job>(admin.post(`${U}/ImportRows`, { updateType: 'Accounts', ids: valid.data.map((r) => r.objectId) }));
    await runJobNow(save.jobId);
    for (const [type, batchId] of [['AccountAddresses', addressBatch], ['Volumes', volumeBatch]] as const) {
      const job = await ok<Job>(admin.post(`${U}/importAllRows`, { updateType: type, batchId }));
      await runJobNow(job.jobId);
    }
    // Assess
    const after = await ok<{ contractRate: number; uploadRate: number; accountVolume: { volumeData: { year: number; months: (number | null)[] }[] } }>(admin.get('/api/account/Get', { id: account.objectId }));
    expect(after.contractRate).toBe(0.2);
    // the upload rate follows the contract rate (the territory's tax on top)
    expect(after.uploadRate).toBeCloseTo((account.uploadRate! / account.contractRate!) * 0.2, 6);
    expect(after.uploadRate).not.toBeCloseTo(account.uploadRate!, 3);
    expect(after.accountVolume.volumeData).toEqual([{ year: 2026, months: [null, null, null, null, 1500, null, null, null, null, null, null, null] }]);
    const addresses = await ok<{ data: { city: string }[] }>(admin.post('/api/account/GetAddressList', { account: { objectId: account.objectId } }));
    expect(addresses.data.map((a) => a.city)).toEqual(['Asbury Park']);
    expect(reasonsOf((await list('Accounts', 'withExceptions', accountsBatch)).data)).toEqual([
      [3, ['CAMS Account ID: Entity does not exist.']],
      [4, ['Requested Start Date: Invalid Data Type - Enter as Date.']],
    ]);
    expect(reasonsOf((await list('AccountAddresses', 'withExceptions', addressBatch)).data)).toEqual([[3, ['Account Address ID: Entity does not exist.']]]);
    expect(reasonsOf((await list('Volumes', 'withExceptions', volumeBatch)).data)).toEqual([
      [3, ['Year: Year should be between Volume Start and End Date.']],
      [4, ['Volume: Volume not configured for Account.']],
    ]);
    const log = await ok<{ eventId: string; source?: string }[]>(admin.get('/api/account/ChangeLogs', { accountId: account.objectId }));
    expect(new Set(log.filter((e) => e.source?.startsWith('Update batch')).map((e) => e.eventId)).size).toBe(3);
    // Act: remove the rest
    const volumeLeft = await list('Volumes', 'withExceptions', volumeBatch);
    expect((await admin.del(`${U}/DeleteRows`, volumeLeft.data.map((r) => r.objectId))).status).toBe(204);
    const removeAll = await ok<Job>(admin.del(`${U}/deleteAllRows`, { updateType: 'Accounts', rowState: 'withExceptions', batchId: accountsBatch }));
    await runJobNow(removeAll.jobId);
    const exceptionsFile = await admin.get(`${U}/DownloadExceptions`, { updateType: 'AccountAddresses', batchId: addressBatch });
    // Assess
    expect((await list('Volumes', 'withExceptions', volumeBatch)).totalCount).toBe(0);
    expect((await list('Accounts', 'withExceptions', accountsBatch)).totalCount).toBe(0);
    expect((await xlsxHeaderRows(exceptionsFile.body as string))[0]).toEqual(['Account Address ID', 'Field Name', 'New Value', 'Exception Reason']);
  });
});
