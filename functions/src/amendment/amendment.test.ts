import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Amendment, AmendmentRow } from '@eb/shared/amendment/schemas';
import type { MasterContract } from '@eb/shared/master-contract/schemas';
import { MSG, maxLengthMessage } from '@eb/shared/messages';
import type { InvokeInput } from '../../../test/support/invoke';
import { amendmentBody, newMasterContract as newSavedContract, ok } from '../../../test/support/records';
import { signedInBeforeAll } from '../../../test/support/users';
import { CONTRACTS_EXPORT_HEADERS } from './export';

/**
 * Master contracts and amendments against the local emulators (spec 2 "Contract Details",
 * "Amendment Details", "Contracts Search", sections 3, 5, 6, 7 and 9): reserve and save a contract,
 * add amendments with every rule, list and filter them with the joined names, export, log, and
 * refuse what the roles and versions do not allow.
 */
const MC = '/api/mastercontract';
const C = '/api/contract';
const RUN = randomUUID().replace(/-/g, '').slice(0, 8);
let n = 0;
const word = (label = 'w') => `${label}${RUN}n${++n}x`;

const [editor, viewOnly, agent, otherEditor] = signedInBeforeAll('admin', 'viewOnly', 'agent', 'admin');

/** A saved master contract with the generated numbers. */
const newMasterContract = () => newSavedContract(editor);

async function createAmendment(body: Record<string, unknown>): Promise<Amendment> {
  return ok<Amendment>(editor.post(`${C}/Create`, body));
}
async function list(body: Record<string, unknown>, query: InvokeInput['query'] = {}) {
  return ok<{ data: AmendmentRow[]; totalCount: number }>(editor.post(`${C}/GetList`, body, query));
}

describe('mastercontract', () => {
  it('reserves a new contractId and objectId on every Generate, and Create saves the contract as valid', async () => {
    // Prepare
    const a = await ok<{ objectId: number; contractId: number }>(editor.post(`${MC}/Generate`));
    const b = await ok<{ objectId: number; contractId: number }>(editor.post(`${MC}/Generate`));
    // Act
    const saved = await ok<MasterContract>(editor.post(`${MC}/Create`, b));
    // Assess
    expect(b.contractId).toBeGreaterThan(a.contractId);
    expect(b.objectId).toBeGreaterThan(a.objectId);
    expect(saved).toEqual({ objectId: b.objectId, contractId: b.contractId, contractValid: true, version: 1 });
    expect(await ok<MasterContract>(agent.get(`${MC}/Get`, { id: b.objectId }))).toEqual(saved);
  });

  it('refuses a contractId that another contract has (409) and an empty one (Required), creating nothing', async () => {
    // Prepare
    const first = await newMasterContract();
    const g = await ok<{ objectId: number; contractId: number }>(editor.post(`${MC}/Generate`));
    // Act
    const taken = await editor.post(`${MC}/Create`, { objectId: g.objectId, contractId: first.contractId });
    const empty = await editor.post(`${MC}/Create`, { objectId: g.objectId, contractId: '' });
    // Assess
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG.contractIdExists);
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.contractId).toBe(MSG.required);
    expect((await editor.get(`${MC}/Get`, { id: g.objectId })).status).toBe(404);
  });

  it('changes the contractId with the version read, and answers 409 to a stale version', async () => {
    // Prepare
    const mc = await newMasterContract();
    const g = await ok<{ contractId: number }>(editor.post(`${MC}/Generate`));
    // Act
    const saved = await ok<MasterContract>(editor.put(`${MC}/Update`, { contractId: g.contractId, version: 1 }, { id: mc.objectId }));
    const stale = await editor.put(`${MC}/Update`, { contractId: mc.contractId, version: 1 }, { id: mc.objectId });
    // Assess
    expect(saved).toMatchObject({ contractId: g.contractId, version: 2 });
    expect(stale.status).toBe(409);
    // the old number is free again, the new one taken
    const other = await ok<{ objectId: number }>(editor.post(`${MC}/Generate`));
    expect((await editor.post(`${MC}/Create`, { objectId: other.objectId, contractId: g.contractId })).status).toBe(409);
    expect((await editor.post(`${MC}/Create`, { objectId: other.objectId, contractId: mc.contractId })).status).toBe(200);
  });

  it('answers the next amendment number: 1 for a new contract, then one more than the highest', async () => {
    // Prepare
    const mc = await newMasterContract();
    const first = await ok<{ amendmentNumber: number }>(agent.get(`${MC}/getNextAmendmentNumber`, { id: mc.objectId }));
    await createAmendment(amendmentBody(mc, { amendmentNumber: 1 }));
    await createAmendment(amendmentBody(mc, { amendmentNumber: 4 }));
    // Act
    const next = await ok<{ amendmentNumber: number }>(editor.get(`${MC}/getNextAmendmentNumber`, { id: mc.objectId }));
    // Assess
    expect(first.amendmentNumber).toBe(1);
    expect(next.amendmentNumber).toBe(5);
  });

  it('lets agents and viewOnly users read but not generate, create or update (403)', async () => {
    const mc = await newMasterContract();
    for (const s of [agent, viewOnly]) {
      expect((await s.post(`${MC}/Generate`)).status).toBe(403);
      expect((await s.post(`${MC}/Create`, { contractId: 999999 })).status).toBe(403);
      expect((await s.put(`${MC}/Update`, { contractId: 999999, version: 1 }, { id: mc.objectId })).status).toBe(403);
      expect((await s.get(`${MC}/Get`, { id: mc.objectId })).status).toBe(200);
    }
  });
});

