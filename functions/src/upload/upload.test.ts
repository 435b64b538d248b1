import { PutObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import { MSG } from '@eb/shared/messages';
import { UPLOAD_COLUMNS } from '@eb/shared/upload/columns';
import { EXCEPTION_REASONS } from '@eb/shared/upload/exceptions';
import { UPLOAD_TEXTS, type UploadedRow, type UploadForm } from '@eb/shared/upload/schemas';
import { runChunkOf, runJobNow } from '../../../test/support/jobs';
import { newAccount, newAmendment, newContact, newMasterContract, ok, uniqueLdc } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { parsedBatchId, postSpreadsheet, xlsxHeaderRows, xlsxOf } from '../../../test/support/spreadsheets';
import { workbookParts, zipOf } from '../../../test/support/zip-writer';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { jobTypeDef } from '../job/registry';
import { getJobRecord } from '../job/repository';
import { importFaults, importTuning, SimulatedCrash } from './import';

/**
 * The uploader against the local emulators: the template, a workbook posted to S3 and registered,
 * its parse job, the validated rows and those with exceptions and their reasons, the batch ids,
 * removal, and the refusals of a renamed csv, a 31 MB file and a zip bomb.
 */
const U = '/api/upload';
const [admin, staff] = signedInBeforeAll('superAdmin', 'admin');

const workbook = xlsxOf;
const post = (bytes: Buffer | Uint8Array, fileName: string, uploadType = 'Accounts') => postSpreadsheet(admin, 'upload', uploadType, bytes, fileName);
const xlsxRows = xlsxHeaderRows;

describe('upload/DownloadTemplate', () => {
  it("answers a type's columns as the header row, and a SingleFile workbook with a sheet per type; staff who are not administrators are refused", async () => {
    // Act
    const accounts = await admin.get(`${U}/DownloadTemplate`, { uploadType: 'Accounts' });
    const single = await admin.get(`${U}/DownloadTemplate`, { uploadType: 'SingleFile' });
    const byStaff = await staff.get(`${U}/DownloadTemplate`, { uploadType: 'Accounts' });
    // Assess
    expect((await xlsxRows(accounts.body as string))[0]).toEqual(UPLOAD_COLUMNS.Accounts.map((c) => c.header));
    expect((await xlsxRows(single.body as string)).length).toBe(8);
    expect(byStaff.status).toBe(403);
  });
});

describe('upload/Upload and its parse job', () => {
  it('parses an Accounts workbook into validated rows and rows with their exceptions, lists them by state and batch, and removes them', async () => {
    // Prepare: one good row, and rows with a missing name, a bad date, an unknown territory, a repeated LDC number, an unknown contract
    const amendment = await newAmendment(admin);
    const ldc = uniqueLdc();
    const headers = ['contract id', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'Utility Account', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term', 'Contract Rate', 'Favourite Colour'];
    const good = [amendment.contractId, 1, 'Harborview Hotels - Annex', 'Renewal', 'Pending', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', new Date(Date.UTC(2026, 2, 1)), 12, 0.1, 'blue'];
    const bytes = await workbook('Accounts', [
      headers,
      good,
      [amendment.contractId, 1, '', 'Renewal', 'Pending', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', 'soon', 12, 0.1],
      [amendment.contractId, 1, 'Elsewhere', 'Renewal', 'Pending', 'NOWHERE', uniqueLdc(), 'GS', 'Small Commercial', 'No', '3/1/2026', 12, 0.1],
      [amendment.contractId, 1, 'Twice', 'Renewal', 'Pending', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12, 0.1],
      [987654321, 1, 'No contract', 'Renewal', 'Pending', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', '3/1/2026', 12, 0.1],
    ]);
    // Act
    const job = await ok<Job>(post(bytes, 'accounts.xlsx'));
    await runJobNow(job.jobId);
    const done = await ok<Job>(admin.get('/api/job/getjob', { id: job.jobId }));
    const batchId = (done.result as { uploadBatchId: number }).uploadBatchId;
    const validated = await ok<{ data: UploadedRow[]; totalCount: number }>(admin.post(`${U}/GetList`, { rowState: 'validated', uploadType: 'Accounts', batchId }, { getTotalCount: true }));
    const withExceptions = await ok<{ data: UploadedRow[]; totalCount: number }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'Accounts', batchId }, { getTotalCount: true }));
    const count = await ok<{ totalCount: number; data: unknown[] }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'Accounts', batchId, rowCountOnly: true }, { getTotalCount: true }));
    const batches = await ok<{ batchIds: number[] }>(admin.post(`${U}/GetBatchIds`, { uploadType: 'Accounts', isValid: false }));
    // Assess
    expect(done).toMatchObject({ status: 'completed', result: { rows: 5, validated: 1, withExceptions: 4, unknownHeaders: ['Favourite Colour'], missingColumns: [] } });
    expect(validated.totalCount).toBe(1);
    expect(JSON.parse(validated.data[0]!.uploadDataRow)).toMatchObject({ contractId: amendment.contractId, name: 'Harborview Hotels - Annex', ldcAccountNum: ldc, requestedStartDate: '2026-03-01T00:00:00', term: 12 });
    expect(validated.data[0]).toMatchObject({ uploadBatchId: batchId, rowNumber: 2, rowState: 'validated' });
    const reasons = withExceptions.data.map((r) => [r.rowNumber, r.uploadExceptions.map((e) => `${e.uiHeader}: ${EXCEPTION_REASONS[e.type]}`)]);
    expect(reasons).toEqual([
      [3, ['Account Name: Required Field', 'Requested Start Date: Invalid Data Type - Enter as Date.']],
      [4, ['Territory: Key Not Exists In DB.']],
      [5, ['LDC Account #: Duplicate Record - Please remove.']],
      [6, ['Contract ID: Key Not Exists In DB.']],
    ]);
    expect(withExceptions.data[0]!.uploadExceptions[1]).toMatchObject({ oldValue: 'soon', newValue: 'soon', fixUser: null });
    expect([count.totalCount, count.data.length]).toEqual([4, 0]);
    expect(batches.batchIds[0]).toBe(batchId);
    // Act: remove the rows with exceptions
    expect((await admin.del(`${U}/DeleteRows`, withExceptions.data.map((r) => r.objectId))).status).toBe(204);
    expect((await ok<{ totalCount: number }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'Accounts', batchId }, { getTotalCount: true }))).totalCount).toBe(0);
  });

  it('refuses a renamed csv, a zip bomb and a file over 30 MB at once with a clear message, queueing nothing', async () => {
    // Prepare
    const csv = Buffer.from('Contract ID,Amendment #\n1,1\n');
    // a workbook whose sheet inflates to 700 MB of zeros (deflated by node:zlib as it goes: never held whole)
    const zeros = Buffer.alloc(1024 * 1024);
    const bomb = await zipOf([...workbookParts(), { name: 'xl/worksheets/sheet1.xml', data: function* () { for (let mb = 0; mb < 700; mb++) yield zeros; } }]);
    const big = Buffer.alloc(31 * 1024 * 1024, 1);
    const started = Date.now();
    // Act
    const renamed = await post(csv, 'accounts.xlsx');
    const zipBomb = await post(bomb, 'accounts.xlsx');
    const tooLarge = await post(big, 'accounts.xlsx');
    const formForBig = await admin.post(`${U}/GetUploadForm`, { uploadType: 'Accounts', fileName: 'big.xlsx', size: big.length });
    const notXlsxName = await admin.post(`${U}/GetUploadForm`, { uploadType: 'Accounts', fileName: 'accounts.csv', size: 10 });
    // Assess
    expect([renamed.status, renamed.body.message]).toEqual([400, UPLOAD_TEXTS.notXlsx]);
    expect([zipBomb.status, zipBomb.body.message]).toEqual([400, UPLOAD_TEXTS.zipBomb]);
    expect([tooLarge.status, tooLarge.body.message]).toEqual([400, MSG.fileTooLarge]);
    expect(formForBig.body.fieldErrors).toEqual({ size: MSG.fileTooLarge });
    expect(notXlsxName.body.fieldErrors).toEqual({ fileName: UPLOAD_TEXTS.onlyXlsx });
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 120_000);
});

