import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  businessEntityCreateBodySchema,
  businessEntityListBodySchema,
  businessEntityUpdateBodySchema,
  type BusinessEntityCreateBody,
  type BusinessEntityListBody,
  type BusinessEntityUpdateBody,
} from './schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('business entity create rule', () => {
  it('accepts a Legal Name alone: trimmed, active, company type and type empty', () => {
    const body: BusinessEntityCreateBody = { legalName: '  Acme Holdings ' };
    expect(businessEntityCreateBodySchema.parse(body)).toEqual({ legalName: 'Acme Holdings', companyType: null, type: null, isActive: true });
  });

  it('accepts a Legal Name of exactly 40 characters and refuses 41 with the spec text', () => {
    expect(businessEntityCreateBodySchema.safeParse({ legalName: 'x'.repeat(40) }).success).toBe(true);
    const r = businessEntityCreateBodySchema.safeParse({ legalName: 'x'.repeat(41) });
    expect(firstMessage(r, 'legalName')).toBe('Field should contain 40 or less characters');
  });

  it.each([[''], ['   '], [undefined], [null]])('needs a Legal Name (%j): Required', (legalName) => {
    expect(firstMessage(businessEntityCreateBodySchema.safeParse({ legalName }), 'legalName')).toBe(MSG.required);
  });

  it.each([[1001, 1001], ['1001', 1001], [null, undefined]])('reads businessEntityId %j as %j', (input, expected) => {
    expect(businessEntityCreateBodySchema.parse({ legalName: 'A', businessEntityId: input }).businessEntityId).toBe(expected);
  });

  it.each([[1.5], ['1.5'], ['abc'], [0], [-3], [true], [2 ** 31]])('refuses businessEntityId %j with the integer text', (v) => {
    expect(firstMessage(businessEntityCreateBodySchema.safeParse({ legalName: 'A', businessEntityId: v }), 'businessEntityId')).toBe(
      'Invalid Data Type - Enter as Integer.',
    );
  });

  it('keeps company type and type as codes and reads an objectId of the set as its code', () => {
    const body: BusinessEntityCreateBody = { legalName: 'A', companyType: 'LLC', type: 'Industrial' };
    expect(businessEntityCreateBodySchema.parse(body)).toMatchObject({ companyType: 'LLC', type: 'Industrial' });
    expect(businessEntityCreateBodySchema.parse({ legalName: 'A', companyType: 2, type: 2 })).toMatchObject({ companyType: 'LLC', type: 'Industrial' });
  });

  it('refuses a company type or a type outside the reference sets', () => {
    const r = businessEntityCreateBodySchema.safeParse({ legalName: 'A', companyType: 99, type: 0 });
    expect(firstMessage(r, 'companyType')).toBe(MSG.invalidOption);
    expect(firstMessage(r, 'type')).toBe(MSG.invalidOption);
  });
});

describe('business entity update rule', () => {
  it('needs the version, and keeps isActive out when it is not sent', () => {
    const body: BusinessEntityUpdateBody = { legalName: 'A', version: 2 };
    expect(businessEntityUpdateBodySchema.parse(body)).toEqual({ legalName: 'A', companyType: null, type: null, version: 2 });
    expect(businessEntityUpdateBodySchema.safeParse({ legalName: 'A' }).success).toBe(false);
  });
});

describe('business entity search body', () => {
  it('drops empty filters and reads the status in any case', () => {
    const body: BusinessEntityListBody = { keyword: '', companyType: null, type: 'Industrial', status: 'active' };
    expect(businessEntityListBodySchema.parse(body)).toEqual({ type: 'Industrial', status: 'active' });
    // an objectId of the set (the old convention) is read as its code
    expect(businessEntityListBodySchema.parse({ type: 2 })).toEqual({ type: 'Industrial' });
    expect(businessEntityListBodySchema.parse({ status: 'Inactive' })).toEqual({ status: 'inactive' });
  });

  it('refuses an unknown status', () => {
    expect(firstMessage(businessEntityListBodySchema.safeParse({ status: 'gone' }), 'status')).toBe(MSG.invalidOption);
  });
});