describe('contract (amendments)', () => {
  it('creates an amendment with the derived end date, who entered it, and the contract number', async () => {
    // Prepare
    const mc = await newMasterContract();
    // Act
    const a = await createAmendment(amendmentBody(mc, { legacyId: word('L'), fixedCommodityAmount: '12345.123456', lockInPercent: 100.5 }));
    // Assess
    expect(a).toMatchObject({
      masterContract: { objectId: mc.objectId },
      contractId: mc.contractId,
      amendmentNumber: 1,
      endDate: '2027-01-31T00:00:00',
      chLawCountry: 'USA',
      isSpr: true,
      enteredBy: editor.name,
      fixedCommodityAmount: 12345.123456,
      lockInPercent: 100.5,
      pricingValidation: { isValidated: false, validatedBy: null, validatedDate: null },
      version: 1,
    });
    expect(a.enteredOn).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await ok<Amendment>(agent.get(`${C}/Get`, { id: a.objectId }))).toEqual(a);
  });

  it.each([
    ['amendmentNumber', { amendmentNumber: '' }, MSG.required],
    ['amendmentNumber', { amendmentNumber: '12345' }, maxLengthMessage(4)],
    ['amendmentNumber', { amendmentNumber: '1a' }, MSG.integerNumber],
    ['referenceAmendment', { referenceAmendment: '1.5' }, MSG.integerNumber],
    ['startDate', { startDate: null }, MSG.required],
    ['receivedDate', { receivedDate: '2026-02-30T00:00:00' }, MSG.invalidDate],
    ['type', { type: '' }, MSG.required],
    ['type', { type: 'Nope' }, MSG.invalidOption],
    ['rewards', { rewards: null }, MSG.required],
    ['contractStatus', { contractStatus: undefined }, MSG.required],
    ['autoRenewalType', { autoRenewalType: null }, MSG.required],
    ['unitOfMeasure', { unitOfMeasure: '' }, MSG.required],
    ['term', { term: '1234' }, maxLengthMessage(3)],
    ['term', { term: '12m' }, MSG.integerNumber],
    ['fixedCommodityAmount', { fixedCommodityAmount: '123456.1' }, 'Field should be decimal number with 5 or less integers and 6 or less decimals'],
    ['lockInPercent', { lockInPercent: '1.23456' }, 'Field should be decimal number with 3 or less integers and 4 or less decimals'],
    ['legacyId', { legacyId: 'x'.repeat(21) }, maxLengthMessage(20)],
    ['salesProgram', { salesProgram: 'x'.repeat(511) }, maxLengthMessage(510)],
    ['xuRatePct', { xuRatePct: '12345' }, maxLengthMessage(4)],
    ['pymntDay', { pymntDay: 'x' }, MSG.integerNumber],
  ])('refuses a bad %s with its text and creates nothing (%j)', async (field, over, message) => {
    // Prepare
    const mc = await newMasterContract();
    // Act
    const r = await editor.post(`${C}/Create`, amendmentBody(mc, over));
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBe(message);
    expect((await list({ contractId: mc.contractId, isContractIdExactMatch: true })).totalCount).toBe(0);
  });

  it('creates a new contract with its first amendment in one write: a refused amendment leaves no contract, a taken contract id no amendment', async () => {
    // Prepare
    const generate = () => ok<{ objectId: number; contractId: number }>(editor.post(`${MC}/Generate`));
    const [g, refused, clash] = [await generate(), await generate(), await generate()];
    const other = await newMasterContract();
    // Act
    const a = await createAmendment({ ...amendmentBody(g), newMasterContract: g });
    const badEntity = await editor.post(`${C}/Create`, { ...amendmentBody(refused, { businessEntity: { objectId: 987654321 } }), newMasterContract: refused });
    const taken = await editor.post(`${C}/Create`, { ...amendmentBody(clash), newMasterContract: { objectId: clash.objectId, contractId: other.contractId } });
    const mismatch = await editor.post(`${C}/Create`, { ...amendmentBody(other), newMasterContract: g });
    const byAgent = await agent.post(`${C}/Create`, { ...amendmentBody(clash), newMasterContract: clash });
    // Assess
    expect(a).toMatchObject({ masterContract: { objectId: g.objectId }, contractId: g.contractId, amendmentNumber: 1 });
    expect(await ok<MasterContract>(agent.get(`${MC}/Get`, { id: g.objectId }))).toMatchObject({ contractId: g.contractId, contractValid: true, version: 1 });
    expect(badEntity.status).toBeGreaterThanOrEqual(400);
    expect(badEntity.status).toBeLessThan(500);
    expect((await editor.get(`${MC}/Get`, { id: refused.objectId })).status).toBe(404);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG.contractIdExists);
    expect((await editor.get(`${MC}/Get`, { id: clash.objectId })).status).toBe(404);
    expect((await list({ contractId: other.contractId, isContractIdExactMatch: true })).totalCount).toBe(0);
    expect(mismatch.status).toBe(400);
    expect(byAgent.status).toBe(403);
  });

  it('refuses an amendment number the contract already has (409) and an unknown contract (404)', async () => {
    const mc = await newMasterContract();
    await createAmendment(amendmentBody(mc));
    const again = await editor.post(`${C}/Create`, amendmentBody(mc));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.amendmentNumberExists);
    const unknown = await editor.post(`${C}/Create`, amendmentBody({ ...mc, objectId: 987654321 }));
    expect(unknown.status).toBe(404);
  });

  it('names the business entity and primary contact blocks, and refuses an unknown one', async () => {
    // Prepare
    const legalName = word('Legal');
    const be = await ok<{ objectId: number; businessEntityId: number }>(editor.post('/api/businessentity/Create', { legalName }));
    const contact = await ok<{ objectId: number }>(
      editor.post('/api/primarycontact/Create', {
        firstName: 'Ada',
        lastName: word('Signer'),
        address: { addressType: 'Billing', addressLine: '1 Main Street', city: 'Newark', state: 'NJ' },
        phone: { phoneNumber: '9735550100', type: 'Work' },
      }),
    );
    const mc = await newMasterContract();
    // Act
    const a = await createAmendment(amendmentBody(mc, { businessEntity: { objectId: be.objectId }, primaryContact: { objectId: contact.objectId } }));
    const bad = await editor.post(`${C}/Create`, amendmentBody(mc, { amendmentNumber: 2, businessEntity: { objectId: 987654321 } }));
    // Assess
    expect(a.businessEntityObject).toEqual({ objectId: be.objectId, businessEntityId: be.businessEntityId, legalName, isActive: true });
    expect(a.primaryContactObject).toMatchObject({
      objectId: contact.objectId,
      firstName: 'Ada',
      status: 'Active',
      address: { addressLine: '1 Main Street', city: 'Newark', state: 'NJ', zipCode: null },
      phone: { phoneNumber: '9735550100' },
      email: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.businessEntity).toBe(MSG.businessEntityMissing);
  });

  it('saves with the version read, records who ticked a validation, and answers 409 to a stale version', async () => {
    // Prepare
    const mc = await newMasterContract();
    const a = await createAmendment(amendmentBody(mc));
    const { objectId, version, ...rest } = a;
    // Act
    const saved = await ok<Amendment>(
      editor.put(`${C}/Update`, { ...amendmentBody(mc), ...pick(rest), term: 24, pricingValidation: { isValidated: true }, version }, { id: objectId }),
    );
    const stale = await editor.put(`${C}/Update`, { ...amendmentBody(mc), term: 6, version }, { id: objectId });
    // Assess
    expect(saved).toMatchObject({ term: 24, endDate: '2028-01-31T00:00:00', version: 2 });
    expect(saved.pricingValidation).toMatchObject({ isValidated: true, validatedBy: editor.name });
    expect(saved.pricingValidation.validatedDate).toMatch(/^\d{4}-/);
    expect(stale.status).toBe(409);
    expect((await ok<Amendment>(editor.get(`${C}/Get`, { id: objectId }))).term).toBe(24);
    expect(saved.operationsValidation).toEqual({ isValidated: false, validatedBy: null, validatedDate: null });
    // kept as first recorded while it stays ticked (a later save by someone else), cleared when unticked
    const other = otherEditor;
    const again = await ok<Amendment>(other.put(`${C}/Update`, { ...amendmentBody(mc), ...pick(rest), term: 12, pricingValidation: { isValidated: true }, version: 2 }, { id: objectId }));
    expect(again.pricingValidation).toEqual(saved.pricingValidation);
    const unticked = await ok<Amendment>(other.put(`${C}/Update`, { ...amendmentBody(mc), ...pick(rest), term: 12, pricingValidation: { isValidated: false }, version: 3 }, { id: objectId }));
    expect(unticked.pricingValidation).toEqual({ isValidated: false, validatedBy: null, validatedDate: null });
  });

  it('logs the creation and each changed field, for staff only', async () => {
    // Prepare
    const mc = await newMasterContract();
    const a = await createAmendment(amendmentBody(mc, { legacyId: word('LOG') }));
    await ok(editor.put(`${C}/Update`, { ...amendmentBody(mc), legacyId: a.legacyId, term: 6, version: 1 }, { id: a.objectId }));
    // Act
    const log = await ok<{ action: string; fieldName: string; oldValue: string | null; newValue: string | null; entityName?: string }[]>(
      editor.get(`${C}/ChangeLogs`, { id: a.objectId }),
    );
    // Assess
    expect(log.filter((e) => e.action === 'updated').map((e) => [e.fieldName, e.oldValue, e.newValue])).toEqual([
      ['term', '12', '6'],
      ['endDate', '2027-01-31T00:00:00', '2026-07-31T00:00:00'],
    ]);
    expect(log.at(-1)).toMatchObject({ action: 'added', entityName: a.legacyId });
    expect((await agent.get(`${C}/ChangeLogs`, { id: a.objectId })).status).toBe(403);
  });

  it('deletes an amendment: gone from Get and the list, with a deleted entry', async () => {
    const mc = await newMasterContract();
    const a = await createAmendment(amendmentBody(mc));
    expect((await editor.del(`${C}/Delete`, { version: 1 }, { id: a.objectId })).status).toBe(204);
    expect((await editor.get(`${C}/Get`, { id: a.objectId })).status).toBe(404);
    expect((await list({ contractId: mc.contractId, isContractIdExactMatch: true })).totalCount).toBe(0);
  });

  it('lets agents and viewOnly users search and view but not create, update, delete or export (403)', async () => {
    const mc = await newMasterContract();
    const a = await createAmendment(amendmentBody(mc));
    for (const s of [agent, viewOnly]) {
      expect((await s.post(`${C}/Create`, amendmentBody(mc, { amendmentNumber: 9 }))).status).toBe(403);
      expect((await s.put(`${C}/Update`, { ...amendmentBody(mc), version: 1 }, { id: a.objectId })).status).toBe(403);
      expect((await s.del(`${C}/Delete`, {}, { id: a.objectId })).status).toBe(403);
      expect((await s.post(`${C}/GetList`, { contractId: mc.contractId })).status).toBe(200);
      expect((await s.get(`${C}/Get`, { id: a.objectId })).status).toBe(200);
    }
    expect((await agent.post(`${C}/Export`, {})).status).toBe(403);
  });
});

