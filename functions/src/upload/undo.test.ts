import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadedRow } from '@eb/shared/upload/schemas';
import type { UndoResult } from '@eb/shared/upload/undo';
import { deliverOnce, runJobNow } from '../../../test/support/jobs';
import { newAccount, newAmendment, newMasterContract, ok, uniqueLdc } from '../../../test/support/records';
import { parsedBatchId, postSpreadsheet, xlsxOf } from '../../../test/support/spreadsheets';
import { signedInBeforeAll } from '../../../test/support/users';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@eb/shared/messages';
import { changeLogItemsOfSource, listChangeLogs } from '../lib/change-log';
import { dynamo } from '../lib/aws';
import { table } from '../lib/db';
import { SimulatedCrash } from './import';
import { undoFaults } from './undo';

/**
 * Undo of an import (issue 29 section 5): a batch's created records removed and changed fields set
 * back, a record changed by someone else since kept and listed with what differs, each change
 * undone exactly once through a killed worker and redeliveries, the rows back to Validated.
 */
const [admin] = signedInBeforeAll('superAdmin');
afterEach(() => {
  undoFaults.at = null;
});

const headers = ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'];

async function deliverUntilDone(jobId: string): Promise<Job> {
  for (let delivery = 0; delivery < 50; delivery++) {
    await deliverOnce(jobId);
    const job = await ok<Job>(admin.get('/api/job/getjob', { id: jobId }));
    if (job.status !== 'running' && job.status !== 'queued') return job;
  }
  throw new Error('the job did not finish');
}

describe('upload/Undo', () => {
  it('removes the accounts the last Save All created exactly once through a killed worker, keeps one a user added an address to and lists it, and puts the rows back to Validated to be saved again', { timeout: 180_000 }, async () => {
    // Prepare: three accounts imported by a Save All, then a user's address on the second
    const amendment = await newAmendment(admin);
    const ldcs = [uniqueLdc(), uniqueLdc(), uniqueLdc()];
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Accounts', await xlsxOf('Accounts', [headers, ...ldcs.map((ldc, i) => [amendment.contractId, 1, `Undo ${i}`, 'Renewal', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12])]), 'undo.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Accounts', batchId }))).jobId);
    const created = (await ok<{ data: { objectId: number; ldcAccountNumber: string }[] }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }, { limit: 10 }))).data;
    const byLdc = (ldc: string) => created.find((a) => a.ldcAccountNumber === ldc)!.objectId;
    const edited = byLdc(ldcs[1]!);
    await ok(admin.post('/api/account/AddressAdd', { account: { objectId: edited }, addressType: 'Service', addressLine: '1 Ocean Ave', zipCode: '07740', county: 'Monmouth', city: 'Long Branch', state: 'NJ' }));
    // Act: Undo, the worker killed after the first change undone, then the job delivered three more times
    let kills = 0;
    undoFaults.at = () => {
      if (kills++ === 0) throw new SimulatedCrash('killed');
    };
    // (by its batch, the batch's latest import: the type's last save, `{ rowType }`, is the last of
    // every user's and test file's, and handler files run two at a time)
    const undo = await ok<Job>(admin.post('/api/upload/Undo', { batchId }));
    const done = await deliverUntilDone(undo.jobId);
    undoFaults.at = null;
    for (let i = 0; i < 3; i++) await deliverOnce(undo.jobId);
    // Assess: the two others gone, the edited one kept and listed with the address
    expect(done.status).toBe('completed');
    const result = done.result as UndoResult;
    expect(result.kept.map((k) => [k.entity, k.objectId])).toEqual([['account', edited]]);
    expect(result.kept[0]!.differences).toEqual([expect.objectContaining({ fieldName: expect.stringMatching(/added$/), changedBy: expect.any(String) })]);
    expect(result.rows).toBe(3);
    for (const ldc of [ldcs[0]!, ldcs[2]!]) expect((await admin.get('/api/account/Get', { id: byLdc(ldc) })).status).toBe(404);
    expect((await admin.get('/api/account/Get', { id: edited })).status).toBe(200);
    const search = (await ok<{ data: { objectId: number }[] }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }, { limit: 10 }))).data;
    expect(search.map((a) => a.objectId)).toEqual([edited]);
    // each deletion logged once with the undo's source
    for (const ldc of [ldcs[0]!, ldcs[2]!]) {
      const log = await listChangeLogs({ entity: 'account', id: byLdc(ldc) });
      expect(log.filter((e) => e.source === `Undo of upload batch ${batchId}`).map((e) => e.action)).toEqual(['deleted']);
    }
    const validated = await ok<{ data: UploadedRow[]; totalCount: number }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'validated', batchId }, { getTotalCount: true, limit: 10 }));
    expect(validated.totalCount).toBe(3);
    // Act: the rows saved again (the kept account's LDC number is taken: its row is refused)
    await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Accounts', batchId }))).jobId);
    const again = (await ok<{ data: { ldcAccountNumber: string }[] }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }, { limit: 10 }))).data;
    expect(again.map((a) => a.ldcAccountNumber).sort()).toEqual([...ldcs].sort());
  });
});

