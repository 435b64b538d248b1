import { describe, expect, it } from 'vitest';
import { maxLengthMessage, MSG } from '../messages';
import { territoryErrors, territoryFieldsSchema, territoryReady, territoryUpdateBodySchema } from './territory';

const valid = { code: 'PSEG', name: 'PSE&G', state: 'NJ', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.06625' };

describe('territory rules (spec 1 sections 4 and 5)', () => {
  it('accepts a complete territory, trimming text and storing an empty tax rate as null', () => {
    expect(territoryFieldsSchema.parse({ ...valid, code: ' PSEG ', taxRate: '' })).toEqual({ ...valid, taxRate: null });
  });
  it('needs code, name and billMethodId, at most 50 characters', () => {
    expect(territoryErrors({ ...valid, code: '', name: ' ', billMethodId: '' })).toEqual({ code: MSG.required, name: MSG.required, billMethodId: MSG.required });
    expect(territoryErrors({ ...valid, code: 'x'.repeat(51), taxRate: 'x'.repeat(51) })).toEqual({ code: maxLengthMessage(50), taxRate: maxLengthMessage(50) });
    expect(territoryErrors({ ...valid, code: 'x'.repeat(50) })).toEqual({});
  });
  it('needs state, commodity and measure unit chosen from their lists, and a bill method 1 to 5', () => {
    expect(territoryErrors({ ...valid, state: null, commodity: undefined, measureUnit: '' })).toEqual({ state: MSG.required, commodity: MSG.required, measureUnit: MSG.required });
    expect(territoryErrors({ ...valid, state: 'XX', commodity: 'Steam', measureUnit: 'BTU', billMethodId: '6' })).toEqual({
      state: MSG.invalidOption, commodity: MSG.invalidOption, measureUnit: MSG.invalidOption, billMethodId: MSG.invalidOption,
    });
  });
  it('enables Save only when the six fields are set', () => {
    expect(territoryReady(valid)).toBe(true);
    for (const f of ['code', 'name', 'state', 'commodity', 'measureUnit', 'billMethodId'] as const) expect(territoryReady({ ...valid, [f]: ' ' }), f).toBe(false);
    expect(territoryReady({ ...valid, taxRate: null })).toBe(true);
  });
  it('needs the version read for an update', () => {
    expect(territoryUpdateBodySchema.safeParse(valid).success).toBe(false);
    expect(territoryUpdateBodySchema.safeParse({ ...valid, version: 2 }).success).toBe(true);
  });
});
