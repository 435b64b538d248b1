import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FIELDS, type Account, type AccountRow } from '@eb/shared/account/schemas';
import { HIDDEN_FROM_AGENTS, visibleToUser } from '@eb/shared/agent-hidden';
import type { Territory } from '@eb/shared/reference/territory';
import { MSG } from '@eb/shared/messages';
import { amendmentBody, newAmendment, newContact, ok, uniqueLdc } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { ACCOUNTS_EXPORT_HEADERS } from './export';

/**
 * Accounts against the local emulators (spec 2 "Accounts Search", "Account Detail", sections 3, 5,
 * 7): create an account under an amendment with the server's defaults and derived fields, list it
 * with the amendment's and territory's joined columns, change its status, export, log, and refuse
 * what the rules, roles and versions do not allow.
 */
const A = '/api/account';
let pseg: Territory;
const [editor, agent, admin] = signedInBeforeAll('admin', 'agent', 'superAdmin');
beforeAll(async () => {
  const territories = await ok<{ data: Territory[] }>(editor.get('/api/reference/TerritoryGetList', { limit: 100 }));
  pseg = territories.data.find((t) => t.code === 'PSEG')!;
});

const accountBody = (amendmentId: number, over: Record<string, unknown> = {}) => ({
  contract: { objectId: amendmentId },
  name: 'Harborview Hotels - Main Building',
  type: 'Renewal',
  accountStatus: 'Pending',
  territory: { objectId: pseg.objectId },
  ldcAccountNum: uniqueLdc(),
  serviceClass: 'GS',
  revenueClass: 'Small Commercial',
  taxExemption: 'No',
  requestedStartDate: '2026-03-01T00:00:00',
  term: 12,
  contractRate: 0.1,
  ...over,
});

describe('account/Create and Get', () => {
  it('fills the short name, tax-exempt number, start and end dates and upload rate, and answers the amendment and territory', async () => {
    // Prepare
    const amendment = await newAmendment(editor, { legacyId: 'LG-ACC-1' });
    // Act
    const created = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId)));
    // Assess
    expect(created).toMatchObject({
      shortName: 'Harborview Hotels - Main',
      taxExemptNum: '999999999',
      contractStartDate: '2026-03-01T00:00:00',
      contractEndDate: '2027-02-28T00:00:00',
      uploadRate: 0.09378664,
      contractId: amendment.contractId,
      amendmentNumber: 1,
      territoryCode: 'PSEG',
      commodity: 'Electric',
      contractLengthDays: 365,
      contract: { objectId: amendment.objectId },
      masterContract: amendment.masterContract,
      version: 1,
    });
    // an agent gets the same account without its Commission section (issue 26 item 5)
    expect(await ok<Account>(agent.get(`${A}/Get`, { id: created.objectId }))).toEqual(visibleToUser('account', 'agent', created));
    // residential customer equivalents of the annual usage (PSEG is electric)
    const withUsage = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId, { annualUsage: 250_000, unitOfMeasure: 'KWH' })));
    expect(withUsage.rce).toBe(25);
    expect(await ok(agent.get(`${A}/GetRCEs`, { accountId: withUsage.objectId }))).toEqual({ rce: 25, commodity: 'Electric' });
  });

  it("answers the read-only values: distributor, unique id, the agent with its master and sub-agent, the Pricing and Commission totals; an agent is not sent the Commission's", async () => {
    // Prepare
    const agentRecord = await ok<{ objectId: number; code: string }>(admin.post('/api/agent/Create', { code: `ACC-AG-${Date.now() % 1_000_000}`, master: 'Northeast Energy Partners', subagent: 'J. Rivera' }));
    const amendment = await newAmendment(editor);
    const over = { agent: { objectId: agentRecord.objectId }, contractRate: 0.1, priceAdder: 0.002, totalPassthroughs: 0.0005, indexAdder: 0.004, commissionMasterUnit: 0.001, commissionUnitNum: 0.002, commissionSubAgentUnit: 0.0005, flowDate: '2026-04-01T00:00:00' };
    // Act
    const created = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId, over)));
    const byAgent = await ok<Account>(agent.get(`${A}/Get`, { id: created.objectId }));
    // Assess
    expect(created).toMatchObject({
      amendmentStatus: amendment.contractStatus,
      distributor: pseg.name,
      uniqueId: `PSEG-${created.ldcAccountNum}`,
      agentObject: { objectId: agentRecord.objectId, code: agentRecord.code, master: 'Northeast Energy Partners', subagent: 'J. Rivera' },
      totalBillRate: 0.1025,
      totalIndexRate: 0.0065,
      totalCommission: 0.0035,
      commissionStartDate: '2026-04-01T00:00:00',
    });
    expect(byAgent).toMatchObject({ agentObject: created.agentObject, totalBillRate: 0.1025, distributor: pseg.name, amendmentStatus: amendment.contractStatus });
    expect(byAgent).not.toHaveProperty('totalCommission');
    expect(byAgent).not.toHaveProperty('commissionStartDate');
  });

  it('refuses a missing required field, a bad LDC account number and an unknown amendment or territory, creating nothing', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const ldc = uniqueLdc();
    // Act
    const missing = await editor.post(`${A}/Create`, accountBody(amendment.objectId, { name: '', ldcAccountNum: ldc }));
    const badLdc = await editor.post(`${A}/Create`, accountBody(amendment.objectId, { ldcAccountNum: 'PE 12!' }));
    const noAmendment = await editor.post(`${A}/Create`, accountBody(987_654_321));
    const noTerritory = await editor.post(`${A}/Create`, accountBody(amendment.objectId, { territory: { objectId: 987_654 }, ldcAccountNum: ldc }));
    const byAgent = await agent.post(`${A}/Create`, accountBody(amendment.objectId, { ldcAccountNum: ldc }));
    // Assess
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toMatchObject({ name: MSG.required });
    expect(badLdc.body.fieldErrors).toMatchObject({ ldcAccountNum: MSG.alphanumeric });
    expect(noAmendment.status).toBe(404);
    expect(noTerritory.body.fieldErrors).toMatchObject({ territory: MSG.invalidInput });
    expect(byAgent.status).toBe(403);
    const listed = await ok<{ totalCount: number }>(editor.post(`${A}/GetList`, { ldcAccountNumber: ldc }, { getTotalCount: true }));
    expect(listed.totalCount).toBe(0);
  });
});