describe('upload/Resolve, SaveAll, ImportRows and DeleteAll', () => {
  it('validates a fixed row, saves every validated row of the batch through the write path with the batch in the change log, exactly once, and removes the rest', async () => {
    // Prepare: a good row and one with a bad date, then a third with an unknown territory
    const amendment = await newAmendment(admin);
    const [ldc1, ldc2, ldc3] = [uniqueLdc(), uniqueLdc(), uniqueLdc()];
    const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];
    const row = (name: string, ldc: string, date: unknown, territory = 'PSEG') => [amendment.contractId, 1, name, 'Renewal', 'Enrolled', territory, ldc, 'GS', 'Small Commercial', 'No', date, 12];
    const job = await ok<Job>(post(await workbook('Accounts', [headers, row('Saved One', ldc1, '3/1/2026'), row('Fixed Two', ldc2, 'tomorrow'), row('Removed Three', ldc3, '3/1/2026', 'NOWHERE')]), 'accounts.xlsx'));
    await runJobNow(job.jobId);
    const batchId = await parsedBatchId(admin, job.jobId);
    const list = (rowState: string) => ok<{ data: UploadedRow[]; totalCount: number }>(admin.post(`${U}/GetList`, { rowState, uploadType: 'Accounts', batchId }, { getTotalCount: true }));
    const [fixMe, removeMe] = (await list('withExceptions')).data;
    // Act: fix the date (the New Value) and validate
    const resolved = await ok<UploadedRow[]>(admin.post(`${U}/Resolve`, [{ objectId: fixMe!.objectId, exceptions: [{ uiHeader: 'Requested Start Date', newValue: '04/01/2026' }] }]));
    const stillWrong = await ok<UploadedRow[]>(admin.post(`${U}/Resolve`, [{ objectId: removeMe!.objectId, exceptions: [{ uiHeader: 'Territory', newValue: 'ELSEWHERE' }] }]));
    // Act: Save All of the batch, then the same chunk once more (a redelivered message)
    const save = await ok<Job>(admin.post(`${U}/SaveAll`, { uploadType: 'Accounts', batchId }));
    await runJobNow(save.jobId);
    await runChunkOf(save.jobId);
    // Assess
    expect(resolved[0]).toMatchObject({ rowState: 'validated' });
    expect(JSON.parse(resolved[0]!.uploadDataRow).requestedStartDate).toBe('2026-04-01T00:00:00');
    expect(stillWrong[0]!.uploadExceptions).toEqual([expect.objectContaining({ uiHeader: 'Territory', oldValue: 'NOWHERE', newValue: 'ELSEWHERE', type: 'checkKeyNotExistsInDb', fixUser: expect.any(Number) })]);
    expect((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status).toBe('completed');
    const saved = await ok<{ data: { objectId: number; ldcAccountNumber: string }[]; totalCount: number }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }, { getTotalCount: true }));
    expect(saved.data.map((a) => a.ldcAccountNumber).sort()).toEqual([ldc1, ldc2].sort());
    const log = await ok<{ actionUser: string; source?: string }[]>(admin.get('/api/account/ChangeLogs', { accountId: saved.data[0]!.objectId }));
    expect(log[0]!.source).toBe(`Upload batch ${batchId}`);
    expect((await list('imported')).totalCount).toBe(2);
    expect((await list('validated')).totalCount).toBe(0);
    // Act: Remove All of the batch's exceptions
    const remove = await ok<Job>(admin.del(`${U}/DeleteAll`, { uploadType: 'Accounts', rowState: 'withExceptions', batchId }));
    await runJobNow(remove.jobId);
    expect((await list('withExceptions')).totalCount).toBe(0);
    expect((await list('imported')).totalCount).toBe(2);
  });
});

