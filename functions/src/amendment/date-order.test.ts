import { describe, expect, it } from 'vitest';
import type { Account } from '@eb/shared/account/schemas';
import type { Amendment } from '@eb/shared/amendment/schemas';
import { MSG } from '@eb/shared/messages';
import { toTransferDate } from '@eb/shared/formats';
import { amendmentBody, newAccount, newAmendment, newMasterContract, ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { runJobNow } from '../../../test/support/jobs';
import { parsedBatchId, postSpreadsheet, xlsxOf } from '../../../test/support/spreadsheets';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadedRow } from '@eb/shared/upload/schemas';

/**
 * Dates in their order (issue 28 section 2), on create and update, with a 400 naming the field and
 * nothing written: an amendment's auto-renewal date not before its start, its received and
 * agreement dates not in the future (a day's slack for time zones); an account's drop and future
 * drop dates not before its start, its received date not in the future.
 */
const [editor] = signedInBeforeAll('admin');

const inDays = (days: number) => `${toTransferDate(new Date(Date.now() + days * 86_400_000)).slice(0, 10)}T00:00:00`;
const refused = (r: { status: number; body: any }, field: string, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.fieldErrors?.[field]).toBe(message);
};

describe('amendment dates in order', () => {
  it('refuses an auto-renewal date before the start date, on create and update', async () => {
    const contract = await newMasterContract(editor);
    refused(await editor.post('/api/contract/Create', amendmentBody(contract, { startDate: '2026-03-01T00:00:00', autoRenewalDate: '2026-02-01T00:00:00' })), 'autoRenewalDate', MSG.dateBeforeStart);
    const a = await newAmendment(editor);
    const before = await ok<Amendment>(editor.get('/api/contract/Get', { id: a.objectId }));
    refused(await editor.put('/api/contract/Update', { ...before, autoRenewalDate: '2020-01-01T00:00:00' }, { id: a.objectId }), 'autoRenewalDate', MSG.dateBeforeStart);
    expect((await ok<Amendment>(editor.get('/api/contract/Get', { id: a.objectId }))).version).toBe(before.version);
  });

  it.each(['receivedDate', 'agreementDate'])('refuses a %s in the future beyond a day, and takes tomorrow', async (field) => {
    const contract = await newMasterContract(editor);
    refused(await editor.post('/api/contract/Create', amendmentBody(contract, { [field]: inDays(3) })), field, MSG.dateInFuture);
    expect((await editor.post('/api/contract/Create', amendmentBody(contract, { [field]: inDays(1) }))).status).toBe(200);
  });
});

describe('account dates in order', () => {
  it.each(['dropDate', 'futureDropDate'])('refuses a %s before the start date, on create and update', async (field) => {
    const a = await newAmendment(editor);
    const created = await newAccount(editor, a.objectId);
    const account = await ok<Account>(editor.get('/api/account/Get', { id: created.objectId }));
    refused(await editor.put('/api/account/Update', { ...account, [field]: '2026-02-01T00:00:00' }, { id: created.objectId }), field, MSG.dateBeforeStart);
    expect((await ok<Account>(editor.get('/api/account/Get', { id: created.objectId }))).version).toBe(account.version);
    expect((await editor.put('/api/account/Update', { ...account, [field]: '2026-05-01T00:00:00' }, { id: created.objectId })).status).toBe(200);
  });

  it('refuses an account received in the future beyond a day', async () => {
    const a = await newAmendment(editor);
    const r = await editor.post('/api/account/Create', { ...(await accountBodyOf(a.objectId)), receivedDate: inDays(5) });
    refused(r, 'receivedDate', MSG.dateInFuture);
  });
});

async function accountBodyOf(amendmentId: number) {
  const territories = (await ok<{ data: { code: string; objectId: number }[] }>(editor.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
  return {
    contract: { objectId: amendmentId }, name: 'Dates Site', type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: territories.find((t) => t.code === 'PSEG')!.objectId },
    ldcAccountNum: `DT${Date.now()}${Math.floor(Math.random() * 1000)}`, serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12, contractRate: 0.1,
  };
}

describe('dates out of order in an upload', () => {
  const [admin] = signedInBeforeAll('superAdmin');
  it('refuses the row at Save All with its field, and the job completes', { timeout: 60_000 }, async () => {
    // Prepare
    const contract = await newMasterContract(admin);
    const headers = ['Contract ID', 'Amendment #', 'Amendment Type', 'Status', 'Received Date', 'Agreement Date', 'Start Date', 'Term', 'Rewards', 'Auto Renewal Type', 'Unit of Measure', 'Auto Renewal Date'];
    const parse = await ok<Job>(postSpreadsheet(admin, 'upload', 'Amendments', await xlsxOf('Amendments', [headers, [contract.contractId, 1, 'New', 'Signed', '1/15/2026', '1/20/2026', '3/1/2026', 12, 'No', 'Month to Month Variable', 'KWH', '2/1/2026']]), 'dates.xlsx'));
    await runJobNow(parse.jobId);
    const batchId = await parsedBatchId(admin, parse.jobId);
    // Act
    const save = await ok<Job>(admin.post('/api/upload/SaveAll', { uploadType: 'Amendments', batchId }));
    await runJobNow(save.jobId);
    // Assess
    expect((await ok<Job>(admin.get('/api/job/getjob', { id: save.jobId }))).status).toBe('completed');
    const rows = await ok<{ data: UploadedRow[] }>(admin.post('/api/upload/GetList', { rowState: 'withExceptions', uploadType: 'Amendments', batchId }));
    expect(rows.data[0]!.uploadExceptions).toEqual([expect.objectContaining({ uiHeader: 'Auto Renewal Date', type: 'genericError' })]);
  });
});