describe('account/GetList, SetAccountStatus, Update, ChangeLogs, Export', () => {
  it("lists an amendment's accounts with the joined contract, amendment, legal name and territory; filters by LDC number and a date period", async () => {
    // Prepare
    const amendment = await newAmendment(editor, { freshDescId: 'T-ACC', legacyId: 'LG-ACC-2' });
    const a1 = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId, { name: 'Annex', flowDate: '2026-04-01T00:00:00' })));
    const a2 = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId, { name: 'Main' })));
    // Act
    const inAmendment = await ok<{ data: AccountRow[]; totalCount: number }>(agent.post(`${A}/GetListWithContracts`, { amendmentId: amendment.objectId }, { orderBy: 'name Ascending', getTotalCount: true }));
    const byLdc = await ok<{ data: AccountRow[] }>(editor.post(`${A}/GetList`, { ldcAccountNumber: a2.ldcAccountNum }));
    const byFlow = await ok<{ data: AccountRow[] }>(editor.post(`${A}/GetList`, { amendmentId: amendment.objectId, flowDatePeriod: { fromDate: '2026-03-15T00:00:00', toDate: '2026-04-15T00:00:00' } }));
    // Assess
    expect(inAmendment.totalCount).toBe(2);
    expect(inAmendment.data[0]).toMatchObject({
      objectId: a1.objectId,
      accountName: 'Annex',
      contractId: amendment.contractId,
      amendmentNumber: 1,
      freshDescId: 'T-ACC',
      legacyId: 'LG-ACC-2',
      territoryCode: 'PSEG',
      accountStatus: 'Pending',
      accountType: 'Renewal',
      accountEndDate: '2027-02-28T00:00:00',
    });
    expect(byLdc.data.map((r) => r.objectId)).toEqual([a2.objectId]);
    expect(byFlow.data.map((r) => r.objectId)).toEqual([a1.objectId]);
  });

  it('changes the status from the grid, refuses a stale Update (409), logs both, and exports the selection', async () => {
    // Prepare
    const amendment = await newAmendment(editor, { contractStatus: 'Active' });
    const created = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId)));
    // Act
    const row = await ok<AccountRow>(editor.put(`${A}/SetAccountStatus`, undefined, { accountId: created.objectId, status: 'Enrolled' }));
    const fields = Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, created[f]]));
    const stale = await editor.put(`${A}/Update`, { ...fields, term: 24, version: 1 }, { id: created.objectId });
    const updated = await ok<Account>(editor.put(`${A}/Update`, { ...fields, accountStatus: 'Enrolled', term: 24, contractRate: 0.2, version: 2 }, { id: created.objectId }));
    const byAgent = await agent.put(`${A}/SetAccountStatus`, undefined, { accountId: created.objectId, status: 'Dropped' });
    const log = await ok<{ fieldName: string }[]>(editor.get(`${A}/ChangeLogs`, { accountId: created.objectId }));
    const file = await editor.post(`${A}/Export`, { accountRefs: [{ objectId: created.objectId }] });
    // Assess
    expect(row.accountStatus).toBe('Enrolled');
    expect(stale.status).toBe(409);
    expect(updated).toMatchObject({ term: 24, contractEndDate: '2028-02-29T00:00:00', uploadRate: 0.18757327, version: 3 });
    expect(byAgent.status).toBe(403);
    expect(log.map((e) => e.fieldName)).toEqual(expect.arrayContaining(['accountStatus', 'term', 'contractEndDate', 'uploadRate']));
    const bytes = Buffer.from(file.body as string, 'base64');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(ACCOUNTS_EXPORT_HEADERS);
    expect(values.length).toBe(2);
    expect((await agent.post(`${A}/Export`, {})).status).toBe(403);
  });
});