describe('upload/Undo of one import job', () => {
  it("reverts exactly the rows one Save or Save All imported, across batches, not another job's rows of the same batch; by batch the batch's latest import", { timeout: 180_000 }, async () => {
    // Prepare: batch 1 with two accounts, batch 2 with one; Save of one row of each, then Save All of batch 1's other row
    const amendment = await newAmendment(admin);
    const [a1, a2, b1] = [uniqueLdc(), uniqueLdc(), uniqueLdc()];
    const row = (ldc: string) => [amendment.contractId, 1, `Job ${ldc}`, 'Renewal', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12];
    const batchOf = async (ldcs: string[]) => {
      const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Accounts', await xlsxOf('Accounts', [headers, ...ldcs.map(row)]), 'jobs.xlsx'));
      await runJobNow(parse.jobId);
      return { parse: parse.jobId, batchId: await parsedBatchId(admin, parse.jobId) };
    };
    const [first, second] = [await batchOf([a1, a2]), await batchOf([b1])];
    const rowsOf = async (batchId: number, rowState: string) => (await ok<{ data: UploadedRow[] }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState, batchId }, { limit: 10 }))).data;
    const firstRows = await rowsOf(first.batchId, 'validated');
    const rowOf = (rows: UploadedRow[], n: number) => rows.find((r) => r.rowNumber === n)!.objectId;
    const save = await ok<Job>(admin.post('/api/upload/ImportRows', { uploadType: 'Accounts', ids: [rowOf(firstRows, 2), rowOf(await rowsOf(second.batchId, 'validated'), 2)] }));
    await runJobNow(save.jobId);
    const saveAll = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Accounts', batchId: first.batchId }));
    await runJobNow(saveAll.jobId);
    const ldcsNow = async () => (await ok<{ data: { ldcAccountNumber: string }[] }>(admin.post('/api/account/GetList', { amendmentId: amendment.objectId }, { limit: 10 }))).data.map((a) => a.ldcAccountNumber).sort();
    expect(await ldcsNow()).toEqual([a1, a2, b1].sort());
    // Act: Undo with batch 1 chosen: its latest import, the Save All
    const byBatch = await ok<Job>(admin.post('/api/upload/Undo', { batchId: first.batchId }));
    await runJobNow(byBatch.jobId);
    // Assess: only the Save All's account gone, its row back to Validated, the Save's rows still imported
    const r1 = (await ok<Job>(admin.get('/api/job/getjob', { id: byBatch.jobId }))).result as UndoResult;
    expect([r1.jobId, r1.batchIds, r1.rows, r1.keptCount]).toEqual([saveAll.jobId, [first.batchId], 1, 0]);
    expect(await ldcsNow()).toEqual([a1, b1].sort());
    expect((await rowsOf(first.batchId, 'imported')).map((r) => r.rowNumber)).toEqual([2]);
    // Act: Undo of the Save by its job: rows of both batches
    const byJob = await ok<Job>(admin.post('/api/upload/Undo', { jobId: save.jobId }));
    await runJobNow(byJob.jobId);
    // Assess
    const r2 = (await ok<Job>(admin.get('/api/job/getjob', { id: byJob.jobId }))).result as UndoResult;
    expect([r2.jobId, r2.batchIds, r2.rows, r2.keptCount]).toEqual([save.jobId, [first.batchId, second.batchId].sort((x, y) => x - y), 2, 0]);
    expect(await ldcsNow()).toEqual([]);
    expect((await rowsOf(first.batchId, 'validated')).length + (await rowsOf(second.batchId, 'validated')).length).toBe(3);
    // nothing left to undo; a job that is not an import; neither or both named
    for (const body of [{ jobId: save.jobId }, { batchId: second.batchId }, { jobId: first.parse }, {}, { jobId: save.jobId, batchId: first.batchId }]) expect((await admin.post('/api/upload/Undo', body)).status).toBe(400);
    // the undo logged under each batch's undo source
    expect((await changeLogItemsOfSource(`Undo of upload batch ${second.batchId}`)).map((e) => e.action)).toEqual(['deleted']);
  });
});