describe('The parse job in the task panel', () => {
  it('tells how much of the workbook it has read as it goes, up to the whole of it, so that the time left can be estimated', async () => {
    // Prepare: an uploaded workbook of 2,000 rows (its parse job queued)
    const headers = ['Contract ID', 'Amendment #', 'Account Name', 'LDC Account #'];
    const rows = Array.from({ length: 2000 }, (_, i) => [900001, 1, `Branch number ${i + 1}`, `LDC-${i + 1}`]);
    const parse = await ok<Job>(post(await workbook('Accounts', [headers, ...rows]), 'progress.xlsx'));
    // Act: its one chunk run, its reports kept
    const fractions: number[] = [];
    await runChunkOf(parse.jobId, 0, (f) => fractions.push(f));
    // Assess: forward only, part of the way more than once, then the whole
    expect(fractions.every((f, i) => i === 0 || f > fractions[i - 1]!)).toBe(true);
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThan(1);
    expect(fractions.at(-1)).toBe(1);
  });
});

describe('Save All in the task panel', () => {
  /** 40 validated CRM rows on a new account (one chunk), parsed; their Save All job planned. */
  const plannedSaveAll = async () => {
    const account = await newAccount(admin, (await newAmendment(admin)).objectId);
    const headers = ['CAMS Account ID', 'CRM Type', 'Date', 'Comment', 'Resolved'];
    const rows = Array.from({ length: 40 }, (_, i) => [account.objectId, 'Note', '3/1/2026', `Progress note ${i + 1}`, 'No']);
    const parse = await ok<Job>(post(await workbook('AccountCRM', [headers, ...rows]), 'crm.xlsx', 'AccountCRM'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    const save = await ok<Job>(admin.post(`${U}/SaveAll`, { uploadType: 'AccountCRM', batchId }));
    const job = (await getJobRecord(save.jobId))!;
    expect(await jobTypeDef(job.jobType)!.plan(job)).toBe(1);
    const comments = async () => (await ok<{ data: { comment: string }[] }>(admin.post('/api/account/GetCrms', { account: { objectId: account.objectId } }, { limit: 100 }))).data.map((c) => c.comment).sort();
    return { runChunk: (report: (f: number) => void) => runChunkOf(save.jobId, 0, report), comments, written: rows.map((r) => String(r[3])).sort() };
  };

  it("tells how many of the chunk's rows it has imported as it goes, and imports the chunk as planned even when the chunk size has changed since (a deploy mid-job)", async () => {
    // Prepare
    const save = await plannedSaveAll();
    const planned = importTuning.chunk;
    // Act: its one chunk run with chunks of 10 rows since, its reports kept
    const fractions: number[] = [];
    importTuning.chunk = 10;
    try {
      await save.runChunk((f) => fractions.push(f));
    } finally {
      importTuning.chunk = planned;
    }
    // Assess: a report a row, forward only, ending with the whole chunk; every note added
    expect(fractions).toHaveLength(40);
    expect(fractions.every((f, i) => i === 0 || f > fractions[i - 1]!)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    expect(await save.comments()).toEqual(save.written);
  });

  it('counts the rows an earlier run of the chunk imported before its worker died as done', async () => {
    // Prepare: the chunk run until its worker dies after its tenth row
    const save = await plannedSaveAll();
    let written = 0;
    importFaults.at = (when) => {
      if (when === 'after' && ++written === 10) throw new SimulatedCrash('killed');
    };
    try {
      await expect(save.runChunk(() => undefined)).rejects.toThrow('killed');
    } finally {
      importFaults.at = null;
    }
    // Act: the chunk run again, its reports kept
    const fractions: number[] = [];
    await save.runChunk((f) => fractions.push(f));
    // Assess: the first report past the rows imported before, the last the whole chunk, each note once
    const before = 40 - fractions.length;
    expect(before).toBeGreaterThanOrEqual(10);
    expect(fractions[0]).toBe((before + 1) / 40);
    expect(fractions.at(-1)).toBe(1);
    expect(await save.comments()).toEqual(save.written);
  });
});

describe('Save All of Accounts rows of one amendment', () => {
  it("reads the amendment with the chunk's rows in one BatchGet, never once per row, and creates every account", async () => {
    // Prepare: 30 account rows of one amendment, parsed; the amendment's single-item reads counted
    const amendment = await newAmendment(admin);
    const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];
    const rows = Array.from({ length: 30 }, (_, i) => [amendment.contractId, 1, `Branch ${i + 1}`, 'Renewal', 'Enrolled', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', '3/1/2026', 12]);
    const parse = await ok<Job>(post(await workbook('Accounts', [headers, ...rows]), 'accounts.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    const { dynamo } = await import('../lib/aws');
    const { amendmentDef } = await import('../amendment/repository');
    const amendmentPk = amendmentDef.key(amendment.objectId).pk;
    let singleReads = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'GetItemCommand' && (args.input as { Key?: { pk?: unknown } }).Key?.pk === amendmentPk) singleReads++;
        return next(args);
      },
      { step: 'initialize', name: 'countAmendmentReads' },
    );
    // Act
    try {
      const save = await ok<Job>(admin.post(`${U}/SaveAll`, { uploadType: 'Accounts', batchId }));
      await runJobNow(save.jobId);
    } finally {
      dynamo().middlewareStack.remove('countAmendmentReads');
    }
    // Assess
    const saved = await ok<{ totalCount: number }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }, { getTotalCount: true }));
    expect(saved.totalCount).toBe(30);
    expect(singleReads).toBe(0);
  });
});

