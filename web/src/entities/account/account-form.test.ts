import { describe, expect, it } from 'vitest';
import { accountShown, cloneAccountValues, newAccountValues, withFollowedDefaults } from './account-form';
import type { Account } from '@eb/shared/account/schemas';

const TODAY = '2026-11-26T00:00:00';

describe('the account form: defaults that follow what they derive from (issue 28)', () => {
  it("prefills a new account from its amendment: the requested start date, the term and the contract start that follows them", () => {
    const values = newAccountValues({ startDate: '2026-03-01T00:00:00', term: 24 }, TODAY);
    expect(values).toMatchObject({ requestedStartDate: '2026-03-01T00:00:00', term: '24', contractStartDate: '2026-03-01T00:00:00', taxExemptNum: '999999999' });
    // type New starts today, unless the user set another start
    expect(withFollowedDefaults(values, { ...values, type: 'New' }, true, TODAY).contractStartDate).toBe(TODAY);
    const typed = { ...values, contractStartDate: '2026-05-01T00:00:00' };
    expect(withFollowedDefaults(typed, { ...typed, type: 'New' }, true, TODAY).contractStartDate).toBe('2026-05-01T00:00:00');
  });

  it('lets the short name follow the name until the user sets it, on a clone too', () => {
    const start = newAccountValues(null, TODAY);
    const named = withFollowedDefaults(start, { ...start, name: 'Harborview Hotels - Main Building' }, true, TODAY);
    expect(named.shortName).toBe('Harborview Hotels - Main');
    const renamed = withFollowedDefaults(named, { ...named, name: 'Seaside Hotels' }, true, TODAY);
    expect(renamed.shortName).toBe('Seaside Hotels');
    const own = { ...renamed, shortName: 'SEASIDE' };
    expect(withFollowedDefaults(own, { ...own, name: 'Seaside Hotels Annex' }, true, TODAY).shortName).toBe('SEASIDE');
    const clone = cloneAccountValues({ name: 'Harborview Hotels - Main Building', shortName: 'Harborview Hotels - Main' } as unknown as Account);
    expect(withFollowedDefaults(clone, { ...clone, name: 'Harborview Annex' }, true, TODAY).shortName).toBe('Harborview Annex');
  });

  it('recomputes the read-only values as the user types: upload rate, totals, unique id, commission start, the agent names', () => {
    const values = { ...newAccountValues(null, TODAY), contractRate: '0.1', priceAdder: '0.002', commissionUnitNum: '0.002', commissionMasterUnit: '0.001', ldcAccountNum: 'PE000012345', flowDate: '2026-04-01T00:00:00' };
    const ctx = { account: null, referenceAmendment: 3, territory: { code: 'PSEG', name: 'PSE&G', taxRate: '0.06625' }, agent: { code: 'ACME', master: 'Northeast', subagent: null } };
    expect(accountShown(values, 'uploadRate', ctx)).toBe(0.09378664);
    expect(accountShown(values, 'totalBillRate', ctx)).toBe(0.102);
    expect(accountShown(values, 'totalCommission', ctx)).toBe(0.003);
    expect(accountShown(values, 'totalIndexRate', ctx)).toBe(0.002);
    expect(accountShown(values, 'uniqueId', ctx)).toBe('PSEG-PE000012345');
    expect(accountShown(values, 'commissionStartDate', ctx)).toBe('04/01/2026');
    expect(accountShown(values, 'distributor', ctx)).toBe('PSE&G');
    expect(accountShown(values, 'referenceAmendment', ctx)).toBe(3);
    expect([accountShown(values, 'agentMaster', ctx), accountShown(values, 'commissionAgentLabel', ctx), accountShown(values, 'agentSubagent', ctx)]).toEqual(['Northeast', 'ACME', null]);
    expect(accountShown({ ...values, contractRate: 'abc' }, 'uploadRate', ctx)).toBeNull();
  });
});