describe('upload/Undo of participants without a Contact ID', () => {
  it('deletes the contacts the rows made with their participants, keeps one another import named since and lists it, and a save again makes a new contact', { timeout: 180_000 }, async () => {
    // Prepare: two participant rows making two contacts on one account; then another import names the second contact on another account
    const amendment = await newAmendment(admin);
    const [account, other] = [await newAccount(admin, amendment.objectId), await newAccount(admin, amendment.objectId)];
    const lastName = `Und${Date.now() % 1_000_000}`;
    const saved = async (rows: unknown[][]) => {
      const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'AccountParticipants', await xlsxOf('AccountParticipants', rows), 'people.xlsx'));
      await runJobNow(parse.jobId);
      const batchId = await parsedBatchId(admin, parse.jobId);
      await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'AccountParticipants', batchId }))).jobId);
      return batchId;
    };
    const headers = ['CAMS Account ID', 'Role', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip', 'Phone', 'Email'];
    const batchId = await saved([headers, ...['Rita', 'Sam'].map((first) => [account.objectId, 'Owner', first, lastName, '9 Bay St', 'Red Bank', 'NJ', '07701', '7325550100', null])]);
    const contacts = async () => (await ok<{ data: { objectId: number; firstName: string }[] }>(admin.post('/api/primarycontact/GetList', { keyword: lastName }, { limit: 10 }))).data;
    const made = await contacts();
    const [rita, sam] = ['Rita', 'Sam'].map((n) => made.find((c) => c.firstName === n)!.objectId) as [number, number];
    await saved([['CAMS Account ID', 'Contact ID', 'Role'], [other.objectId, sam, 'Owner']]);
    const people = async (id: number) => (await ok<{ data: { firstName: string; contactId: number }[] }>(admin.post('/api/account/GetParticipants', { account: { objectId: id } }))).data.map((p) => [p.firstName, p.contactId]).sort();
    // Act
    const undo = await ok<Job>(admin.post('/api/upload/Undo', { batchId }));
    await runJobNow(undo.jobId);
    // Assess: Rita's contact and both participants gone; Sam's contact kept, named by the other account's participant
    const result = (await ok<Job>(admin.get('/api/job/getjob', { id: undo.jobId }))).result as UndoResult;
    expect(result.kept).toEqual([expect.objectContaining({ entity: 'primaryContact', objectId: sam, differences: [expect.objectContaining({ fieldName: expect.stringContaining(`of account ${other.objectId}`) })] })]);
    expect((await admin.get('/api/primarycontact/Get', { id: rita })).status).toBe(404);
    // with its address and phone, each logged as the undo's
    expect((await listChangeLogs({ entity: 'primaryContact', id: rita })).filter((e) => e.source === `Undo of upload batch ${batchId}`).map((e) => e.entity).sort()).toEqual(['address', 'phone', 'primaryContact']);
    expect((await admin.get('/api/primarycontact/Get', { id: sam })).status).toBe(200);
    expect([await people(account.objectId), await people(other.objectId)]).toEqual([[], [['Sam', sam]]]);
    expect(result.rows).toBe(2);
    // Act: the rows saved again
    await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'AccountParticipants', batchId }))).jobId);
    // Assess: Rita has a new contact, Sam his kept one
    const ritaAgain = (await contacts()).find((c) => c.firstName === 'Rita')!.objectId;
    expect(ritaAgain).not.toBe(rita);
    expect(await people(account.objectId)).toEqual([['Rita', ritaAgain], ['Sam', sam]]);
  });
});

