import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { createUserBodySchema, updateUserBodySchema, userListBodySchema } from './schemas';

const PASSWORD = 'Str0ng!pass';
const valid = {
  firstName: 'Jane',
  lastName: 'Doe-Smith',
  email: '  Jane.Doe@Example.com ',
  type: 3,
  agentCode: ' AG-1 ',
  password: PASSWORD,
  confirmPassword: PASSWORD,
};

/** The first message of each invalid field. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('the user form rules (shared by the popup and users/Create, users/Update)', () => {
  it('accepts a valid new user, trimmed, active by default, with an empty identifier as none', () => {
    const r = createUserBodySchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ email: 'Jane.Doe@Example.com', agentCode: 'AG-1', isActive: true });
    expect(createUserBodySchema.parse({ ...valid, agentCode: '' }).agentCode).toBeNull();
  });

  it('reads the role as its user-type code, from a code or the reference id', () => {
    expect(createUserBodySchema.parse({ ...valid, type: 'viewOnly' }).type).toBe('viewOnly');
    expect(createUserBodySchema.parse({ ...valid, type: 3 }).type).toBe('viewOnly');
    expect(messages(createUserBodySchema.safeParse({ ...valid, type: 'root' })).type).toBe(MSG.required);
  });

  it.each([
    ['firstName', { firstName: '' }, MSG.nameRule],
    ['firstName', { firstName: '  ' }, MSG.nameRule],
    ['lastName', { lastName: 'Doe!' }, MSG.nameRule],
    ['lastName', { lastName: 'x'.repeat(101) }, MSG.nameRule],
    ['email', { email: 'jane@' }, MSG.invalidEmail],
    ['email', { email: `${'a'.repeat(190)}@example.com` }, MSG.invalidEmail],
    ['type', { type: null }, MSG.required],
    ['type', { type: 5 }, MSG.required],
    ['agentCode', { agentCode: 'x'.repeat(31) }, MSG.identifierRule],
    ['password', { password: 'short1!A'.slice(0, 7), confirmPassword: 'short1!A'.slice(0, 7) }, MSG.passwordRule],
    ['password', { password: 'no special 1A', confirmPassword: 'no special 1A' }, MSG.passwordRule],
    ['password', { password: '', confirmPassword: '' }, MSG.passwordRule],
    ['confirmPassword', { confirmPassword: 'Other!pass1' }, MSG.passwordMismatch],
  ])('refuses a bad %s on create with its message (%j)', (field, change, message) => {
    expect(messages(createUserBodySchema.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });

  it('reports the password messages even while other fields are missing', () => {
    const m = messages(createUserBodySchema.safeParse({ firstName: '', type: null, password: 'weak', confirmPassword: 'weak!' }));
    expect(m).toMatchObject({ firstName: MSG.nameRule, type: MSG.required, password: MSG.passwordRule, confirmPassword: MSG.passwordMismatch });
  });

  it('keeps the password on update when none is typed, but checks one that is', () => {
    const base = { ...valid, isActive: false, version: 3, password: '', confirmPassword: '' };
    expect(updateUserBodySchema.safeParse(base).success).toBe(true);
    expect(updateUserBodySchema.safeParse({ ...base, password: undefined, confirmPassword: undefined }).success).toBe(true);
    expect(messages(updateUserBodySchema.safeParse({ ...base, password: PASSWORD }))).toEqual({ confirmPassword: MSG.passwordMismatch });
    expect(messages(updateUserBodySchema.safeParse({ ...base, password: 'weak', confirmPassword: 'weak' }))).toEqual({ password: MSG.passwordRule });
    expect(messages(updateUserBodySchema.safeParse({ ...base, version: undefined }))).toHaveProperty('version');
  });

  it('refuses bodies that are not objects without throwing', () => {
    for (const body of [null, [], 'text', 5]) {
      expect(createUserBodySchema.safeParse(body).success).toBe(false);
      expect(updateUserBodySchema.safeParse(body).success).toBe(false);
    }
  });

  it('takes a list filter of email text and status (null: all)', () => {
    expect(userListBodySchema.parse({ email: 'jane', isActive: null })).toEqual({ email: 'jane', isActive: null });
    expect(userListBodySchema.parse({})).toEqual({});
    expect(userListBodySchema.safeParse({ isActive: 'yes' }).success).toBe(false);
  });
});
