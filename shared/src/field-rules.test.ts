import { describe, expect, it } from 'vitest';
import { isBoundedDecimal, isTransferDate, optionalDecimal, optionalEmail, optionalText, requiredText } from './field-rules';
import { decimalNumberMessage, maxLengthMessage, MSG } from './messages';
import { pageQuerySchema } from './page-query';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('field rule messages (spec 2 section 5)', () => {
  it('reads verbatim', () => {
    expect(maxLengthMessage(50)).toBe('Field should contain 50 or less characters');
    expect(decimalNumberMessage(7, 8)).toBe('Field should be decimal number with 7 or less integers and 8 or less decimals');
    expect(MSG.incorrectEmailFormat).toBe('Incorrect email format');
    expect(MSG.allChangesSavedShort).toBe('All changes saved');
  });
});

describe('text rules', () => {
  it('trims required text and calls empty text Required', () => {
    expect(requiredText(5).parse('  ab ')).toBe('ab');
    expect(firstMessage(requiredText(5).safeParse('   '))).toBe(MSG.required);
    expect(firstMessage(requiredText(5).safeParse(undefined))).toBe(MSG.required);
    expect(firstMessage(requiredText(5).safeParse('abcdef'))).toBe(maxLengthMessage(5));
  });
  it('stores empty optional text as null', () => {
    expect(optionalText(5).parse('')).toBeNull();
    expect(optionalText(5).parse(undefined)).toBeNull();
    expect(optionalText(5).parse(' x ')).toBe('x');
    expect(firstMessage(optionalText(5).safeParse('abcdef'))).toBe(maxLengthMessage(5));
  });
  it('checks an email only when one is given', () => {
    expect(optionalEmail(200).parse('')).toBeNull();
    expect(optionalEmail(200).parse(' a@b.co ')).toBe('a@b.co');
    expect(firstMessage(optionalEmail(200).safeParse('a@b'))).toBe(MSG.incorrectEmailFormat);
    expect(firstMessage(optionalEmail(200).safeParse(`${'x'.repeat(195)}@b.com`))).toBe(maxLengthMessage(200));
  });
});

describe('decimal rule', () => {
  it.each([0, '0', 1234567, '1234567.12345678', -2.5, 0.0015, '007.5'])('accepts %j', (v) => expect(isBoundedDecimal(v, 7, 8)).toBe(true));
  it.each([12345678, '1.123456789', 'abc', '1e5', '', '1.', Infinity, Number.NaN, 1e-9])('refuses %j', (v) =>
    expect(isBoundedDecimal(v, 7, 8)).toBe(false),
  );
  it('stores numeric text as a number and empty as null', () => {
    expect(optionalDecimal(7, 8).parse('0.25')).toBe(0.25);
    expect(optionalDecimal(7, 8).parse('')).toBeNull();
    expect(firstMessage(optionalDecimal(7, 8).safeParse('x'))).toBe(decimalNumberMessage(7, 8));
  });
});

describe('transfer date rule', () => {
  it.each(['2024-02-29T00:00:00', '2000-02-29T23:59:59', '1999-12-31T00:00:00'])('accepts %s', (d) => expect(isTransferDate(d)).toBe(true));
  it.each(['2023-02-29T00:00:00', '1900-02-29T00:00:00', '2024-13-01T00:00:00', '2024-04-31T00:00:00', '2024-01-01', '01/02/2024', '2024-01-01T24:00:00'])(
    'refuses %s',
    (d) => expect(isTransferDate(d)).toBe(false),
  );
});

describe('page parameters', () => {
  it('accepts the API forms', () => {
    expect(pageQuerySchema.safeParse({ limit: '100', skip: '200', orderBy: 'code Descending', getTotalCount: 'true' }).success).toBe(true);
    expect(pageQuerySchema.safeParse({}).success).toBe(true);
  });
  it.each([{ limit: '-1' }, { limit: '1001' }, { skip: 'x' }, { orderBy: 'code; drop' }, { orderBy: 'code Up' }, { getTotalCount: 'yes' }])('refuses %j', (q) =>
    expect(pageQuerySchema.safeParse(q).success).toBe(false),
  );
});
