import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { CONTACT_DELETE_MAX, CONTACT_PAGE_SIZE, CONTACT_SUB_GRID_PAGE_SIZE } from '@eb/shared/constants';
import { MSG, maxLengthMessage } from '@eb/shared/messages';
import type {
  ContactAddress,
  ContactEmail,
  ContactPhone,
  Contact,
  ContactCreated,
  PrimaryContactReferenceData,
  ContactRow,
} from '@eb/shared/contact/schemas';
import { routePath, routesOf, type RouteDef } from '@eb/shared/routes';
import { invoke, type InvokeInput, type Session } from '../../../test/support/invoke';
import { signedInBeforeAll } from '../../../test/support/users';

const P = '/api/primarycontact';
/** A word of this run: the names of these tests never meet other rows. */
const RUN = randomUUID().replace(/-/g, '').slice(0, 8);
let n = 0;
/** A word no other test uses (and no other word starts with). */
const word = (label = 'w') => `${label}${RUN}n${++n}x`;

interface LogEntry {
  eventId: string;
  action: 'added' | 'updated' | 'deleted';
  entity: string;
  entityId: number;
  parent: string | null;
  parentId: number | null;
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
  actionUser: string;
  entityName?: string;
}

const [editor, viewOnly, agent] = signedInBeforeAll('admin', 'viewOnly', 'agent');

const address = (over: Record<string, unknown> = {}) => ({
  addressType: 'Service',
  addressLine: '100 Broad Street',
  county: 'Essex',
  city: 'Newark',
  state: 'NJ',
  zipCode: '07102',
  zipAppendix: '1234',
  supplyZone: 'PSEG',
  ...over,
});
const phone = (over: Record<string, unknown> = {}) => ({ phoneNumber: '2015550100', type: 'Work', ...over });
const email = (over: Record<string, unknown> = {}) => ({ emailAddress: 'pat.contact@example.com', type: 'Work', ...over });
/** A complete contact dto (every field of the spec). */
const contactDto = (over: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  middleName: 'Q',
  lastName: word('Contact'),
  suffix: 'Jr.',
  identifier: word('id'),
  role: 'Owner',
  status: 'Active',
  businessEntity: null,
  address: address(),
  phone: phone(),
  email: email(),
  ...over,
});