describe('upload/DownloadExceptions', () => {
  it('answers the rejected rows with a reason column, and the workbook corrected in place uploads again as it is', async () => {
    // Prepare: a volume row of an unknown account and a month 13
    const headers = ['CAMS Account ID', 'Year', 'Month', 'Volume'];
    const first = await ok<Job>(post(await workbook('Volumes', [headers, [987_654_321, 2026, 13, 1200]]), 'volumes.xlsx', 'Volumes'));
    await runJobNow(first.jobId);
    const batchId = await parsedBatchId(admin, first.jobId);
    // Act
    const file = await admin.get(`${U}/DownloadExceptions`, { uploadType: 'Volumes', batchId });
    const bytes = Buffer.from(file.body as string, 'base64');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    sheet.getRow(2).getCell(3).value = 12;
    const again = await ok<Job>(post(Buffer.from(await wb.xlsx.writeBuffer()), 'volumes-exceptions.xlsx', 'Volumes'));
    await runJobNow(again.jobId);
    const result = (await ok<Job>(admin.get('/api/job/getjob', { id: again.jobId }))).result as { unknownHeaders: string[]; withExceptions: number; uploadBatchId: number };
    const rows = await ok<{ data: UploadedRow[] }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'Volumes', batchId: result.uploadBatchId }));
    // Assess
    expect(values[0]).toEqual([...headers, 'Exception Reason']);
    expect(values[1]).toEqual([987654321, 2026, 13, 1200, `CAMS Account ID: ${EXCEPTION_REASONS.checkKeyNotExistsInDb}; Month: ${EXCEPTION_REASONS.invalidMonth}`]);
    expect(result.unknownHeaders).toEqual([]);
    expect(rows.data[0]!.uploadExceptions.map((e) => e.type)).toEqual(['checkKeyNotExistsInDb']);
  });
});

