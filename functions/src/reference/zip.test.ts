import { describe, expect, it } from 'vitest';
import { US_STATES } from '@eb/shared/reference/data';
import { MSG } from '@eb/shared/messages';
import { invoke } from '../../../test/support/invoke';
import { signedInBeforeAll } from '../../../test/support/users';
import { lookupZip } from './zip';

const PATH = '/api/Reference/GetAddressLocationByZipCode';

describe('Reference/GetAddressLocationByZipCode', () => {
  const [session, agent] = signedInBeforeAll('admin', 'agent');

  it('answers the state code, city and county of a New Jersey zip', async () => {
    // Act
    const r = await session.get(PATH, { zipCode: '07102' });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ zipCode: '07102', state: 'NJ', city: 'Newark', county: 'Essex' });
  });

  it('answers a New York City zip', async () => {
    // Act
    const r = await session.get(PATH, { zipCode: '10001' });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ zipCode: '10001', state: 'NY', city: 'New York', county: 'New York' });
  });

  it('answers a rural zip with its county', async () => {
    // Act
    const r = await session.get(PATH, { zipCode: '59001' });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ zipCode: '59001', state: 'MT', city: 'Absarokee', county: 'Stillwater' });
  });

  it('answers 404 with a clear message for a 5-digit zip that does not exist', async () => {
    // Act
    const r = await session.get(PATH, { zipCode: '00000' });
    // Assess
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: MSG.zipNotFound });
  });

  it.each(['1234', 'abcde', '123456', '07102-1234', ''])('refuses the malformed zip %j with 400 and the zip message', async (zipCode) => {
    // Act
    const r = await session.get(PATH, { zipCode });
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.invalidZip);
    expect(r.body.fieldErrors.zipCode).toBe(MSG.invalidZip);
  });

  it('refuses a call without a zip with 400 and the zip message', async () => {
    // Act
    const r = await session.get(PATH);
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.invalidZip);
  });

  it('refuses an anonymous caller with 401', async () => {
    // Act
    const r = await invoke({ method: 'GET', path: PATH, query: { zipCode: '07102' } });
    // Assess
    expect(r.status).toBe(401);
    expect(JSON.stringify(r.body)).not.toContain('Newark');
  });

  it('lets an agent look a zip up (any signed-in user may)', async () => {
    // Act
    const r = await agent.get(PATH, { zipCode: '07102' });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body.state).toBe('NJ');
  });

  it('matches the action case-insensitively', async () => {
    // Act
    const r = await session.get('/api/reference/getaddresslocationbyzipcode', { zipCode: '07102' });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body.city).toBe('Newark');
  });
});

describe('lookupZip', () => {
  it('covers the whole country with a county for more than 95% of ZIP codes', async () => {
    // Prepare
    const candidates = Array.from({ length: 100_000 }, (_, i) => String(i).padStart(5, '0'));
    const stateCodes = new Set(US_STATES.map(([, code]) => code));
    // Act
    const found = (await Promise.all(candidates.map((z) => lookupZip(z)))).filter((p) => p !== undefined);
    // Assess
    const withCounty = found.filter((p) => p.county !== '').length;
    expect(found.length).toBeGreaterThan(33_000);
    expect(found.length).toBeLessThan(43_000);
    expect(withCounty / found.length).toBeGreaterThan(0.95);
    expect(new Set(found.map((p) => p.state))).toEqual(stateCodes);
    expect(found.every((p) => p.city !== '' && !/ County$/.test(p.county))).toBe(true);
  });

  it("trims a trailing ' County' from the county name", async () => {
    // Act
    const place = await lookupZip('57770');
    // Assess
    expect(place).toEqual({ state: 'SD', city: 'Pine Ridge', county: 'Oglala Lakota' });
  });

  it('keeps the designation that tells an independent city from the county of the same name', async () => {
    // Act
    const baltimore = await lookupZip('21202');
    const colonialHeights = await lookupZip('23834');
    // Assess
    expect(baltimore).toEqual({ state: 'MD', city: 'Baltimore', county: 'Baltimore (city)' });
    expect(colonialHeights?.county).toBe('Colonial Heights (city)');
  });

  it('keeps a mixed-case city name as the dataset writes it', async () => {
    // Act
    const place = await lookupZip('83814');
    // Assess
    expect(place).toEqual({ state: 'ID', city: "Coeur d'Alene", county: 'Kootenai' });
  });

  it('finds a PO-box-only zip (not a ZCTA)', async () => {
    // Act
    const place = await lookupZip('00501');
    // Assess
    expect(place).toEqual({ state: 'NY', city: 'Holtsville', county: 'Suffolk' });
  });

  it('does not answer a zip whose state is outside the states reference set (military APO, Marshall Islands)', async () => {
    // Act
    const apo = await lookupZip('09001');
    const marshall = await lookupZip('96960');
    // Assess
    expect(apo).toBeUndefined();
    expect(marshall).toBeUndefined();
  });

  it('does not answer an unknown or malformed zip', async () => {
    // Act
    const results = await Promise.all(['00000', '99999', '1234', 'abcde', ''].map((z) => lookupZip(z)));
    // Assess
    expect(results).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
