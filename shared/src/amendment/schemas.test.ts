import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { AMENDMENT_REQUIRED_FIELDS, amendmentFieldsSchema, contractListBodySchema } from './schemas';

/** The amendment's rules (spec 2 section 5 "Amendment", section 9) as units. */
describe('amendment fields', () => {
  it("says 'Required' for each field Save needs", () => {
    // Act
    const r = amendmentFieldsSchema.safeParse({});
    // Assess
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    for (const f of AMENDMENT_REQUIRED_FIELDS) expect(messages[f], f).toBe(MSG.required);
  });

  it('reads numeric text as numbers and defaults isSpr to true', () => {
    const r = amendmentFieldsSchema.safeParse({
      amendmentNumber: '12', term: '24', fixedCommodityAmount: '1234.5', uuTolPct: '', type: 'New', contractStatus: 'Draft', receivedDate: '2026-01-01T00:00:00',
      agreementDate: '2026-01-01T00:00:00', startDate: '2026-01-01T00:00:00', unitOfMeasure: 'KWH', autoRenewalType: 'No Auto Renewal', rewards: true,
    });
    expect(r.error?.issues).toBeUndefined();
    expect(r.data).toMatchObject({ amendmentNumber: 12, term: 24, fixedCommodityAmount: 1234.5, uuTolPct: null, isSpr: true });
  });
});

describe('contract filter', () => {
  it("takes the spec's names, spelling included, and refuses a bad date", () => {
    const ok = contractListBodySchema.safeParse({
      amendmentRecievedPeriod: { fromDate: '2026-01-01T00:00:00', toDate: null },
      isContractIdExactMatch: true,
      contractRefs: [{ objectId: 3 }],
      fullTextSearch: false,
      contractId: '1001',
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.contractId).toBe(1001);
    expect(contractListBodySchema.safeParse({ agreementDatePeriod: { fromDate: 'yesterday' } }).success).toBe(false);
  });
});