describe('upload/Undo of amendments', () => {
  it('removes the amendments a Save All created from the search and keeps one a user added an account to, listing the account', { timeout: 180_000 }, async () => {
    // Prepare: three amendments of a new contract imported, then a user's account on the second
    const contract = await newMasterContract(admin);
    const amendmentHeaders = ['Contract ID', 'Amendment #', 'Amendment Type', 'Status', 'Received Date', 'Agreement Date', 'Start Date', 'Term', 'Rewards', 'Auto Renewal Type', 'Unit of Measure'];
    const rows = [1, 2, 3].map((n) => [contract.contractId, n, 'New', 'Signed', '1/15/2026', '1/20/2026', '3/1/2026', 12, 'No', 'Month to Month Variable', 'KWH']);
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Amendments', await xlsxOf('Amendments', [amendmentHeaders, ...rows]), 'amendments.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Amendments', batchId }))).jobId);
    const search = async () => (await ok<{ data: { objectId: number; amendmentNumber: number }[] }>(admin.post('/api/contract/GetList', { contractId: contract.contractId }, { limit: 10 }))).data;
    const second = (await search()).find((a) => a.amendmentNumber === 2)!.objectId;
    const account = await newAccount(admin, second);
    // Act
    const undo = await ok<Job>(admin.post('/api/upload/Undo', { batchId }));
    await runJobNow(undo.jobId);
    // Assess
    const result = (await ok<Job>(admin.get('/api/job/getjob', { id: undo.jobId }))).result as UndoResult;
    expect((await search()).map((a) => a.objectId)).toEqual([second]);
    expect(result.kept.map((k) => [k.entity, k.objectId])).toEqual([['contract', second]]);
    expect(result.kept[0]!.differences.map((d) => d.fieldName)).toEqual([expect.stringContaining('account')]);
    expect((await admin.get('/api/account/Get', { id: account.objectId })).status).toBe(200);
    expect(result.rows).toBe(3);
  });
});

