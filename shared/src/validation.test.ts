import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { mayAccess } from './roles';
import { matchRoute, routePath, ROUTES } from './routes';
import { loginBodySchema, setPasswordBodySchema } from './users/schemas';
import { formatDisplayDate, formatDisplayDateTime, formatDisplayTime, isValidEmail, isValidName, isValidPassword, parseInputDate, toTransferDate } from './formats';

describe('email rule', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.com', '  padded@example.com  '])('accepts %s', (e) => {
    expect(isValidEmail(e)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', '@b.co', 'a b@c.co', `${'x'.repeat(195)}@b.com`])('refuses %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
  it('gives the login text for a bad email', () => {
    const r = loginBodySchema.safeParse({ email: 'nope', password: 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Invalid email. Please try again');
  });
});

describe('password rule', () => {
  it.each(['Abcdef1!', 'Str0ng#Pass', 'xY9(abcd'])('accepts %s', (p) => expect(isValidPassword(p)).toBe(true));
  it.each(['Abcde1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Abc def1!', 'Abcdef1~'])('refuses %s', (p) =>
    expect(isValidPassword(p)).toBe(false),
  );
  it('carries the spec text verbatim', () => {
    const r = setPasswordBodySchema.safeParse({ newPassword: 'weak', key: 'k' });
    expect(r.error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters, include at least 1 lower case and 1 upper case letter, 1 number and special character',
    );
  });
});

describe('name rule', () => {
  it('accepts letters, digits, underscore, hyphen and spaces up to 100', () => {
    expect(isValidName('Mary-Jane O_Neil 3')).toBe(true);
    expect(isValidName('x'.repeat(100))).toBe(true);
  });
  it('refuses empty, too long and other characters', () => {
    expect(isValidName('')).toBe(false);
    expect(isValidName('x'.repeat(101))).toBe(false);
    expect(isValidName("O'Neil")).toBe(false);
    expect(MSG.nameRule).toBe('100 characters max, alphanumeric');
  });
});

describe('date input m/d/Y', () => {
  it('parses real dates, leap days included', () => {
    expect(parseInputDate('2/29/2024')).toBe('2024-02-29T00:00:00');
    expect(parseInputDate('12/31/1999')).toBe('1999-12-31T00:00:00');
  });
  it('refuses impossible dates', () => {
    expect(parseInputDate('2/29/2023')).toBeNull();
    expect(parseInputDate('2/29/1900')).toBeNull();
    expect(parseInputDate('13/1/2020')).toBeNull();
    expect(parseInputDate('4/31/2020')).toBeNull();
    expect(parseInputDate('2020-01-01')).toBeNull();
  });
  it('formats transfer dates as MM/dd/yyyy and writes local time', () => {
    expect(formatDisplayDate('2026-03-07T10:11:12')).toBe('03/07/2026');
    expect(toTransferDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02T03:04:05');
  });
  it('formats a transfer time as MM/dd/yyyy HH:mm:ss (an upload date and time)', () => {
    expect(formatDisplayDateTime('2026-03-07T10:11:12')).toBe('03/07/2026 10:11:12');
    expect([formatDisplayDateTime(null), formatDisplayDateTime('')]).toEqual(['', '']);
  });
  it('formats the time of a transfer string as HH:mm:ss (a moment of today)', () => {
    expect(formatDisplayTime('2026-03-07T10:11:12')).toBe('10:11:12');
    expect([formatDisplayTime(null), formatDisplayTime(''), formatDisplayTime('2026-03-07')]).toEqual(['', '', '']);
  });
});

describe('route table', () => {
  it('matches actions case-insensitively, per method', () => {
    expect(matchRoute('POST', '/api/USERS/LOGIN')?.action).toBe('login');
    expect(matchRoute('GET', '/api/reference/getreferences')?.resource).toBe('reference');
    expect(matchRoute('GET', '/api/users/login')).toBeUndefined();
  });
  it('has one entry per method and path', () => {
    const seen = new Set(ROUTES.map((r) => `${r.method} ${routePath(r).toLowerCase()}`));
    expect(seen.size).toBe(ROUTES.length);
  });
  it('maps the admin gate to the superAdmin user type and keeps agents out of staff routes', () => {
    expect(mayAccess('admin', 'superAdmin')).toBe(true);
    expect(mayAccess('admin', 'admin')).toBe(false);
    expect(mayAccess('nonAgent', 'agent')).toBe(false);
    expect(mayAccess('editor', 'viewOnly')).toBe(false);
    expect(mayAccess('signedIn', undefined)).toBe(false);
  });
});
