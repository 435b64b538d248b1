import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { optionalReferenceCode, requiredReferenceCode } from '../field-rules';
import { referenceName, toReferenceCode } from './codes';

describe('reference values travel as codes', () => {
  it('keeps a code and turns an objectId into its code', () => {
    expect(toReferenceCode('userTypes', 'superAdmin')).toBe('superAdmin');
    expect(toReferenceCode('userTypes', 2)).toBe('superAdmin');
    expect(toReferenceCode('businessEntityCompanyTypes', 1)).toBe('Corporation');
    expect(toReferenceCode('states', ' NJ ')).toBe('NJ');
    expect(toReferenceCode('yesNo', 0)).toBe('false');
  });

  it('reads empty as null and an unknown value as undefined', () => {
    expect([undefined, null, '', '  '].map((v) => toReferenceCode('userTypes', v))).toEqual([null, null, null, null]);
    expect(toReferenceCode('userTypes', 9)).toBeUndefined();
    expect(toReferenceCode('userTypes', 'root')).toBeUndefined();
    // text is always a code: a numeric text is not read as an objectId
    expect(toReferenceCode('businessEntityTypes', '1')).toBeUndefined();
    expect(toReferenceCode('billMethods', '3')).toBe('3');
  });

  it('names a value by its code or its objectId', () => {
    expect(referenceName('businessEntityTypes', 'Industrial')).toBe('Industrial');
    expect(referenceName('userTypes', 'viewOnly')).toBe('View Only');
    expect(referenceName('userTypes', 3)).toBe('View Only');
    expect(referenceName('userTypes', null)).toBeNull();
  });

  it("labels the user types by spec 1's role names: admin is 'Common', superAdmin is 'Admin'", () => {
    expect(['admin', 'superAdmin', 'viewOnly', 'agent'].map((t) => referenceName('userTypes', t))).toEqual(['Common', 'Admin', 'View Only', 'Agent']);
  });

  it('refuses a set that does not exist', () => {
    expect(() => toReferenceCode('noSuchSet', 'x')).toThrow(/noSuchSet/);
  });
});

describe('reference-code schemas', () => {
  const required = requiredReferenceCode('agentTypes');
  const optional = optionalReferenceCode('agentTypes');

  it('normalise an objectId to the code', () => {
    expect(required.parse(1)).toBe('master');
    expect(required.parse('subagent')).toBe('subagent');
    expect(optional.parse(3)).toBe('subagent');
  });

  it('call an empty required value Required and an unknown one not in the list', () => {
    expect(required.safeParse('').error?.issues[0]?.message).toBe(MSG.required);
    expect(required.safeParse(undefined).error?.issues[0]?.message).toBe(MSG.required);
    expect(required.safeParse('boss').error?.issues[0]?.message).toBe(MSG.invalidOption);
    expect(required.safeParse(7).error?.issues[0]?.message).toBe(MSG.invalidOption);
  });

  it('read an empty optional value as null and refuse an unknown one', () => {
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.safeParse(0).error?.issues[0]?.message).toBe(MSG.invalidOption);
    expect(optional.safeParse(true).error?.issues[0]?.message).toBe(MSG.invalidOption);
  });

  it('take the text for an unknown value from the caller', () => {
    expect(requiredReferenceCode('userTypes', { invalid: MSG.required }).safeParse(5).error?.issues[0]?.message).toBe(MSG.required);
  });
});