describe("SetAccountStatus: the statuses the amendment's state allows (shared/src/account/status-rules.ts)", () => {
  it('refuses Sent to Utility on a Draft amendment with the reason and changes nothing (the grid and Account Detail alike); allows Pending, On Hold and Cancelled there; allows it once the amendment is Signed', async () => {
    // Prepare
    const draft = await newAmendment(editor, { contractStatus: 'Draft' });
    const account = await ok<Account>(editor.post(`${A}/Create`, accountBody(draft.objectId)));
    // Act
    const sent = await editor.put(`${A}/SetAccountStatus`, undefined, { accountId: account.objectId, status: 'Sent to Utility' });
    const after = await ok<Account>(editor.get(`${A}/Get`, { id: account.objectId }));
    const byForm = await editor.put(`${A}/Update`, { ...Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, account[f]])), accountStatus: 'Enrolled', version: account.version }, { id: account.objectId });
    const onHold = await ok<AccountRow>(editor.put(`${A}/SetAccountStatus`, undefined, { accountId: account.objectId, status: 'On Hold' }));
    await ok(editor.put('/api/contract/Update', amendmentBody(draft.masterContract, { contractStatus: 'Signed', version: draft.version }), { id: draft.objectId }));
    const sentSigned = await ok<AccountRow>(editor.put(`${A}/SetAccountStatus`, undefined, { accountId: account.objectId, status: 'Sent to Utility' }));
    // Assess
    const reason = "An account cannot be set to 'Sent to Utility' while its amendment is 'Draft'";
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ message: reason, fieldErrors: { status: reason } });
    expect(byForm.status).toBe(400);
    expect(byForm.body.fieldErrors).toEqual({ accountStatus: "An account cannot be set to 'Enrolled' while its amendment is 'Draft'" });
    expect(after).toMatchObject({ accountStatus: 'Pending', version: account.version });
    expect(onHold.accountStatus).toBe('On Hold');
    expect(sentSigned.accountStatus).toBe('Sent to Utility');
  });

  it('lets an Expired amendment only wind its accounts down (Drop Pending, Dropped, Cancelled)', async () => {
    // Prepare
    const expired = await newAmendment(editor, { contractStatus: 'Expired' });
    const account = await ok<Account>(editor.post(`${A}/Create`, accountBody(expired.objectId, { accountStatus: 'Enrolled' })));
    // Act
    const enrolled = await editor.put(`${A}/SetAccountStatus`, undefined, { accountId: account.objectId, status: 'Sent to Utility' });
    const dropped = await ok<AccountRow>(editor.put(`${A}/SetAccountStatus`, undefined, { accountId: account.objectId, status: 'Dropped' }));
    // Assess
    expect(enrolled.status).toBe(400);
    expect(dropped.accountStatus).toBe('Dropped');
  });
});