describe('Save All of the other row types', () => {
  it("sets a month's volume, adds a CRM note, an address and a participant, and takes a price report's prices, refusing what the account cannot take", async () => {
    // Prepare: an account with a volume block, one without, a contact
    const amendment = await newAmendment(admin);
    const territories = (await ok<{ data: { code: string; objectId: number }[] }>(admin.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
    const account = (over: Record<string, unknown>) =>
      ok<{ objectId: number; version: number }>(
        admin.post('/api/account/Create', {
          contract: { objectId: amendment.objectId }, name: 'Volume Site', type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: territories.find((t) => t.code === 'PSEG')!.objectId },
          ldcAccountNum: uniqueLdc(), serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12, contractRate: 0.1, ...over,
        }),
      );
    const withVolume = await account({ accountVolume: { startDate: '2026-03-01T00:00:00', endDate: '2027-02-28T00:00:00', accountVolumeUom: 'KWH' } });
    const without = await account({});
    const contact = await newContact(admin);
    const saveAllOf = async (uploadType: string, rows: unknown[][], fileName: string) => {
      const job = await ok<Job>(post(await workbook(uploadType, rows), fileName, uploadType));
      await runJobNow(job.jobId);
      const batchId = await parsedBatchId(admin, job.jobId);
      const save = await ok<Job>(admin.post(`${U}/SaveAll`, { uploadType, batchId }));
      await runJobNow(save.jobId);
      return batchId;
    };
    const exceptionsOf = async (uploadType: string, batchId: number) =>
      (await ok<{ data: UploadedRow[] }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType, batchId }))).data.map((r) => r.uploadExceptions.map((e) => e.type));
    // Act
    const volumes = await saveAllOf('Volumes', [['CAMS Account ID', 'Year', 'Month', 'Volume'], [withVolume.objectId, 2026, 5, 1500], [withVolume.objectId, 2030, 1, 10], [without.objectId, 2026, 1, 1]], 'volumes.xlsx');
    await saveAllOf('AccountCRM', [['CAMS Account ID', 'CRM Type', 'Date', 'Comment', 'Resolved'], [withVolume.objectId, 'Call', '3/1/2026', 'Asked for the May bill', 'No']], 'crm.xlsx');
    await saveAllOf('AccountAddresses', [['CAMS Account ID', 'Address Type', 'Address', 'Zip', 'County', 'City', 'State'], [withVolume.objectId, 'Service', '1 Ocean Avenue', '07102', 'Essex', 'Newark', 'NJ']], 'addresses.xlsx');
    await saveAllOf('AmendmentParticipants', [['Contract ID', 'Amendment #', 'Contact ID', 'Role'], [amendment.contractId, 1, contact.objectId, 'Owner']], 'participants.xlsx');
    const again = await saveAllOf('AmendmentParticipants', [['Contract ID', 'Amendment #', 'Contact ID', 'Role'], [amendment.contractId, 1, contact.objectId, 'Owner']], 'participants-again.xlsx');
    await saveAllOf('PriceReport', [['CAMS Account ID', 'Contract Rate', 'Effective Date'], [without.objectId, 0.2, '4/1/2026']], 'prices.xlsx');
    // Assess
    const volumeAccount = await ok<{ accountVolume: { volumeData: { year: number; months: (number | null)[] }[] } }>(admin.get('/api/account/Get', { id: withVolume.objectId }));
    expect(volumeAccount.accountVolume.volumeData).toEqual([{ year: 2026, months: [null, null, null, null, 1500, null, null, null, null, null, null, null] }]);
    expect(await exceptionsOf('Volumes', volumes)).toEqual([['yearOutOfRange'], ['volumeNotConfigured']]);
    const crms = await ok<{ data: { comment: string }[] }>(admin.post('/api/account/GetCrms', { account: { objectId: withVolume.objectId } }));
    expect(crms.data.map((c) => c.comment)).toEqual(['Asked for the May bill']);
    const addresses = await ok<{ data: { addressLine: string }[] }>(admin.post('/api/account/GetAddressList', { account: { objectId: withVolume.objectId } }));
    expect(addresses.data.map((a) => a.addressLine)).toEqual(['1 Ocean Avenue']);
    const participants = await ok<{ data: { contactId: number; role: string }[] }>(admin.post('/api/contract/GetParticipants', { contract: { objectId: amendment.objectId } }));
    expect(participants.data.map((p) => [p.contactId, p.role])).toEqual([[contact.objectId, 'Owner']]);
    expect(await exceptionsOf('AmendmentParticipants', again)).toEqual([['duplicateRecord']]);
    expect(await ok(admin.get('/api/account/Get', { id: without.objectId }))).toMatchObject({ contractRate: 0.2, uploadRate: 0.18757327 });
  });
});

