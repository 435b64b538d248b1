import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { AMENDMENT_REQUIRED_FIELDS, amendmentEndDate, amendmentFieldsSchema, contractListBodySchema } from './schemas';

/** The amendment's rules (spec 2 section 5 "Amendment", section 9) as units. */
describe('amendment end date', () => {
  it.each([
    ['2026-02-01T00:00:00', 12, '2027-01-31T00:00:00'],
    ['2026-01-15T00:00:00', 1, '2026-02-14T00:00:00'],
    ['2026-01-31T00:00:00', 1, '2026-02-27T00:00:00'],
    ['2024-03-01T00:00:00', 36, '2027-02-28T00:00:00'],
  ])('is the start %s plus %i months minus one day: %s', (start, term, end) => {
    expect(amendmentEndDate(start, term)).toBe(end);
  });

  it('is empty without a start date or a positive term', () => {
    expect(amendmentEndDate(null, 12)).toBeNull();
    expect(amendmentEndDate('2026-02-01T00:00:00', null)).toBeNull();
    expect(amendmentEndDate('2026-02-01T00:00:00', 0)).toBeNull();
  });
});

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
