import { describe, expect, it } from 'vitest';
import { MSG, maxLengthMessage } from '../messages';
import {
  addressFieldsSchema,
  contactCreateBodySchema,
  contactUpdateBodySchema,
  formatAddress,
  statusOfRef,
  subRecordDeleteBodySchema,
} from './schemas';

const address = { addressType: 'Service', addressLine: '1 Main St', county: 'Essex', city: 'Newark', state: 'NJ', zipCode: '07102', zipAppendix: null, supplyZone: null };
const create = { firstName: 'Pat', lastName: 'Lee', address, phone: { phoneNumber: '2015550100', type: 'Work' } };
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]).reverse());

describe('contact creation rules', () => {
  it('accepts the minimal contact: names, an address, a phone; email and other fields empty become null', () => {
    const r = contactCreateBodySchema.parse({ ...create, middleName: ' ', email: { emailAddress: '', type: 'Work' } });
    expect(r).toMatchObject({ middleName: null, suffix: null, identifier: null, role: null, businessEntity: null, email: null });
  });

  it('requires county and zip for the Service address type only', () => {
    expect(errorsOf(addressFieldsSchema.safeParse({ ...address, county: '', zipCode: '' }))).toEqual({ county: MSG.required, zipCode: MSG.required });
    expect(addressFieldsSchema.safeParse({ ...address, addressType: 'Billing', county: '', zipCode: '' }).success).toBe(true);
  });

  it('checks zip (5 digits) and +4 (4 digits)', () => {
    expect(errorsOf(addressFieldsSchema.safeParse({ ...address, zipCode: '123456', zipAppendix: '123' }))).toEqual({
      zipCode: MSG.invalidZip,
      zipAppendix: MSG.invalidZipAppendix,
    });
  });

  it('reports every missing part of a new contact at once', () => {
    const r = contactCreateBodySchema.safeParse({ email: { emailAddress: 'x', type: '' } });
    expect(errorsOf(r)).toMatchObject({
      firstName: MSG.required,
      lastName: MSG.required,
      'address.addressType': MSG.required,
      'address.addressLine': MSG.required,
      'address.city': MSG.required,
      'address.state': MSG.required,
      'phone.phoneNumber': MSG.required,
      'phone.type': MSG.required,
      'email.emailAddress': MSG.incorrectEmailFormat,
      'email.type': MSG.required,
    });
  });

  it('needs digits only for a phone number, at most 14', () => {
    const bad = (phoneNumber: string) => errorsOf(contactCreateBodySchema.safeParse({ ...create, phone: { phoneNumber, type: 'Work' } }))['phone.phoneNumber'];
    expect(bad('(201) 555')).toBe(MSG.integerNumber);
    expect(bad('123456789012345')).toBe(maxLengthMessage(14));
    expect(bad('12345678901234')).toBeUndefined();
  });
});

describe('contact update rules', () => {
  it('needs only first and last name (and the version)', () => {
    expect(contactUpdateBodySchema.safeParse({ firstName: 'A', lastName: 'B', version: 3 }).success).toBe(true);
    expect(errorsOf(contactUpdateBodySchema.safeParse({ firstName: '', lastName: 'B', version: 3 }))).toEqual({ firstName: MSG.required });
  });
});

describe('deletes and filters', () => {
  it('takes 1 to 50 distinct items', () => {
    expect(subRecordDeleteBodySchema.safeParse([{ objectId: 1 }, { objectId: 2, version: 1 }]).success).toBe(true);
    expect(subRecordDeleteBodySchema.safeParse([{ objectId: 1 }, { objectId: 1 }]).error?.issues[0]?.message).toBe(MSG.duplicateInList);
    expect(subRecordDeleteBodySchema.safeParse(Array.from({ length: 51 }, (_, i) => ({ objectId: i + 1 }))).success).toBe(false);
  });

  it('reads a statusRef as a code or a reference id', () => {
    expect([statusOfRef('Active'), statusOfRef(2), statusOfRef(null), statusOfRef('')]).toEqual(['Active', 'Inactive', null, null]);
  });

  it('formats an address on one line', () => {
    expect(formatAddress({ addressLine: '1 Main St', city: 'Newark', state: 'NJ', zipCode: '07102', zipAppendix: '1234' })).toBe('1 Main St, Newark, NJ 07102-1234');
  });
});