describe('Participants without a Contact ID', () => {
  it("creates the participant's contact from its columns, once even when the worker dies right after the contact, and asks for the columns it lacks", async () => {
    // Prepare: an account; a row naming a new person, one lacking its address and phone
    const amendment = await newAmendment(admin);
    const account = await newAccount(admin, amendment.objectId);
    const lastName = `Upl${Date.now() % 1_000_000}`;
    const headers = ['CAMS Account ID', 'Role', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip', 'Phone', 'Email'];
    const job = await ok<Job>(
      post(await workbook('AccountParticipants', [headers, [account.objectId, 'Owner', 'Rita', lastName, '9 Bay St', 'Red Bank', 'NJ', '07701', '7325550100', 'rita@example.com'], [account.objectId, 'Owner', 'Sam', lastName, null, 'Red Bank', 'NJ', '07701', null, null]]), 'people.xlsx', 'AccountParticipants'),
    );
    await runJobNow(job.jobId);
    const batchId = await parsedBatchId(admin, job.jobId);
    // Act: Save All, the worker dying once right after it created the contact
    let died = 0;
    importFaults.at = (when) => {
      if (when === 'contact' && died++ === 0) throw new SimulatedCrash('killed');
    };
    try {
      const save = await ok<Job>(admin.post(`${U}/SaveAll`, { uploadType: 'AccountParticipants', batchId }));
      await runJobNow(save.jobId);
      await runJobNow(save.jobId);
    } finally {
      importFaults.at = null;
    }
    // Assess
    expect(died).toBe(1);
    const participants = await ok<{ data: { firstName: string; lastName: string; city: string; phoneNumber: string; role: string }[] }>(admin.post('/api/account/GetParticipants', { account: { objectId: account.objectId } }));
    expect(participants.data.map((p) => [p.firstName, p.lastName, p.city, p.phoneNumber, p.role])).toEqual([['Rita', lastName, 'Red Bank', '7325550100', 'Owner']]);
    const contacts = await ok<{ totalCount: number }>(admin.post('/api/primarycontact/GetList', { keyword: lastName }, { getTotalCount: true }));
    expect(contacts.totalCount).toBe(1);
    const rejected = await ok<{ data: UploadedRow[] }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'AccountParticipants', batchId }));
    expect(rejected.data.map((r) => r.uploadExceptions.map((e) => [e.uiHeader, e.type]))).toEqual([[['Address', 'requiredField'], ['Phone', 'requiredField']]]);
  });
});

