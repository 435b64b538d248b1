import { describe, expect, it } from 'vitest';
import { MSG, decimalNumberMessage, maxLengthMessage } from '../messages';
import { termsOverlap } from './ldc-formats';
import { accountDefaults, accountFieldsSchema, rceOf, uploadRateOf } from './schemas';

const valid = {
  name: 'Harborview Hotels - Main Building',
  type: 'New',
  accountStatus: 'Pending',
  territory: { objectId: 3 },
  ldcAccountNum: 'PE-0001234567',
  serviceClass: 'GS',
  revenueClass: 'Small Commercial',
  taxExemption: 'No',
  taxExemptNum: '999999999',
  requestedStartDate: '2026-03-01T00:00:00',
  contractStartDate: '2026-03-01T00:00:00',
  contractEndDate: '2027-02-28T00:00:00',
  term: 12,
};

describe('account rules', () => {
  it('fills the short name, the tax-exempt number, the start and the end date of a new account', () => {
    // Act
    const filled = accountDefaults({ name: 'A very long account name of a hotel', shortName: 'x', type: 'New', term: 12, requestedStartDate: '2026-05-01T00:00:00' }, true, '2026-11-24T00:00:00');
    const renewal = accountDefaults({ name: 'B', type: 'Renewal', term: 24, requestedStartDate: '2026-05-31T00:00:00' }, true, '2026-11-24T00:00:00');
    const kept = accountDefaults({ name: 'C', shortName: 'Kept', taxExemptNum: '12', contractStartDate: '2026-01-31T00:00:00', term: 1 }, false, '2026-11-24T00:00:00');
    // Assess
    expect(filled).toMatchObject({ shortName: 'A very long account name ', taxExemptNum: '999999999', contractStartDate: '2026-11-24T00:00:00', contractEndDate: '2027-11-23T00:00:00' });
    expect(renewal).toMatchObject({ contractStartDate: '2026-05-31T00:00:00', contractEndDate: '2028-05-30T00:00:00' });
    expect(kept).toMatchObject({ shortName: 'Kept', taxExemptNum: '12', contractEndDate: '2026-02-27T00:00:00' });
  });

  it('divides the contract rate by one plus the territory tax rate to 8 decimals, and refuses a tax rate that is not a number', () => {
    expect(uploadRateOf(0.1, '0.06625')).toBe(0.09378664);
    expect(uploadRateOf(0.1, '')).toBe(0.1);
    expect(uploadRateOf(0.1, 'six percent')).toBeNull();
    expect(uploadRateOf(null, '0.07')).toBeNull();
  });

  it('checks every required field and the digit and length rules with their texts', () => {
    // Act
    const empty = accountFieldsSchema.safeParse({});
    const bad = accountFieldsSchema.safeParse({
      ...valid,
      ldcAccountNum: 'PE 123!',
      taxExemptNum: '12a',
      programCode: '123456',
      taxExemptPercent: '12.55',
      contractRate: '12345678.1',
      annualUsage: '1234567890',
      shortName: 'x'.repeat(26),
    });
    // Assess
    const fields = (r: typeof empty) => Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(fields(empty)).toMatchObject({
      name: MSG.required, type: MSG.required, ldcAccountNum: MSG.required, taxExemption: MSG.required, taxExemptNum: MSG.required, serviceClass: MSG.required,
      revenueClass: MSG.required, requestedStartDate: MSG.required, contractStartDate: MSG.required, contractEndDate: MSG.required, term: MSG.required,
      accountStatus: MSG.required, territory: MSG.required,
    });
    expect(fields(bad)).toEqual({
      ldcAccountNum: MSG.alphanumeric,
      taxExemptNum: MSG.integerNumber,
      programCode: maxLengthMessage(5),
      taxExemptPercent: decimalNumberMessage(3, 1),
      contractRate: decimalNumberMessage(7, 8),
      annualUsage: decimalNumberMessage(9, 6),
      shortName: maxLengthMessage(25),
    });
    expect(accountFieldsSchema.safeParse(valid).success).toBe(true);
  });
});

describe('residential customer equivalents', () => {
  it('divides the annual usage, in kWh or therms by its unit, by one residential year of its commodity', () => {
    expect(rceOf(250_000, 'KWH', 'Electric')).toBe(25);
    expect(rceOf(250, 'MWH', 'Electric')).toBe(25);
    expect(rceOf(5_000, 'THERM', 'Gas')).toBe(5);
    expect(rceOf(500, 'DTH', 'Gas')).toBe(5);
    expect(rceOf(1_000, 'MCF', 'Gas')).toBe(10.37);
    expect(rceOf(1_000, 'THERM', 'Electric')).toBeNull();
    expect(rceOf(null, 'KWH', 'Electric')).toBeNull();
  });
});

describe('termsOverlap', () => {
  it('holds for terms sharing a day, an open end running on, and not for terms one day apart', () => {
    // Assess
    expect(termsOverlap(['2026-01-01T00:00:00', '2026-12-31T00:00:00'], ['2026-12-31T00:00:00', '2027-12-31T00:00:00'])).toBe(true);
    expect(termsOverlap(['2026-01-01T00:00:00', '2026-12-31T00:00:00'], ['2027-01-01T00:00:00', '2027-12-31T00:00:00'])).toBe(false);
    expect(termsOverlap(['2026-01-01T00:00:00', null], ['2030-01-01T00:00:00', '2030-12-31T00:00:00'])).toBe(true);
    expect(termsOverlap([null, '2025-12-31T00:00:00'], ['2026-01-01T00:00:00', undefined])).toBe(false);
  });
});