/** The fields of an answered amendment that the update body takes (the derived ones left out). */
function pick(a: Omit<Amendment, 'objectId' | 'version'>) {
  const {
    contractId: _c, endDate: _e, chLawCountry: _l, enteredBy: _b, enteredOn: _o, electricityVolume: _v1, gasVolume: _v2, totalVolume: _v3,
    businessEntityObject: _be, primaryContactObject: _pc, masterContract: _m, ...fields
  } = a;
  return fields;
}

describe('contract/GetList', () => {
  const legal = word('Harbor');
  let mc: MasterContract;
  let rows: Amendment[];
  beforeAll(async () => {
    const be = await ok<{ objectId: number }>(editor.post('/api/businessentity/Create', { legalName: `${legal} Energy` }));
    mc = await newMasterContract();
    rows = [];
    rows.push(await createAmendment(amendmentBody(mc, { amendmentNumber: 1, businessEntity: { objectId: be.objectId }, freshDescId: word('T'), receivedDate: '2026-01-05T00:00:00' })));
    rows.push(await createAmendment(amendmentBody(mc, { amendmentNumber: 2, contractStatus: 'Signed', receivedDate: '2026-03-05T00:00:00' })));
    rows.push(await createAmendment(amendmentBody(mc, { amendmentNumber: 3, type: 'Renewal', receivedDate: '2026-05-05T00:00:00' })));
  });

  it('finds a contract by its exact id, sorted by amendment number, with the joined legal name', async () => {
    // Act
    const r = await list({ contractId: mc.contractId, isContractIdExactMatch: true }, { orderBy: 'amendmentNumber Ascending' });
    // Assess
    expect(r.totalCount).toBe(3);
    expect(r.data.map((x) => x.amendmentNumber)).toEqual([1, 2, 3]);
    expect(r.data[0]).toMatchObject({ contractId: mc.contractId, businessEntityLegalName: `${legal} Energy`, masterContract: { objectId: mc.objectId } });
  });

  it.each([
    ['the status', { contractStatus: 'Signed' }, [2]],
    ['the type', { contractType: 'Renewal' }, [3]],
    ['the legal name', { businessEntityLegalName: legal.toLowerCase() }, [1]],
    ['the received period', { amendmentRecievedPeriod: { fromDate: '2026-02-01T00:00:00', toDate: '2026-04-01T00:00:00' } }, [2]],
    ['the keyword (a joined legal name)', { searchText: legal }, [1]],
    ['the selection', { contractRefs: 'pick:0,2' }, [1, 3]],
  ])('filters by %s', async (_what, filter, numbers) => {
    // Prepare
    const body: Record<string, unknown> = { ...filter, contractId: mc.contractId, isContractIdExactMatch: true };
    if (body.contractRefs === 'pick:0,2') body.contractRefs = [rows[0]!, rows[2]!].map((a) => ({ objectId: a.objectId }));
    // Act
    const r = await list(body, { orderBy: 'amendmentNumber Ascending' });
    // Assess
    expect(r.data.map((x) => x.amendmentNumber)).toEqual(numbers);
  });

  it('sorts by each of the 13 keys, and refuses an unknown one (400)', async () => {
    for (const key of ['contractId', 'amendmentNumber', 'referenceAmendment', 'ticketNo', 'legacyId', 'amendmentType', 'amendmentReceived',
      'amendmentStartDate', 'amendmentEndDate', 'agreementDate', 'businessEntityName', 'primaryParticipant', 'status']) {
      expect((await editor.post(`${C}/GetList`, { contractId: mc.contractId, isContractIdExactMatch: true }, { orderBy: `${key} Descending` })).status).toBe(200);
    }
    const byReceived = await list({ contractId: mc.contractId, isContractIdExactMatch: true }, { orderBy: 'amendmentReceived Descending' });
    expect(byReceived.data.map((x) => x.amendmentNumber)).toEqual([3, 2, 1]);
    expect((await editor.post(`${C}/GetList`, {}, { orderBy: 'nope Ascending' })).status).toBe(400);
  });

  it('answers the light list of the ids asked, in their order', async () => {
    const r = await ok<AmendmentRow[]>(editor.post(`${C}/GetLightList`, [rows[2]!, rows[0]!].map((a) => ({ objectId: a.objectId }))));
    expect(r.map((x) => x.amendmentNumber)).toEqual([3, 1]);
  });

  it("exports the selection with every column, or the grid's visible columns in its order, with a filter on each header and the day in the file's name", async () => {
    // Act
    const r = await editor.post(`${C}/Export`, { contractRefs: [{ objectId: rows[1]!.objectId }] });
    const chosen = await editor.post(`${C}/Export`, { contractRefs: [{ objectId: rows[1]!.objectId }] }, { columns: 'contractStatus,contractId,startDate' });
    const unknown = await editor.post(`${C}/Export`, {}, { columns: 'contractId,<script>' });
    // Assess
    const sheetOf = async (body: unknown) => {
      const bytes = Buffer.from(body as string, 'base64');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      return workbook.worksheets[0]!;
    };
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toContain(`contracts-${new Date().toISOString().slice(0, 10)}.xlsx`);
    const sheet = await sheetOf(r.body);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(CONTRACTS_EXPORT_HEADERS);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(mc.contractId);
    expect(sheet.getRow(2).getCell(13).value).toBe('Signed');
    expect(sheet.autoFilter).toBe('A1:M1');
    const picked = await sheetOf(chosen.body);
    expect((picked.getRow(1).values as unknown[]).slice(1)).toEqual(['Status', 'Contract ID', 'Start Date']);
    expect((picked.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['Signed', mc.contractId]);
    expect(unknown.status).toBe(400);
  });

  it("answers the legacy id of the contract's earliest amendment that has one, or null", async () => {
    // Prepare: a contract whose amendments 2 and 3 have legacy ids
    const other = await newMasterContract();
    const first = await createAmendment(amendmentBody(other, { amendmentNumber: 1 }));
    await createAmendment(amendmentBody(other, { amendmentNumber: 3, legacyId: 'L-300' }));
    await createAmendment(amendmentBody(other, { amendmentNumber: 2, legacyId: 'L-200' }));
    // Act
    const r = await ok<{ legacyId: string | null }>(agent.get(`${C}/GetLegacyId`, { id: first.objectId }));
    const none = await ok<{ legacyId: string | null }>(agent.get(`${C}/GetLegacyId`, { id: rows[1]!.objectId }));
    // Assess
    expect(r.legacyId).toBe('L-200');
    expect(none.legacyId).toBeNull();
  });
});