describe("An Accounts row's contact ids", () => {
  it('attaches the existing contacts as the new account\'s participants in its own transaction, with the batch in its log, and refuses an unknown contact id or one named twice', async () => {
    // Prepare: two contacts; a row naming both, one naming an unknown contact, one naming a contact twice
    const amendment = await newAmendment(admin);
    const [first, second] = [await newContact(admin, { lastName: 'Firstcontact' }), await newContact(admin, { lastName: 'Secondcontact' })];
    const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term', 'Contact ID 1', 'Contact ID 2'];
    const row = (name: string, c1: number, c2: number | null) => [amendment.contractId, 1, name, 'Renewal', 'Enrolled', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', '3/1/2026', 12, c1, c2];
    const parse = await ok<Job>(post(await workbook('Accounts', [headers, row('With Contacts', first.objectId, second.objectId), row('Unknown Contact', first.objectId, 987_654_321), row('Twice', first.objectId, first.objectId)]), 'contacts.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    // Act
    const save = await ok<Job>(admin.post(`${U}/SaveAll`, { uploadType: 'Accounts', batchId }));
    await runJobNow(save.jobId);
    // Assess: the exceptions, the account and its participants, their log entries naming the batch
    const rejected = await ok<{ data: UploadedRow[] }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'Accounts', batchId }));
    expect(rejected.data.map((r) => r.uploadExceptions.map((e) => [e.uiHeader, e.oldValue, EXCEPTION_REASONS[e.type]]))).toEqual([
      [['Contact ID 2', '987654321', 'Key Not Exists In DB.']],
      [['Contact ID 2', String(first.objectId), 'Duplicate Record - Please remove.']],
    ]);
    const [account] = (await ok<{ data: { objectId: number; accountName: string }[] }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }))).data;
    expect(account!.accountName).toBe('With Contacts');
    const participants = await ok<{ data: { contactId: number; lastName: string }[] }>(admin.post('/api/account/GetParticipants', { account: { objectId: account!.objectId } }));
    expect(participants.data.map((p) => [p.contactId, p.lastName]).sort()).toEqual([[first.objectId, 'Firstcontact'], [second.objectId, 'Secondcontact']].sort());
    const log = await ok<{ entity: string; source?: string }[]>(admin.get('/api/account/ChangeLogs', { accountId: account!.objectId }));
    const added = log.filter((e) => e.entity === 'participant');
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((e) => e.source === `Upload batch ${batchId}`)).toBe(true);
  });
});

describe('SingleFile upload', () => {
  it('imports a workbook of amendments and their accounts in order, reports the failed rows per type with the key to resume from, and continues from it with the next file', async () => {
    // Prepare: a contract; amendments 1 (good) and 2 (no start date), an account of each
    const contract = await newMasterContract(admin);
    const cid = contract.contractId;
    const [ldc1, ldc2] = [uniqueLdc(), uniqueLdc()];
    const amendmentHeaders = ['Contract ID', 'Amendment #', 'Amendment Type', 'Status', 'Received Date', 'Agreement Date', 'Start Date', 'Term', 'Rewards', 'Auto Renewal Type', 'Unit of Measure'];
    const amendmentRow = (n: number, start: string | null) => [cid, n, 'New', 'Signed', '1/15/2026', '1/20/2026', start, 12, 'No', 'Month to Month Variable', 'KWH'];
    const accountHeaders = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];
    const accountRow = (n: number, ldc: string) => [cid, n, `Site ${n}`, 'New', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12];
    const book = async (amendments: unknown[][], accounts: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const a = wb.addWorksheet('Amendments');
      for (const r of [amendmentHeaders, ...amendments]) a.addRow(r);
      const b = wb.addWorksheet('Accounts');
      for (const r of [accountHeaders, ...accounts]) b.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const run = async (bytes: Buffer, resumeKey?: string) => {
      const form = await ok<UploadForm>(admin.post(`${U}/GetUploadForm`, { uploadType: 'SingleFile', fileName: 'single.xlsx', size: bytes.length }));
      await s3Client().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: form.key, Body: bytes }));
      const job = await ok<Job>(admin.post(`${U}/Upload`, { uploadType: 'SingleFile', key: form.key, fileName: 'single.xlsx', ...(resumeKey ? { resumeKey } : {}) }));
      await runJobNow(job.jobId);
      return ok<Job>(admin.get('/api/job/getjob', { id: job.jobId }));
    };
    // Act
    const first = await run(await book([amendmentRow(1, '3/1/2026'), amendmentRow(2, null)], [accountRow(1, ldc1), accountRow(2, ldc2)]));
    const result = first.result as { errors: { uploadType: string; message: string }[]; uploadedRows: { uploadType: string; rowInfos: number[] }[]; currentKey: string };
    // Assess: amendment 1 and its account imported; amendment 2 refused, its account's amendment missing; the key of amendment 2
    expect(first).toMatchObject({ jobType: 'singleFileUpload', status: 'completed' });
    expect(result.uploadedRows).toEqual([expect.objectContaining({ uploadType: 'Amendments', rowInfos: [2] }), expect.objectContaining({ uploadType: 'Accounts', rowInfos: [2] })]);
    expect(result.errors.map((e) => e.uploadType)).toEqual(['Amendments', 'Accounts']);
    expect(result.errors[0]!.message).toBe(`Row 3: Start Date: ${EXCEPTION_REASONS.requiredField}`);
    expect(result.currentKey).toBe(`${cid}-2`);
    // Act: the corrected file from the key (amendment 1's rows passed over)
    const second = await run(await book([amendmentRow(1, '3/1/2026'), amendmentRow(2, '4/1/2026')], [accountRow(2, ldc2)]), result.currentKey);
    const resumed = second.result as { errors: unknown[]; uploadedRows: { uploadType: string; rowInfos: number[] }[]; currentKey: string | null };
    // Assess
    expect(resumed.errors).toEqual([]);
    expect(resumed.currentKey).toBeNull();
    expect(resumed.uploadedRows.map((u) => [u.uploadType, u.rowInfos])).toEqual([['Amendments', [3]], ['Accounts', [2]]]);
    const amendments = await ok<{ data: { amendmentNumber: number }[] }>(admin.post('/api/contract/GetList', { contractId: cid }));
    expect(amendments.data.map((a) => a.amendmentNumber).sort()).toEqual([1, 2]);
  });
});