describe('update/Undo', () => {
  it("sets back the fields an updater import changed, upload rate following its contract rate, and keeps an account whose field another import changed since, listing the field's values", { timeout: 180_000 }, async () => {
    // Prepare: two accounts; an update batch changes both contract rates, a later one the second's again
    const amendment = await newAmendment(admin);
    const [a, b] = [await newAccount(admin, amendment.objectId), await newAccount(admin, amendment.objectId)];
    const parsed = async (rows: unknown[][]) => {
      const job = await ok<Job>(postSpreadsheet(admin, 'update', 'Accounts', await xlsxOf('Accounts', [['CAMS Account ID', 'Field Name', 'New Value'], ...rows]), 'rates.xlsx'));
      await runJobNow(job.jobId);
      const batchId = await parsedBatchId(admin, job.jobId);
      await runJobNow((await ok<Job>(admin.post('/api/update/importAllRows', { updateType: 'Accounts', batchId }))).jobId);
      return batchId;
    };
    const batchId = await parsed([[a.objectId, 'Contract Rate', 0.2], [b.objectId, 'Contract Rate', 0.3]]);
    await parsed([[b.objectId, 'Contract Rate', 0.4]]);
    // the imported batch is offered by the Validated tab's batch filter, where Undo starts
    const hints = (withImported: boolean) => ok<{ batchIds: number[] }>(admin.post('/api/update/GetUpdateFilterHints', { updateType: 'Accounts', isValid: true, withImported }));
    expect((await hints(true)).batchIds).toContain(batchId);
    expect((await hints(false)).batchIds).not.toContain(batchId);
    // Act
    const undo = await ok<Job>(admin.post('/api/update/Undo', { batchId }));
    await runJobNow(undo.jobId);
    // Assess
    const done = await ok<Job>(admin.get('/api/job/getjob', { id: undo.jobId }));
    const result = done.result as UndoResult;
    const rate = async (id: number) => (await ok<{ contractRate: number; uploadRate: number }>(admin.get('/api/account/Get', { id })));
    expect((await rate(a.objectId)).contractRate).toBe(0.1);
    expect((await rate(a.objectId)).uploadRate).toBe(a.uploadRate);
    expect((await rate(b.objectId)).contractRate).toBe(0.4);
    expect(result.kept).toEqual([expect.objectContaining({ entity: 'account', objectId: b.objectId, differences: expect.arrayContaining([expect.objectContaining({ fieldName: 'contractRate', importedValue: '0.3', currentValue: '0.4' })]) })]);
    expect(result.rows).toBe(2);
    // nothing imported left: a second undo is refused
    expect((await admin.post('/api/update/Undo', { batchId })).status).toBe(400);
  });

  it("removes the CRM notes an AccountCRM import added and sets back the address field an updater AccountAddresses import changed", { timeout: 120_000 }, async () => {
    // Prepare: an account with a user's note and an address; an upload adds two notes, an update changes the address's city
    const account = await newAccount(admin, (await newAmendment(admin)).objectId);
    await ok(admin.post('/api/account/CreateCrm', { account: { objectId: account.objectId }, crmType: 'Note', date: '2026-03-01T00:00:00', comment: 'A user note' }));
    const address = await ok<{ objectId: number }>(
      admin.post('/api/account/AddressAdd', { account: { objectId: account.objectId }, addressType: 'Service', addressLine: '1 Ocean Ave', zipCode: '07740', county: 'Monmouth', city: 'Long Branch', state: 'NJ' }),
    );
    const saved = async (resource: 'upload' | 'update', type: string, rows: unknown[][]) => {
      const parse = await ok<Job>(postSpreadsheet(admin, resource, type, await xlsxOf(type, rows), 'children.xlsx'));
      await runJobNow(parse.jobId);
      const batchId = await parsedBatchId(admin, parse.jobId);
      await runJobNow((await ok<Job>(resource === 'upload' ? admin.post('/api/upload/SaveAll', { uploadType: type, batchId }) : admin.post('/api/update/importAllRows', { updateType: type, batchId }))).jobId);
      return batchId;
    };
    const crmBatch = await saved('upload', 'AccountCRM', [['CAMS Account ID', 'CRM Type', 'Date', 'Comment', 'Resolved'], [account.objectId, 'Call', '3/1/2026', 'Imported one', 'No'], [account.objectId, 'Call', '3/2/2026', 'Imported two', 'No']]);
    const addressBatch = await saved('update', 'AccountAddresses', [['Account Address ID', 'Field Name', 'New Value'], [address.objectId, 'City', 'Asbury Park']]);
    const comments = async () => (await ok<{ data: { comment: string }[] }>(admin.post('/api/account/GetCrms', { account: { objectId: account.objectId } }, { limit: 10 }))).data.map((c) => c.comment).sort();
    const cities = async () => (await ok<{ data: { city: string }[] }>(admin.post('/api/account/GetAddressList', { account: { objectId: account.objectId } }))).data.map((a) => a.city);
    expect([await comments(), await cities()]).toEqual([['A user note', 'Imported one', 'Imported two'], ['Asbury Park']]);
    // Act: Undo of the CRM notes' import and of the address batch's, each by its batch
    const undos = [await ok<Job>(admin.post('/api/upload/Undo', { batchId: crmBatch })), await ok<Job>(admin.post('/api/update/Undo', { batchId: addressBatch }))];
    for (const u of undos) await runJobNow(u.jobId);
    // Assess: the imported notes gone, the user's kept; the city set back, logged as the undo's
    const results = await Promise.all(undos.map(async (u) => (await ok<Job>(admin.get('/api/job/getjob', { id: u.jobId }))).result as UndoResult));
    expect(results.map((r) => [r.undone, r.keptCount])).toEqual([[2, 0], [1, 0]]);
    expect([await comments(), await cities()]).toEqual([['A user note'], ['Long Branch']]);
    const log = await listChangeLogs({ entity: 'account', id: account.objectId });
    expect(log.filter((e) => e.source === `Undo of update batch ${addressBatch}`).map((e) => [e.entity, e.fieldName, e.oldValue, e.newValue])).toEqual([['address', 'city', 'Asbury Park', 'Long Branch']]);
  });

  it("refuses the undo of a batch whose changes the change log does not hold by batch (saved before Undo existed), and changes nothing", { timeout: 120_000 }, async () => {
    // Prepare: an account imported by a Save All, its events then without their origin key (as written before the index)
    const amendment = await newAmendment(admin);
    const ldc = uniqueLdc();
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Accounts', await xlsxOf('Accounts', [headers, [amendment.contractId, 1, 'Old import', 'Renewal', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 12]]), 'old.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Accounts', batchId }))).jobId);
    const events = await changeLogItemsOfSource(`Upload batch ${batchId}`);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) await dynamo().send(new UpdateCommand({ TableName: table(), Key: { pk: e.pk, sk: e.sk }, UpdateExpression: 'REMOVE originpk, originsk' }));
    // Act
    const r = await admin.post('/api/upload/Undo', { batchId });
    // Assess
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(MSG.undoNotLogged);
    const imported = await ok<{ totalCount: number }>(admin.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'imported', batchId }, { getTotalCount: true, limit: 10 }));
    expect(imported.totalCount).toBe(1);
  });

  it("sets back the volume months a Volumes import wrote", { timeout: 120_000 }, async () => {
    // Prepare: an account with a volume block, and a Volumes batch that sets two of its months
    const amendment = await newAmendment(admin);
    const account = await newAccount(admin, amendment.objectId, { accountVolume: { startDate: '2026-01-01T00:00:00', endDate: '2026-12-31T00:00:00', accountVolumeUom: 'KWH' } });
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Volumes', await xlsxOf('Volumes', [['CAMS Account ID', 'Year', 'Month', 'Volume'], [account.objectId, 2026, 3, 1200], [account.objectId, 2026, 4, 900]]), 'volumes.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    await runJobNow((await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Volumes', batchId }))).jobId);
    const months = async () => (await ok<{ accountVolume: { volumeData: { year: number; months: (number | null)[] }[] } | null }>(admin.get('/api/account/Get', { id: account.objectId }))).accountVolume?.volumeData ?? [];
    expect((await months())[0]!.months.slice(2, 4)).toEqual([1200, 900]);
    // Act
    const done = await deliverUntilDone((await ok<Job>(admin.post('/api/upload/Undo', { batchId }))).jobId);
    // Assess
    expect(done.status).toBe('completed');
    expect((done.result as UndoResult).keptCount).toBe(0);
    expect(await months()).toEqual([]);
  });
});