async function create(body: Record<string, unknown>): Promise<ContactCreated> {
  const r = await editor.post(`${P}/Create`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function get(id: number): Promise<Contact> {
  const r = await editor.get(`${P}/Get`, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function referenceData(id: number): Promise<PrimaryContactReferenceData> {
  const r = await editor.get(`${P}/GetPrimaryContactReferenceData`, { primaryContactReference: id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function list(body: Record<string, unknown>, query: InvokeInput['query'] = {}) {
  const r = await editor.post(`${P}/GetList`, body, { limit: CONTACT_PAGE_SIZE, getTotalCount: true, ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: ContactRow[]; totalCount: number };
}
async function subList<T>(kind: 'Address' | 'Phone' | 'Email', contactId: number, query: InvokeInput['query'] = {}) {
  const r = await editor.post(`${P}/Get${kind}List`, { primaryContact: { objectId: contactId } }, { limit: CONTACT_SUB_GRID_PAGE_SIZE, getTotalCount: true, ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: T[]; totalCount: number };
}
async function logOf(id: number): Promise<LogEntry[]> {
  const r = await editor.get(`${P}/ChangeLogs`, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function businessEntity(legalName: string): Promise<BusinessEntity> {
  const r = await editor.post('/api/businessentity/Create', { legalName });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const updateBody = (c: Contact, over: Record<string, unknown> = {}) => ({
  firstName: c.firstName,
  middleName: c.middleName,
  lastName: c.lastName,
  suffix: c.suffix,
  identifier: c.identifier,
  role: c.role,
  status: c.status,
  businessEntity: c.businessEntity ? { objectId: c.businessEntity.objectId } : null,
  version: c.version,
  ...over,
});

describe('primarycontact/Generate', () => {
  it('answers a new, higher objectId on every call', async () => {
    // Act
    const first = await editor.post(`${P}/Generate`);
    const second = await editor.post(`${P}/Generate`);
    // Assess
    expect(first.status).toBe(200);
    expect(Number.isInteger(first.body.objectId)).toBe(true);
    expect(second.body.objectId).toBeGreaterThan(first.body.objectId);
  });

  it('lets Create use the reserved id, once', async () => {
    // Prepare
    const { objectId } = (await editor.post(`${P}/Generate`)).body as { objectId: number };
    // Act
    const created = await create(contactDto({ objectId }));
    const again = await editor.post(`${P}/Create`, contactDto({ objectId }));
    // Assess
    expect(created.objectId).toBe(objectId);
    expect((await get(objectId)).contactId).toBe(objectId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.contactIdTaken);
  });

  it('refuses an id that was never generated, and creates nothing', async () => {
    // Prepare
    const { objectId } = (await editor.post(`${P}/Generate`)).body as { objectId: number };
    const lastName = word('Never');
    // Act
    const r = await editor.post(`${P}/Create`, contactDto({ objectId: objectId + 1_000_000, lastName }));
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.objectId).toBe(MSG.contactIdNotGenerated);
    expect((await list({ keyword: lastName })).totalCount).toBe(0);
  });
});

describe('primarycontact/Create and Get', () => {
  it('creates the contact Active with its address, phone and email, and answers their objectIds', async () => {
    // Prepare
    const be = await businessEntity(`Acme ${word('le')}`);
    const dto = contactDto({ status: 'Inactive', businessEntity: { objectId: be.objectId } });
    // Act
    const created = await create(dto);
    // Assess
    expect(created).toEqual({
      objectId: expect.any(Number),
      address: { objectId: expect.any(Number) },
      phone: { objectId: expect.any(Number) },
      email: { objectId: expect.any(Number) },
    });
    expect(await get(created.objectId)).toEqual({
      objectId: created.objectId,
      contactId: created.objectId,
      firstName: 'Pat',
      middleName: 'Q',
      lastName: dto.lastName,
      suffix: 'Jr.',
      identifier: dto.identifier,
      role: 'Owner',
      status: 'Active',
      businessEntity: { objectId: be.objectId, businessEntityId: be.businessEntityId, legalName: be.legalName },
      version: 1,
    });
    const data = await referenceData(created.objectId);
    const ref = { primaryContact: { objectId: created.objectId }, version: 1 };
    expect(data.addresses).toEqual([{ ...address(), objectId: created.address.objectId, ...ref }]);
    expect(data.phones).toEqual([{ ...phone(), objectId: created.phone.objectId, ...ref }]);
    expect(data.emails).toEqual([{ ...email(), objectId: created.email!.objectId, ...ref }]);
  });

  it('creates a contact without email (none answered), without business entity, role or county for a Billing address', async () => {
    // Act
    const created = await create(
      contactDto({
        middleName: '',
        suffix: undefined,
        role: null,
        email: { emailAddress: '', type: null },
        address: address({ addressType: 'Billing', county: '', zipCode: '', zipAppendix: '' }),
      }),
    );
    // Assess
    expect(created.email).toBeUndefined();
    const c = await get(created.objectId);
    expect(c).toMatchObject({ middleName: null, suffix: null, role: null, businessEntity: null });
    const data = await referenceData(created.objectId);
    expect(data.emails).toEqual([]);
    expect(data.addresses[0]).toMatchObject({ addressType: 'Billing', county: null, zipCode: null, zipAppendix: null });
  });

  it('logs the contact and each sub-record as created, under the contact', async () => {
    // Act
    const dto = contactDto();
    const created = await create(dto);
    // Assess: each named as users know it
    const log = await logOf(created.objectId);
    expect(log).toHaveLength(4);
    expect(log.map((e) => [e.action, e.entity, e.entityId, e.entityName]).sort()).toEqual(
      [
        ['added', 'address', created.address.objectId, dto.address.addressLine],
        ['added', 'email', created.email!.objectId, dto.email.emailAddress],
        ['added', 'phone', created.phone.objectId, dto.phone.phoneNumber],
        ['added', 'primaryContact', created.objectId, `${dto.firstName} ${dto.lastName}`],
      ].sort(),
    );
    for (const e of log) {
      expect(e.actionUser).toBe(editor.name);
      if (e.entity !== 'primaryContact') expect([e.parent, e.parentId]).toEqual(['primaryContact', created.objectId]);
    }
  });

  it('answers 404 for an unknown contact', async () => {
    expect((await editor.get(`${P}/Get`, { id: 987_654_321 })).status).toBe(404);
    expect((await editor.get(`${P}/GetPrimaryContactReferenceData`, { primaryContactReference: 987_654_321 })).status).toBe(404);
  });

  const long = (k: number) => 'x'.repeat(k);
  it.each([
    ['firstName', { firstName: '' }, MSG.required],
    ['firstName', { firstName: long(31) }, maxLengthMessage(30)],
    ['lastName', { lastName: undefined }, MSG.required],
    ['lastName', { lastName: long(31) }, maxLengthMessage(30)],
    ['middleName', { middleName: long(31) }, maxLengthMessage(30)],
    ['suffix', { suffix: long(31) }, maxLengthMessage(30)],
    ['identifier', { identifier: long(31) }, maxLengthMessage(30)],
    ['role', { role: 'Boss' }, MSG.invalidOption],
    ['address.addressLine', { address: address({ addressLine: '  ' }) }, MSG.required],
    ['address.addressLine', { address: address({ addressLine: long(81) }) }, maxLengthMessage(80)],
    ['address.city', { address: address({ city: '' }) }, MSG.required],
    ['address.city', { address: address({ city: long(31) }) }, maxLengthMessage(30)],
    ['address.state', { address: address({ state: '' }) }, MSG.required],
    ['address.state', { address: address({ state: 'ZZ' }) }, MSG.invalidOption],
    ['address.addressType', { address: address({ addressType: null }) }, MSG.required],
    ['address.county', { address: address({ county: '' }) }, MSG.required],
    ['address.zipCode', { address: address({ zipCode: '' }) }, MSG.required],
    ['address.zipCode', { address: address({ zipCode: '1234' }) }, MSG.invalidZip],
    ['address.zipCode', { address: address({ addressType: 'Mailing', zipCode: '1234a' }) }, MSG.invalidZip],
    ['address.zipAppendix', { address: address({ zipAppendix: '12' }) }, MSG.invalidZipAppendix],
    ['address.addressLine', { address: undefined }, MSG.required],
    ['phone.phoneNumber', { phone: phone({ phoneNumber: '' }) }, MSG.required],
    ['phone.phoneNumber', { phone: phone({ phoneNumber: '201-555-0100' }) }, MSG.integerNumber],
    ['phone.phoneNumber', { phone: phone({ phoneNumber: '1'.repeat(15) }) }, maxLengthMessage(14)],
    ['phone.type', { phone: phone({ type: '' }) }, MSG.required],
    ['email.emailAddress', { email: email({ emailAddress: 'not-an-email' }) }, MSG.incorrectEmailFormat],
    ['email.emailAddress', { email: email({ emailAddress: `${long(190)}@example.com` }) }, maxLengthMessage(200)],
    ['email.type', { email: email({ type: null }) }, MSG.required],
  ])('refuses a bad %s with its text and creates nothing (%j)', async (field, over, message) => {
    // Prepare
    const identifier = word('bad');
    // Act
    const r = await editor.post(`${P}/Create`, contactDto({ identifier, ...over }));
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBe(message);
    expect((await list({ keyword: identifier })).totalCount).toBe(0);
  });

  it('refuses a business entity that does not exist', async () => {
    const r = await editor.post(`${P}/Create`, contactDto({ businessEntity: { objectId: 987_654_321 } }));
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.businessEntity).toBe(MSG.businessEntityMissing);
  });

  it('accepts the longest allowed values', async () => {
    const created = await create(
      contactDto({
        firstName: long(30),
        lastName: `${word('L')}${long(30)}`.slice(0, 30),
        identifier: long(30),
        address: address({ addressLine: long(80), city: long(30) }),
        phone: phone({ phoneNumber: '1'.repeat(14) }),
        email: email({ emailAddress: `${long(188)}@example.com` }),
      }),
    );
    const data = await referenceData(created.objectId);
    expect(data.addresses[0]!.addressLine).toHaveLength(80);
    expect(data.emails[0]!.emailAddress).toHaveLength(200);
  });
});

describe('primarycontact/Update', () => {
  it('needs only the first and last name, saves the change with version+1 and logs each field', async () => {
    // Prepare
    const created = await create(contactDto());
    const before = await get(created.objectId);
    // Act
    const r = await editor.put(
      `${P}/Update`,
      { firstName: 'Patricia', lastName: before.lastName, status: 'Inactive', version: 1 },
      { id: created.objectId },
    );
    // Assess
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ firstName: 'Patricia', middleName: null, suffix: null, identifier: null, role: null, status: 'Inactive', version: 2 });
    const updates = (await logOf(created.objectId)).filter((e) => e.action === 'updated');
    expect(updates.map((e) => [e.entity, e.fieldName, e.oldValue, e.newValue])).toEqual([
      ['primaryContact', 'firstName', 'Pat', 'Patricia'],
      ['primaryContact', 'middleName', 'Q', null],
      ['primaryContact', 'suffix', 'Jr.', null],
      ['primaryContact', 'identifier', before.identifier, null],
      ['primaryContact', 'role', 'Owner', null],
      ['primaryContact', 'status', 'Active', 'Inactive'],
    ]);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    // Prepare
    const created = await create(contactDto());
    const c = await get(created.objectId);
    expect((await editor.put(`${P}/Update`, updateBody(c, { firstName: 'First' }), { id: c.objectId })).status).toBe(200);
    const logBefore = await logOf(c.objectId);
    // Act: a second edit made from the old version
    const r = await editor.put(`${P}/Update`, updateBody(c, { firstName: 'Second' }), { id: c.objectId });
    // Assess
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MSG.staleVersion);
    expect(await get(c.objectId)).toMatchObject({ firstName: 'First', version: 2 });
    expect(await logOf(c.objectId)).toEqual(logBefore);
  });

  it('writes nothing (no version, no log) when nothing changed', async () => {
    const created = await create(contactDto());
    const c = await get(created.objectId);
    const r = await editor.put(`${P}/Update`, updateBody(c), { id: c.objectId });
    expect(r.body.version).toBe(1);
    expect(await logOf(c.objectId)).toHaveLength(4);
  });

  it.each([
    ['firstName', { firstName: '' }, MSG.required],
    ['lastName', { lastName: 'x'.repeat(31) }, maxLengthMessage(30)],
    ['status', { status: 'Retired' }, MSG.invalidOption],
    ['version', { version: undefined }, MSG.invalidInput],
  ])('refuses a bad %s (%j)', async (field, over, message) => {
    const created = await create(contactDto());
    const c = await get(created.objectId);
    const r = await editor.put(`${P}/Update`, updateBody(c, over), { id: c.objectId });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBe(message);
  });

  it('changes and clears the business entity, logged by its objectId', async () => {
    const be = await businessEntity(`Beta ${word('le')}`);
    const created = await create(contactDto());
    const c = await get(created.objectId);
    const set = await editor.put(`${P}/Update`, updateBody(c, { businessEntity: { objectId: be.objectId } }), { id: c.objectId });
    expect(set.body.businessEntity).toEqual({ objectId: be.objectId, businessEntityId: be.businessEntityId, legalName: be.legalName });
    const cleared = await editor.put(`${P}/Update`, updateBody(set.body, { businessEntity: null }), { id: c.objectId });
    expect(cleared.body.businessEntity).toBeNull();
    const changes = (await logOf(c.objectId)).filter((e) => e.fieldName === 'businessEntityRef');
    expect(changes.map((e) => [e.oldValue, e.newValue])).toEqual([
      [String(be.objectId), null],
      [null, String(be.objectId)],
    ]);
  });

  it('answers 404 for an unknown contact', async () => {
    const r = await editor.put(`${P}/Update`, { firstName: 'A', lastName: 'B', version: 1 }, { id: 987_654_321 });
    expect(r.status).toBe(404);
  });
});

describe('addresses, phones and emails', () => {
  it('adds, lists (sorted by address line, 5 a page, exact total) and updates addresses', async () => {
    // Prepare
    const created = await create(contactDto({ address: address({ addressLine: 'M Street 1' }) }));
    const add = (addressLine: string) =>
      editor.post(`${P}/AddressAdd`, { ...address({ addressLine, addressType: 'Mailing', county: null }), primaryContact: { objectId: created.objectId } });
    // Act
    const added = [];
    for (const line of ['B Street 2', 'z Street 3', 'A Street 4', 'c Street 5', 'Q Street 6']) added.push(await add(line));
    // Assess
    for (const r of added) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(added[0]!.body).toMatchObject({ addressLine: 'B Street 2', version: 1, primaryContact: { objectId: created.objectId } });
    const first = await subList<ContactAddress>('Address', created.objectId);
    expect(first.totalCount).toBe(6);
    expect(first.data.map((a) => a.addressLine)).toEqual(['A Street 4', 'B Street 2', 'c Street 5', 'M Street 1', 'Q Street 6']);
    const second = await subList<ContactAddress>('Address', created.objectId, { skip: 5 });
    expect(second.data.map((a) => a.addressLine)).toEqual(['z Street 3']);
    const desc = await subList<ContactAddress>('Address', created.objectId, { orderBy: 'addressLine Descending', limit: 2 });
    expect(desc.data.map((a) => a.addressLine)).toEqual(['z Street 3', 'Q Street 6']);
    // Act: update one
    const target = added[1]!.body as ContactAddress;
    const u = await editor.put(`${P}/AddressUpdate`, { ...address({ addressLine: 'Y Street 3' }), version: 1 }, { id: target.objectId });
    // Assess
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ objectId: target.objectId, addressLine: 'Y Street 3', addressType: 'Service', version: 2 });
    const log = (await logOf(created.objectId)).filter((e) => e.entity === 'address' && e.action === 'updated');
    expect(log.map((e) => [e.entityId, e.fieldName, e.oldValue, e.newValue])).toEqual([
      [target.objectId, 'addressType', 'Mailing', 'Service'],
      [target.objectId, 'addressLine', 'z Street 3', 'Y Street 3'],
      [target.objectId, 'county', null, 'Essex'],
    ]);
  });

  it('applies the address rules to sub-rows (Service needs county and zip)', async () => {
    const created = await create(contactDto());
    const r = await editor.post(`${P}/AddressAdd`, { ...address({ county: '', zipCode: null }), primaryContact: { objectId: created.objectId } });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toMatchObject({ county: MSG.required, zipCode: MSG.required });
    const u = await editor.put(`${P}/AddressUpdate`, { ...address({ state: '' }), version: 1 }, { id: created.address.objectId });
    expect(u.body.fieldErrors.state).toBe(MSG.required);
  });

  it('refuses a stale sub-record update (409, nothing changed) and answers 404 for unknown ones', async () => {
    // Prepare
    const created = await create(contactDto());
    const id = created.phone.objectId;
    expect((await editor.put(`${P}/PhoneUpdate`, { phoneNumber: '2015550111', type: 'Mobile', version: 1 }, { id })).status).toBe(200);
    // Act
    const stale = await editor.put(`${P}/PhoneUpdate`, { phoneNumber: '2015550122', type: 'Home', version: 1 }, { id });
    // Assess
    expect(stale.status).toBe(409);
    expect((await subList<ContactPhone>('Phone', created.objectId)).data).toEqual([
      { phoneNumber: '2015550111', type: 'Mobile', objectId: id, version: 2, primaryContact: { objectId: created.objectId } },
    ]);
    expect((await editor.put(`${P}/PhoneUpdate`, { ...phone(), version: 1 }, { id: 987_654_321 })).status).toBe(404);
    expect((await editor.post(`${P}/PhoneAdd`, { ...phone(), primaryContact: { objectId: 987_654_321 } })).status).toBe(404);
    expect((await editor.post(`${P}/GetPhoneList`, { primaryContact: { objectId: 987_654_321 } })).status).toBe(404);
  });

  it('adds and updates emails with the email rules', async () => {
    const created = await create(contactDto({ email: null }));
    const bad = await editor.post(`${P}/EmailAdd`, { emailAddress: 'nope', type: '', primaryContact: { objectId: created.objectId } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ emailAddress: MSG.incorrectEmailFormat, type: MSG.required });
    const empty = await editor.post(`${P}/EmailAdd`, { emailAddress: '', type: 'Work', primaryContact: { objectId: created.objectId } });
    expect(empty.body.fieldErrors.emailAddress).toBe(MSG.required);
    const ok = await editor.post(`${P}/EmailAdd`, { ...email({ emailAddress: 'b@example.com' }), primaryContact: { objectId: created.objectId } });
    await editor.post(`${P}/EmailAdd`, { ...email({ emailAddress: 'A@example.com', type: 'Billing' }), primaryContact: { objectId: created.objectId } });
    expect(ok.status).toBe(200);
    const u = await editor.put(`${P}/EmailUpdate`, { emailAddress: 'c@example.com', type: 'Personal', version: 1 }, { id: ok.body.objectId });
    expect(u.body).toMatchObject({ emailAddress: 'c@example.com', type: 'Personal', version: 2 });
    const emails = await subList<ContactEmail>('Email', created.objectId);
    expect(emails.data.map((e) => e.emailAddress)).toEqual(['A@example.com', 'c@example.com']);
  });

  it('deletes several phones in one call, each with its change-log event', async () => {
    // Prepare
    const created = await create(contactDto());
    const more = [];
    for (const number of ['3015550100', '4015550100']) {
      more.push((await editor.post(`${P}/PhoneAdd`, { ...phone({ phoneNumber: number }), primaryContact: { objectId: created.objectId } })).body as ContactPhone);
    }
    // Act
    const r = await editor.del(`${P}/PhoneDelete`, more.map((p) => ({ objectId: p.objectId })));
    // Assess
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    const phones = await subList<ContactPhone>('Phone', created.objectId);
    expect(phones.data.map((p) => p.objectId)).toEqual([created.phone.objectId]);
    expect(phones.totalCount).toBe(1);
    const deleted = (await logOf(created.objectId)).filter((e) => e.action === 'deleted');
    expect(deleted.map((e) => [e.entity, e.entityId, e.parent, e.parentId, e.entityName]).sort()).toEqual(
      more.map((p) => ['phone', p.objectId, 'primaryContact', created.objectId, p.phoneNumber]).sort(),
    );
  });

  it('deletes nothing when one of the listed records is unknown (404), stale (409) or listed twice (400)', async () => {
    // Prepare
    const created = await create(contactDto());
    const p2 = (await editor.post(`${P}/PhoneAdd`, { ...phone({ phoneNumber: '5015550100' }), primaryContact: { objectId: created.objectId } })).body as ContactPhone;
    const before = await subList<ContactPhone>('Phone', created.objectId);
    // Act
    const unknown = await editor.del(`${P}/PhoneDelete`, [{ objectId: p2.objectId }, { objectId: 987_654_321 }]);
    const stale = await editor.del(`${P}/PhoneDelete`, [{ objectId: p2.objectId, version: 1 }, { objectId: created.phone.objectId, version: 7 }]);
    const twice = await editor.del(`${P}/PhoneDelete`, [{ objectId: p2.objectId }, { objectId: p2.objectId }]);
    const none = await editor.del(`${P}/PhoneDelete`, []);
    const tooMany = await editor.del(`${P}/PhoneDelete`, Array.from({ length: CONTACT_DELETE_MAX + 1 }, (_, i) => ({ objectId: i + 1 })));
    // Assess
    expect(unknown.status).toBe(404);
    expect(stale.status).toBe(409);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.duplicateInList);
    expect(none.status).toBe(400);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MSG.tooManyToDelete);
    expect(await subList<ContactPhone>('Phone', created.objectId)).toEqual(before);
    expect((await logOf(created.objectId)).filter((e) => e.action === 'deleted')).toEqual([]);
  });

  it('deletes addresses and emails the same way', async () => {
    const created = await create(contactDto());
    expect((await editor.del(`${P}/AddressDelete`, [{ objectId: created.address.objectId, version: 1 }])).status).toBe(204);
    expect((await editor.del(`${P}/EmailDelete`, [{ objectId: created.email!.objectId }])).status).toBe(204);
    const data = await referenceData(created.objectId);
    expect([data.addresses, data.emails]).toEqual([[], []]);
    // a deleted record cannot be updated or deleted again
    expect((await editor.put(`${P}/EmailUpdate`, { ...email(), version: 1 }, { id: created.email!.objectId })).status).toBe(404);
    expect((await editor.del(`${P}/EmailDelete`, [{ objectId: created.email!.objectId }])).status).toBe(404);
  });
});

describe('primarycontact/ChangeLogs', () => {
  it('lists every contact and sub-record event without an id, newest first', async () => {
    const created = await create(contactDto());
    await editor.put(`${P}/AddressUpdate`, { ...address({ city: 'Trenton' }), version: 1 }, { id: created.address.objectId });
    const r = await editor.get(`${P}/ChangeLogs`);
    expect(r.status).toBe(200);
    const log = r.body as LogEntry[];
    expect(log.some((e) => e.entity === 'primaryContact' && e.entityId === created.objectId)).toBe(true);
    const cityChange = log.findIndex((e) => e.entity === 'address' && e.entityId === created.address.objectId && e.fieldName === 'city');
    const added = log.findIndex((e) => e.entity === 'address' && e.entityId === created.address.objectId && e.action === 'added');
    expect(cityChange).toBeGreaterThanOrEqual(0);
    expect(added).toBeGreaterThan(cityChange);
    expect(log.every((e) => e.entity === 'primaryContact' || e.parent === 'primaryContact')).toBe(true);
  });
});

describe('primarycontact/GetList', () => {
  it('shows a contact just created, with its business entity id and legal name, and the current legal name after a rename', async () => {
    // Prepare
    const be = await businessEntity(`Gamma ${word('le')}`);
    const created = await create(contactDto({ businessEntity: { objectId: be.objectId } }));
    // Act
    const before = await list({ keyword: String(created.objectId) });
    const renamed = await editor.put('/api/businessentity/Update', { legalName: `Delta ${word('le')}`, version: be.version }, { id: be.objectId });
    const after = await list({ keyword: String(created.objectId) });
    // Assess
    expect(before.data.find((r) => r.objectId === created.objectId)).toMatchObject({
      contactId: created.objectId,
      businessEntityObjectId: be.objectId,
      businessEntityId: be.businessEntityId,
      legalName: be.legalName,
      status: 'Active',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(after.data.find((r) => r.objectId === created.objectId)?.legalName).toBe(renamed.body.legalName);
    // and the new name is searchable, the old one no longer
    expect((await list({ keyword: renamed.body.legalName })).data.map((r) => r.objectId)).toEqual([created.objectId]);
    expect((await list({ keyword: be.legalName })).totalCount).toBe(0);
  });

  describe('filters, search, sort and paging', () => {
    const tag = word('tag');
    let beA: BusinessEntity;
    let beB: BusinessEntity;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      beA = await businessEntity(`Zephyr ${word('co')}`);
      beB = await businessEntity(`Alder ${word('co')}`);
      const rows: [string, string, string, BusinessEntity | null, string | null][] = [
        ['carol', 'Carol', 'Young', beA, 'Owner'],
        ['adam', 'Adam', 'Xu', beB, 'Officer'],
        ['bella', 'Bella', 'Zimmer', null, null],
        ['dan', 'Dan', 'Walker', beA, 'Billing Contact'],
      ];
      for (const [key, firstName, lastName, be, role] of rows) {
        const c = await create(
          contactDto({ firstName, lastName, identifier: `${tag} ${key}`, role, businessEntity: be ? { objectId: be.objectId } : null }),
        );
        ids[key] = c.objectId;
      }
      // Dan is inactive
      const dan = await get(ids.dan!);
      expect((await editor.put(`${P}/Update`, updateBody(dan, { status: 'Inactive' }), { id: dan.objectId })).status).toBe(200);
    });
    const keys = (r: { data: ContactRow[] }) => r.data.map((row) => Object.keys(ids).find((k) => ids[k] === row.objectId));

    it('orders by contactId ascending by default, with the exact total', async () => {
      const r = await list({ keyword: tag });
      expect(keys(r)).toEqual(['carol', 'adam', 'bella', 'dan']);
      expect(r.totalCount).toBe(4);
    });

    it('filters by status (code or reference id)', async () => {
      expect(keys(await list({ keyword: tag, statusRef: 'Active' }))).toEqual(['carol', 'adam', 'bella']);
      expect(keys(await list({ keyword: tag, statusRef: 'Inactive' }))).toEqual(['dan']);
      expect(keys(await list({ keyword: tag, statusRef: 2 }))).toEqual(['dan']);
      expect((await list({ keyword: tag, statusRef: null })).totalCount).toBe(4);
      const bad = await editor.post(`${P}/GetList`, { statusRef: 'Sleeping' });
      expect(bad.status).toBe(400);
    });

    it('searches word prefixes of names, identifier, contact id, legal name and business entity id; all words must match', async () => {
      expect(keys(await list({ keyword: `${tag} car` }))).toEqual(['carol']);
      expect(keys(await list({ keyword: `${tag} walk` }))).toEqual(['dan']);
      expect(keys(await list({ keyword: `${tag} zeph` }))).toEqual(['carol', 'dan']);
      expect(keys(await list({ keyword: `${tag} ${beB.businessEntityId}` }))).toEqual(['adam']);
      expect(keys(await list({ keyword: `${tag} alder adam` }))).toEqual(['adam']);
      expect(keys(await list({ keyword: `${tag} alder carol` }))).toEqual([]);
      expect(keys(await list({ keyword: String(ids.bella) }))).toContain('bella');
      expect(keys(await list({ keyword: `${tag} arol` }))).toEqual([]);
    });

    it('finds substrings with fullText', async () => {
      expect(keys(await list({ keyword: `${tag} arol`, fullText: true }))).toEqual(['carol']);
      expect(keys(await list({ keyword: `${tag} ephy`, fullText: true }))).toEqual(['carol', 'dan']);
    });

    it.each([
      ['firstName Ascending', ['adam', 'bella', 'carol', 'dan']],
      ['firstName Descending', ['dan', 'carol', 'bella', 'adam']],
      ['lastName Ascending', ['dan', 'adam', 'carol', 'bella']],
      ['role Ascending', ['dan', 'adam', 'carol', 'bella']],
      ['identifier Descending', ['dan', 'carol', 'bella', 'adam']],
      ['contactId Descending', ['dan', 'bella', 'adam', 'carol']],
      ['legalName Ascending', ['adam', 'carol', 'dan', 'bella']],
      ['legalName Descending', ['bella', 'dan', 'carol', 'adam']],
    ])('sorts by %s', async (orderBy, expected) => {
      expect(keys(await list({ keyword: tag }, { orderBy }))).toEqual(expected);
    });

    it('sorts by the business entity id', async () => {
      const byId = [beA, beB].sort((a, b) => a.businessEntityId - b.businessEntityId);
      const expected = byId[0] === beA ? ['carol', 'dan', 'adam', 'bella'] : ['adam', 'carol', 'dan', 'bella'];
      expect(keys(await list({ keyword: tag }, { orderBy: 'businessEntityId Ascending' }))).toEqual(expected);
    });

    it('pages with skip and limit, keeping the exact total', async () => {
      const page = await list({ keyword: tag }, { skip: 1, limit: 2 });
      expect(keys(page)).toEqual(['adam', 'bella']);
      expect(page.totalCount).toBe(4);
      const byName = await list({ keyword: tag }, { skip: 2, limit: 1, orderBy: 'legalName Ascending' });
      expect(keys(byName)).toEqual(['dan']);
      expect(byName.totalCount).toBe(4);
    });

    it('refuses an unknown sort field', async () => {
      const r = await editor.post(`${P}/GetList`, {}, { orderBy: 'status Ascending' });
      expect(r.status).toBe(400);
    });
  });
});

describe('access', () => {
  const routes = routesOf('primarycontact');
  const call = (s: Session | undefined, r: RouteDef) => {
    const input = { method: r.method, path: routePath(r), body: r.method === 'GET' ? undefined : r.method === 'DELETE' ? [{ objectId: 1 }] : {} };
    return s ? s.call(input) : invoke(input);
  };

  it.each(routes.map((r) => [`${r.method} ${r.action}`, r] as const))('refuses agents: %s -> 403', async (_, r) => {
    expect((await call(agent, r)).status).toBe(403);
  });

  it.each(routes.map((r) => [`${r.method} ${r.action}`, r] as const))('refuses anonymous callers: %s -> 401', async (_, r) => {
    expect((await call(undefined, r)).status).toBe(401);
  });

  it.each(routes.map((r) => [`${r.method} ${r.action}`, r] as const))('lets viewOnly read but not write: %s', async (_, r) => {
    const status = (await call(viewOnly, r)).status;
    if (r.access === 'editor') expect(status).toBe(403);
    else expect([401, 403]).not.toContain(status);
  });

  it('lets viewOnly list and read a contact', async () => {
    const created = await create(contactDto());
    expect((await viewOnly.get(`${P}/Get`, { id: created.objectId })).status).toBe(200);
    expect((await viewOnly.post(`${P}/GetList`, { keyword: String(created.objectId) })).body.totalCount).toBeGreaterThan(0);
  });
});