describe('overlapping accounts at parse', () => {
  it("refuses a row whose LDC number's term overlaps a stored account's, and takes one that follows it", async () => {
    // Prepare: a stored account for March 2026 to February 2027
    const amendment = await newAmendment(admin);
    const territories = (await ok<{ data: { code: string; objectId: number }[] }>(admin.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
    const ldc = uniqueLdc();
    await ok(
      admin.post('/api/account/Create', {
        contract: { objectId: amendment.objectId }, name: 'Stored', type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: territories.find((t) => t.code === 'PSEG')!.objectId },
        ldcAccountNum: ldc, serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12,
      }),
    );
    const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];
    const row = (start: string) => [amendment.contractId, 1, 'Again', 'Renewal', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', start, 12];
    // Act
    const overlapping = await ok<Job>(post(await workbook('Accounts', [headers, row('12/1/2026')]), 'overlap.xlsx'));
    await runJobNow(overlapping.jobId);
    const following = await ok<Job>(post(await workbook('Accounts', [headers, row('3/1/2027')]), 'following.xlsx'));
    await runJobNow(following.jobId);
    // Assess
    const batch = (job: Job) => parsedBatchId(admin, job.jobId);
    const rows = await ok<{ data: UploadedRow[] }>(admin.post(`${U}/GetList`, { rowState: 'withExceptions', uploadType: 'Accounts', batchId: await batch(overlapping) }));
    expect(rows.data[0]!.uploadExceptions.map((e) => [e.uiHeader, EXCEPTION_REASONS[e.type]])).toEqual([['LDC Account #', 'Overlapping dates on base accounts']]);
    expect((await ok<{ totalCount: number }>(admin.post(`${U}/GetList`, { rowState: 'validated', uploadType: 'Accounts', batchId: await batch(following) }, { getTotalCount: true }))).totalCount).toBe(1);
  });
});

describe('workbook part order', () => {
  it("reads a workbook whose worksheets come before xl/workbook.xml in the zip (another writer's order)", async () => {
    // Prepare: a Volumes workbook repacked with the workbook part last
    const JSZip = (await import('jszip')).default;
    const source = await JSZip.loadAsync(await workbook('Volumes', [['CAMS Account ID', 'Year', 'Month', 'Volume'], ['x', 2026, 1, 10]]));
    const names = Object.keys(source.files).filter((n) => !source.files[n]!.dir);
    const order = [...names.filter((n) => n !== 'xl/workbook.xml' && !n.startsWith('xl/worksheets/')), ...names.filter((n) => n.startsWith('xl/worksheets/')), 'xl/workbook.xml'];
    const repacked = new JSZip();
    for (const n of order) repacked.file(n, await source.files[n]!.async('uint8array'));
    const bytes = Buffer.from(await repacked.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    // Act
    const job = await ok<Job>(post(bytes, 'volumes.xlsx', 'Volumes'));
    await runJobNow(job.jobId);
    // Assess
    expect(await ok<Job>(admin.get('/api/job/getjob', { id: job.jobId }))).toMatchObject({ status: 'completed', result: { rows: 1, withExceptions: 1 } });
  });
});
