import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@eb/shared/account/schemas';
import type { Amendment } from '@eb/shared/amendment/schemas';
import { MSG } from '@eb/shared/messages';
import { amendmentBody, newAccount, newAmendment, newMasterContract, ok, uniqueLdc } from '../support/records';
import { signedInBeforeAll } from '../support/users';

/**
 * Issue 26 item 6: where the spec means a count or a length of time (an amendment's and an
 * account's term in months, the amendment number) zero and negative numbers are refused, and a tax
 * exemption number is digits only; on create and on update, with a 400 naming the field and
 * nothing written (the end date became null from a term of -5).
 */
const [editor] = signedInBeforeAll('admin');

const refused = (r: { status: number; body: any }, field: string, message: string) => {
  expect(message).toBeTruthy();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.fieldErrors?.[field]).toBe(message);
};

describe('amendment numbers and terms', () => {
  it.each([-5, 0])('refuses an amendment term of %s on create', async (term) => {
    const contract = await newMasterContract(editor);
    refused(await editor.post('/api/contract/Create', amendmentBody(contract, { term })), 'term', MSG.countNumber);
  });

  it.each([0, -2])('refuses amendment number %s on create', async (amendmentNumber) => {
    const contract = await newMasterContract(editor);
    refused(await editor.post('/api/contract/Create', amendmentBody(contract, { amendmentNumber })), 'amendmentNumber', MSG.countNumber);
  });

  it('refuses an amendment number of five digits', async () => {
    const contract = await newMasterContract(editor);
    const r = await editor.post('/api/contract/Create', amendmentBody(contract, { amendmentNumber: 10000 }));
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors?.amendmentNumber).toBeTruthy();
  });

  it.each<[string, number]>([
    ['term', -5],
    ['term', 0],
    ['amendmentNumber', 0],
    ['amendmentNumber', -2],
  ])('refuses %s %s on update and changes nothing', async (field, value) => {
    const amendment = await newAmendment(editor);
    const r = await editor.put('/api/contract/Update', { ...amendment, [field]: value, version: amendment.version }, { id: amendment.objectId });
    refused(r, field, MSG.countNumber);
    const after = await ok<Amendment>(editor.get('/api/contract/Get', { id: amendment.objectId }));
    expect([after.term, after.amendmentNumber, after.endDate, after.version]).toEqual([amendment.term, amendment.amendmentNumber, amendment.endDate, amendment.version]);
  });
});

describe('account terms and tax exemption numbers', () => {
  let amendmentId: number;
  let territoryId: number;
  beforeAll(async () => {
    amendmentId = (await newAmendment(editor)).objectId;
    const territories = (await ok<{ data: { code: string; objectId: number }[] }>(editor.get('/api/reference/TerritoryGetList', { limit: 100 }))).data;
    territoryId = territories.find((t) => t.code === 'PSEG')!.objectId;
  });
  /** a valid account (as newAccount sends it), with `over` on top */
  const accountBody = (over: Record<string, unknown>) => ({
    contract: { objectId: amendmentId }, name: 'Refused account', type: 'Renewal', accountStatus: 'Enrolled', territory: { objectId: territoryId },
    ldcAccountNum: uniqueLdc(), serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12, contractRate: 0.1, ...over,
  });

  it.each([-5, 0])('refuses an account term of %s on create', async (term) => {
    const r = await editor.post('/api/account/Create', accountBody({ term }));
    refused(r, 'term', MSG.countNumber);
  });

  it('refuses a tax exemption number of -1234 on create', async () => {
    const r = await editor.post('/api/account/Create', accountBody({ taxExemption: 'Yes', taxExemptNum: '-1234' }));
    refused(r, 'taxExemptNum', MSG.digitsOnly);
  });

  it.each<[string, unknown, string]>([
    ['term', -5, MSG.countNumber],
    ['term', 0, MSG.countNumber],
    ['taxExemptNum', '-1234', MSG.digitsOnly],
    ['taxExemptNum', -1234, MSG.digitsOnly],
  ])('refuses %s %s on update and changes nothing', async (field, value, message) => {
    const { objectId } = await newAccount(editor, amendmentId);
    const before = await ok<Account>(editor.get('/api/account/Get', { id: objectId }));
    const r = await editor.put('/api/account/Update', { ...before, [field]: value, version: before.version }, { id: objectId });
    refused(r, field, message);
    const after = await ok<Account>(editor.get('/api/account/Get', { id: objectId }));
    expect(after).toEqual(before);
  });
});