describe("contract/GetAccounts: the amendment's Accounts section", () => {
  it("pages 10 by default, sorts by the section's keys (name, serviceType, statusDate, accountId...), refuses another key, and answers an agent without what agents may not see", async () => {
    // Prepare
    const amendment = await newAmendment(editor, { contractStatus: 'Active' });
    const territories = (await ok<{ data: Territory[] }>(editor.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
    const gas = territories.find((t) => t.code === 'NICOR')!;
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const statusDate = `2026-01-${String(10 + i)}T00:00:00`;
      const over = i === 0 ? { name: 'Zeta Gas Works', territory: { objectId: gas.objectId }, ldcAccountNum: uniqueLdc('NICOR'), statusDate } : { name: `Account ${String(i).padStart(2, '0')}`, statusDate };
      ids.push((await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId, over)))).objectId);
    }
    await ok(editor.put(`${A}/SetAccountStatus`, undefined, { accountId: ids[5]!, status: 'Enrolled' }));
    const C = '/api/contract/GetAccounts';
    // Act
    const first = await ok<{ data: AccountRow[]; totalCount: number }>(agent.get(C, { id: amendment.objectId, getTotalCount: true }));
    const second = await ok<{ data: AccountRow[] }>(editor.get(C, { id: amendment.objectId, skip: 10 }));
    const byService = await ok<{ data: AccountRow[] }>(editor.get(C, { id: amendment.objectId, orderBy: 'serviceType Descending', limit: 1 }));
    const byStatusDate = await ok<{ data: AccountRow[] }>(editor.get(C, { id: amendment.objectId, orderBy: 'statusDate Descending', limit: 1 }));
    const byId = await ok<{ data: AccountRow[] }>(editor.get(C, { id: amendment.objectId, orderBy: 'accountId Descending', limit: 1 }));
    const badKey = await editor.get(C, { id: amendment.objectId, orderBy: 'contractId Ascending' });
    const unknown = await editor.get(C, { id: 999_999_999 });
    // Assess
    expect(first.totalCount).toBe(11);
    expect(first.data.map((r) => r.accountName)).toEqual([...Array.from({ length: 10 }, (_, i) => `Account ${String(i + 1).padStart(2, '0')}`)]);
    expect(second.data.map((r) => r.accountName)).toEqual(['Zeta Gas Works']);
    expect(byService.data[0]).toMatchObject({ objectId: ids[0], commodity: 'Gas' });
    expect(byStatusDate.data[0]!.objectId).toBe(ids[5]);
    expect(byStatusDate.data[0]!.statusDate).toBeTruthy();
    expect(byId.data[0]!.objectId).toBe(ids[10]);
    expect(badKey.status).toBe(400);
    expect(unknown.status).toBe(404);
    for (const hidden of HIDDEN_FROM_AGENTS.account) expect(first.data[0]).not.toHaveProperty(hidden);
  });
});

describe("an account's participants, CRM notes, addresses and documents", () => {
  it('takes the amendment calls with {account}: a contact once, CRM notes with the account CRM types, addresses with their rules, all in the account log', async () => {
    // Prepare
    const amendment = await newAmendment(editor);
    const account = await ok<Account>(editor.post(`${A}/Create`, accountBody(amendment.objectId)));
    const contact = await newContact(editor);
    const ref = { account: { objectId: account.objectId } };
    // Act
    const participant = await ok<{ contactId: number }>(editor.post(`${A}/ContactAddUpdate`, { ...ref, contact: { objectId: contact.objectId } }));
    const again = await editor.post(`${A}/ContactAddUpdate`, { ...ref, contact: { objectId: contact.objectId } });
    const crm = await ok<{ reportedBy: string }>(editor.post(`${A}/CreateCrm`, { ...ref, crmType: 'Billing Inquiry', comment: 'Asked about the first bill', date: '2026-03-02T00:00:00' }));
    const amendmentCrmType = await editor.post(`${A}/CreateCrm`, { ...ref, crmType: 'Pricing Question', comment: 'x', date: '2026-03-02T00:00:00' });
    const address = await editor.post(`${A}/AddressAdd`, { ...ref, addressType: 'Service', addressLine: '1 Ocean Ave', zipCode: '07740', county: 'Monmouth', city: 'Long Branch', state: 'NJ' });
    const badAddress = await editor.post(`${A}/AddressAdd`, { ...ref, addressType: 'Service', addressLine: '', zipCode: '7a', county: '', city: 'Long Branch', state: 'NJ' });
    const docs = await ok<unknown[]>(agent.get(`${A}/GetDocuments`, { documentParentId: account.objectId }));
    const byAgent = await agent.post(`${A}/CreateCrm`, { ...ref, crmType: 'Call', comment: 'x', date: '2026-03-02T00:00:00' });
    // Assess
    expect(participant.contactId).toBe(contact.objectId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.participantAlreadyAdded);
    expect(crm.reportedBy).toBeTruthy();
    expect(amendmentCrmType.status).toBe(400);
    expect(address.status).toBe(200);
    expect(badAddress.body.fieldErrors).toMatchObject({ addressLine: MSG.required, zipCode: MSG.integerNumber, county: MSG.required });
    expect(docs).toEqual([]);
    expect(byAgent.status).toBe(403);
    const log = await ok<{ entity: string; fieldPrefix?: string }[]>(editor.get(`${A}/ChangeLogs`, { accountId: account.objectId }));
    expect(new Set(log.map((e) => e.fieldPrefix).filter(Boolean))).toEqual(new Set(['a.participant', 'a.crm', 'a.address']));
  });
});
