import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  alphanumericRule,
  checkRules,
  decimalLengthRule,
  decimalRule,
  emailRule,
  integerRule,
  lengthRule,
  maxLengthRule,
  refineWith,
  requiredRule,
  requiredRuleTextSchema,
  ruleTextSchema,
  transferDateRule,
  upperAlphanumericRule,
} from './field-rules';

/** The spec's shared helper rules (spec 1 section 5, spec 2 section 5), texts verbatim. */
const EMPTY = [undefined, null, '', '   '];

describe('required rule', () => {
  it.each(EMPTY)('calls %j Required', (v) => expect(requiredRule(v)).toBe('Required'));
  it.each(['x', ' x ', 0, false])('accepts %j', (v) => expect(requiredRule(v)).toBeNull());
});

describe('integer rule', () => {
  it.each([...EMPTY, '0', '42', '-7', '007', ' 12 ', 12, -3, '999999999'])('accepts %j', (v) => expect(integerRule(v)).toBeNull());
  it.each(['1.5', '1,000', '+3', '-', '12a', '1 2', 1.5, Number.NaN, Infinity, true, {}])('refuses %j with the spec text', (v) =>
    expect(integerRule(v)).toBe('Field should be integer number'),
  );
});

describe('alphanumeric rule (with dashes)', () => {
  it.each([...EMPTY, 'ABC-123', 'abc', '0012-99-x', '-', 123])('accepts %j', (v) => expect(alphanumericRule(v)).toBeNull());
  it.each(['AB 12', 'AB_12', 'AB.12', 'AB/12', 'ÄB12'])('refuses %j with the spec text', (v) =>
    expect(alphanumericRule(v)).toBe('Field should be alphanumeric'),
  );
});

describe('upper-case letters and digits rule', () => {
  it.each([...EMPTY, 'ABC123', 'PSEG', '0042', 7])('accepts %j', (v) => expect(upperAlphanumericRule(v)).toBeNull());
  it.each(['Abc123', 'abc', 'AB-12', 'AB 12', 'ÉCOLE'])('refuses %j with the spec text', (v) =>
    expect(upperAlphanumericRule(v)).toBe('Field should contain numbers and letters in upper case only'),
  );
});

describe('length rules', () => {
  it('counts at most N characters', () => {
    expect(maxLengthRule(5)('abcde')).toBeNull();
    expect(maxLengthRule(5)('')).toBeNull();
    expect(maxLengthRule(5)(' abcde ')).toBeNull(); // read trimmed
    expect(maxLengthRule(5)('abcdef')).toBe('Field should contain 5 or less characters');
    expect(maxLengthRule(3)(1234)).toBe('Field should contain 3 or less characters');
  });
  it('counts K to N characters', () => {
    expect(lengthRule(2, 4)('ab')).toBeNull();
    expect(lengthRule(2, 4)('abcd')).toBeNull();
    expect(lengthRule(2, 4)(null)).toBeNull();
    expect(lengthRule(2, 4)('a')).toBe('Field should contain 2 or more and 4 or less characters');
    expect(lengthRule(2, 4)('abcde')).toBe('Field should contain 2 or more and 4 or less characters');
  });
  it('gives the max-only text when K is 0', () => {
    expect(lengthRule(0, 4)('abcde')).toBe('Field should contain 4 or less characters');
  });
  it('ignores dots and commas in the decimal-length variant', () => {
    expect(decimalLengthRule(5)('1,234.5')).toBeNull();
    expect(decimalLengthRule(5)('12,345.6')).toBe('Field should contain 5 or less characters');
    expect(decimalLengthRule(13)('12345.12345678')).toBeNull();
    expect(decimalLengthRule(13)('123456.12345678')).toBe('Field should contain 13 or less characters');
    expect(decimalLengthRule(5, 2)('1.,')).toBe('Field should contain 2 or more and 5 or less characters');
  });
});

describe('decimal rule', () => {
  const rule = decimalRule(3, 1);
  const text = 'Field should be decimal number with 3 or less integers and 1 or less decimals';
  it.each([...EMPTY, '0', '100', '99.5', '-12.5', '007.5', '000', 12.5, -999])('accepts %j', (v) => expect(rule(v)).toBeNull());
  it.each(['1000', '1.25', 'abc', '1,234.5', '1.', '.5', '1e2', 1000.5, Number.NaN, true])('refuses %j with the spec text', (v) =>
    expect(rule(v)).toBe(text),
  );
  it('reads the bounds into the text', () => {
    expect(decimalRule(7, 8)('12345678')).toBe('Field should be decimal number with 7 or less integers and 8 or less decimals');
  });
});

describe('email rule', () => {
  it.each([...EMPTY, 'a@b.co', ' first.last+tag@sub.example.com '])('accepts %j', (v) => expect(emailRule(v)).toBeNull());
  it.each(['plain', 'a@b', '@b.co', 'a b@c.co', 5])('refuses %j with the spec text', (v) => expect(emailRule(v)).toBe('Incorrect email format'));
});

describe('date rule', () => {
  it('accepts real transfer dates and refuses others', () => {
    expect(transferDateRule('2024-02-29T00:00:00')).toBeNull();
    expect(transferDateRule('2023-02-29T00:00:00')).toBe('Invalid date');
    expect(transferDateRule('02/28/2023')).toBe('Invalid date');
  });
});

describe('rules together', () => {
  it('gives the first broken rule in the order given', () => {
    expect(checkRules('12a456789012', integerRule, maxLengthRule(10))).toBe('Field should be integer number');
    expect(checkRules('123456789012', integerRule, maxLengthRule(10))).toBe('Field should contain 10 or less characters');
    expect(checkRules('', requiredRule, integerRule)).toBe('Required');
    expect(checkRules('1234', requiredRule, integerRule, maxLengthRule(10))).toBeNull();
  });
  it('works as a zod refinement', () => {
    const schema = z.string().superRefine(refineWith(alphanumericRule, maxLengthRule(30)));
    expect(schema.safeParse('AB-12').success).toBe(true);
    expect(schema.safeParse('AB 12').error?.issues[0]?.message).toBe('Field should be alphanumeric');
  });
  it('builds optional and required text schemas', () => {
    const taxExemptNum = ruleTextSchema(integerRule, maxLengthRule(10));
    expect(taxExemptNum.parse('')).toBeNull();
    expect(taxExemptNum.parse(' 0099 ')).toBe('0099');
    expect(taxExemptNum.parse(42)).toBe('42');
    expect(taxExemptNum.safeParse('12345678901').error?.issues[0]?.message).toBe('Field should contain 10 or less characters');
    const ldc = requiredRuleTextSchema(alphanumericRule, maxLengthRule(30));
    expect(ldc.safeParse('  ').error?.issues[0]?.message).toBe('Required');
    expect(ldc.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
    expect(ldc.parse(' 12-AB ')).toBe('12-AB');
  });
});
