import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TERRITORY_PAGE_SIZE } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import type { ReferenceSet } from '@eb/shared/reference/data';
import { SEED_TERRITORIES } from '@eb/shared/reference/data';
import type { UserType } from '@eb/shared/roles';
import { invoke } from '../../../test/support/invoke';
import { signedInAsEach, signedInBeforeAll } from '../../../test/support/users';
import { seedTerritories } from './repository';

const P = '/api/Reference';
/** A prefix of this run: the codes of these tests never meet other rows. */
const RUN = randomUUID().slice(0, 6).toUpperCase();
let n = 0;
const code = (label = 'T') => `${label}-${RUN}-${++n}`;

const valid = (over: Record<string, unknown> = {}) => ({
  code: code(),
  name: 'Test Utility',
  state: 'NJ',
  commodity: 'Electric',
  measureUnit: 'KWH',
  billMethodId: '2',
  taxRate: '0.07',
  ...over,
});

type Row = { objectId: number; version: number; code: string; name: string; taxRate: string | null };

const [admin] = signedInBeforeAll('superAdmin');

async function all(orderBy?: string): Promise<{ data: Row[]; totalCount: number }> {
  const r = await admin.get(`${P}/TerritoryGetList`, { limit: 1000, getTotalCount: true, ...(orderBy ? { orderBy } : {}) });
  expect(r.status).toBe(200);
  return r.body;
}
async function create(body: Record<string, unknown>): Promise<Row> {
  const r = await admin.post(`${P}/TerritoryCreate`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function logOf(id: number) {
  const r = await admin.get(`${P}/ChangeLogs`, { id });
  expect(r.status).toBe(200);
  return r.body as { action: string; fieldName: string; oldValue: string | null; newValue: string | null; actionUser: string; entity: string; entityId: number }[];
}

describe('Reference/TerritoryCreate', () => {
  it('creates a territory with version 1 and answers it with its new id', async () => {
    // Prepare
    const body = valid({ code: `  ${code()}  ` });
    // Act
    const created = await create(body);
    // Assess
    expect(created.objectId).toBeGreaterThan(0);
    expect(created).toMatchObject({ version: 1, code: String(body.code).trim(), name: 'Test Utility', state: 'NJ', billMethodId: '2', taxRate: '0.07' });
  });

  it('shows a just-created territory in the very next list and in the reference data (read-your-writes)', async () => {
    // Prepare
    const created = await create(valid());
    // Act
    const list = await all();
    const refs = await admin.get(`${P}/GetReferences`);
    // Assess
    expect(list.data.find((t) => t.objectId === created.objectId)?.code).toBe(created.code);
    const territories = (refs.body as ReferenceSet[]).find((s) => s.itemType === 'territories')!.items;
    expect(territories.find((t) => t.objectId === created.objectId)).toMatchObject({ code: created.code, name: 'Test Utility' });
  });

  it('logs the creation with the user who made it', async () => {
    const created = await create(valid());
    const log = await logOf(created.objectId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'added', entity: 'territory', entityId: created.objectId, actionUser: admin.name, entityName: created.code });
  });

  it.each([
    ['code', { code: '' }, MSG.required],
    ['code', { code: '   ' }, MSG.required],
    ['name', { name: undefined }, MSG.required],
    ['billMethodId', { billMethodId: '' }, MSG.required],
    ['state', { state: null }, MSG.required],
    ['commodity', { commodity: '' }, MSG.required],
    ['measureUnit', { measureUnit: undefined }, MSG.required],
    ['code', { code: 'C'.repeat(51) }, 'Field should contain 50 or less characters'],
    ['name', { name: 'N'.repeat(51) }, 'Field should contain 50 or less characters'],
    ['taxRate', { taxRate: '1'.repeat(51) }, 'Field should contain 50 or less characters'],
    ['state', { state: 'ZZ' }, MSG.invalidOption],
    ['billMethodId', { billMethodId: '6' }, MSG.invalidOption],
  ])('refuses a bad %s with its message and creates nothing (%j)', async (field, over, message) => {
    // Prepare
    const before = (await all()).totalCount;
    // Act
    const r = await admin.post(`${P}/TerritoryCreate`, valid(over));
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBe(message);
    expect((await all()).totalCount).toBe(before);
  });

  it('accepts exactly 50 characters and an empty tax rate', async () => {
    const created = await create(valid({ code: `${RUN}${'C'.repeat(50 - RUN.length)}`, name: 'N'.repeat(50), taxRate: '' }));
    expect(created.name).toHaveLength(50);
    expect(created.taxRate).toBeNull();
  });
});

describe('Reference/TerritoryUpdate', () => {
  it('saves the changed fields, bumps the version and logs one entry per changed field', async () => {
    // Prepare
    const t = await create(valid({ name: 'Before', taxRate: '0.01' }));
    // Act
    const r = await admin.put(`${P}/TerritoryUpdate`, { ...valid({ code: t.code, name: 'After', taxRate: '0.02' }), version: 1 }, { id: t.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ objectId: t.objectId, version: 2, name: 'After', taxRate: '0.02' });
    const log = await logOf(t.objectId);
    expect(log.filter((e) => e.action === 'updated').map((e) => [e.fieldName, e.oldValue, e.newValue])).toEqual([
      ['name', 'Before', 'After'],
      ['taxRate', '0.01', '0.02'],
    ]);
    expect(log[0]!.actionUser).toBe(admin.name);
    expect((await all()).data.find((x) => x.objectId === t.objectId)?.name).toBe('After');
  });

  it('answers 409 to a stale version and changes nothing, log included', async () => {
    // Prepare: someone else saved version 1 first
    const t = await create(valid({ name: 'Original' }));
    const first = await admin.put(`${P}/TerritoryUpdate`, { ...valid({ code: t.code, name: 'First' }), version: 1 }, { id: t.objectId });
    expect(first.status).toBe(200);
    // Act
    const stale = await admin.put(`${P}/TerritoryUpdate`, { ...valid({ code: t.code, name: 'Second' }), version: 1 }, { id: t.objectId });
    // Assess
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MSG.staleVersion);
    const row = (await all()).data.find((x) => x.objectId === t.objectId)!;
    expect(row).toMatchObject({ name: 'First', version: 2 });
    expect((await logOf(t.objectId)).filter((e) => e.action === 'updated').map((e) => e.newValue)).toEqual(['First']);
  });

  it('writes nothing, and no log entry, for an update that changes nothing', async () => {
    const t = await create(valid());
    const same = await admin.put(`${P}/TerritoryUpdate`, { ...valid({ code: t.code }), version: 1 }, { id: t.objectId });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1);
    expect(await logOf(t.objectId)).toHaveLength(1);
  });

  it('refuses an invalid update with the field message and keeps the territory', async () => {
    const t = await create(valid({ name: 'Keep' }));
    const r = await admin.put(`${P}/TerritoryUpdate`, { ...valid({ code: t.code, name: '' }), version: 1 }, { id: t.objectId });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.name).toBe(MSG.required);
    expect((await all()).data.find((x) => x.objectId === t.objectId)?.name).toBe('Keep');
  });

  it('answers 404 for a territory that does not exist, and 400 without a version', async () => {
    const missing = await admin.put(`${P}/TerritoryUpdate`, { ...valid(), version: 1 }, { id: 99_999_999 });
    const noVersion = await admin.put(`${P}/TerritoryUpdate`, valid(), { id: 1 });
    expect(missing.status).toBe(404);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.fieldErrors.version).toBeDefined();
  });
});

describe('Reference/TerritoryGetList', () => {
  it('sorts by code both ways, by default ascending', async () => {
    // Prepare
    for (const c of ['b', 'A', 'c']) await create(valid({ code: `SORT-${RUN}-${c}` }));
    // Act
    const byDefault = await all();
    const asc = await all('code Ascending');
    const desc = await all('code Descending');
    // Assess
    const codes = (rows: Row[]) => rows.map((r) => r.code.toLowerCase());
    const sorted = [...codes(asc.data)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(codes(asc.data)).toEqual(sorted);
    expect(codes(byDefault.data)).toEqual(sorted);
    expect(codes(desc.data)).toEqual([...sorted].reverse());
    const mine = codes(asc.data).filter((c) => c.startsWith(`sort-${RUN.toLowerCase()}`));
    expect(mine).toEqual([`sort-${RUN}-a`, `sort-${RUN}-b`, `sort-${RUN}-c`].map((c) => c.toLowerCase()));
  });

  it('sorts by another column (name descending)', async () => {
    const desc = (await all('name Descending')).data.map((r) => r.name.toLowerCase());
    expect(desc).toEqual([...desc].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('pages 100 at a time with the exact total count', async () => {
    // Prepare: enough territories for more than one page
    const everything = await all('code Ascending');
    for (let i = everything.totalCount; i <= TERRITORY_PAGE_SIZE; i++) await create(valid());
    const full = await all('code Ascending');
    // Act
    const page1 = await admin.get(`${P}/TerritoryGetList`, { limit: TERRITORY_PAGE_SIZE, skip: 0, orderBy: 'code Ascending', getTotalCount: true });
    const page2 = await admin.get(`${P}/TerritoryGetList`, { limit: TERRITORY_PAGE_SIZE, skip: TERRITORY_PAGE_SIZE, orderBy: 'code Ascending', getTotalCount: true });
    // Assess
    expect(full.totalCount).toBe(full.data.length);
    expect(full.totalCount).toBeGreaterThan(TERRITORY_PAGE_SIZE);
    expect(page1.body.data).toHaveLength(TERRITORY_PAGE_SIZE);
    expect(page1.body.totalCount).toBe(full.totalCount);
    expect(page2.body.totalCount).toBe(full.totalCount);
    expect([...page1.body.data, ...page2.body.data].map((r: Row) => r.objectId)).toEqual(full.data.map((r) => r.objectId));
  });

  it.each([
    [{ orderBy: 'secret Ascending' }, 'orderBy'],
    [{ orderBy: 'code Sideways' }, 'orderBy'],
    [{ limit: '-1' }, 'limit'],
    [{ limit: '5000' }, 'limit'],
    [{ skip: 'x' }, 'skip'],
  ])('refuses bad page parameters %j with 400', async (query, field) => {
    const r = await admin.get(`${P}/TerritoryGetList`, query);
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBeDefined();
  });
});

describe('seeded territories', () => {
  it('are versioned entities created by the System, and seeding twice adds nothing', async () => {
    // Act
    const again = await seedTerritories();
    // Assess
    expect(again).toBe(0);
    const list = await all();
    const pseg = list.data.find((t) => t.code === SEED_TERRITORIES[0]!.code)!;
    expect(pseg).toMatchObject({ name: SEED_TERRITORIES[0]!.name, version: expect.any(Number) });
    expect(list.data.filter((t) => SEED_TERRITORIES.some((s) => s.code === t.code))).toHaveLength(SEED_TERRITORIES.length);
    const log = await logOf(pseg.objectId);
    expect(log.at(-1)).toMatchObject({ action: 'added', actionUser: 'System' });
  });
});

describe('Reference/ChangeLogs', () => {
  it('answers every territory change newest first without an id, and only one territory with ?id', async () => {
    // Prepare
    const a = await create(valid({ name: 'Log A' }));
    const b = await create(valid({ name: 'Log B' }));
    await admin.put(`${P}/TerritoryUpdate`, { ...valid({ code: a.code, name: 'Log A2' }), version: 1 }, { id: a.objectId });
    // Act
    const everything = await admin.get(`${P}/ChangeLogs`);
    const onlyA = await logOf(a.objectId);
    // Assess
    expect(everything.status).toBe(200);
    const ids = (everything.body as { entityId: number; entity: string }[]).map((e) => e.entityId);
    expect(ids.indexOf(a.objectId)).toBeLessThan(ids.indexOf(b.objectId)); // a's update is newer than b's creation
    expect((everything.body as { entity: string }[]).every((e) => e.entity === 'territory')).toBe(true);
    expect(onlyA.every((e) => e.entityId === a.objectId)).toBe(true);
    expect(onlyA.map((e) => e.action)).toEqual(['updated', 'added']);
  });
});

describe('territory access', () => {
  const as = signedInAsEach('agent', 'viewOnly', 'admin', 'superAdmin');
  const writes = (id: number) => [
    { method: 'POST', path: `${P}/TerritoryCreate`, body: valid() },
    { method: 'PUT', path: `${P}/TerritoryUpdate`, query: { id }, body: { ...valid(), version: 1 } },
    { method: 'GET', path: `${P}/ChangeLogs` },
  ];

  it.each<UserType>(['agent', 'viewOnly', 'admin'])('refuses %s the admin calls with 403 and changes nothing', async (type) => {
    // Prepare
    const t = await create(valid({ name: 'Untouched' }));
    const before = (await all()).totalCount;
    const session = as[type];
    // Act
    const answers = [];
    for (const c of writes(t.objectId)) answers.push(await session.call(c));
    // Assess
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await all()).totalCount).toBe(before);
    expect((await all()).data.find((x) => x.objectId === t.objectId)?.name).toBe('Untouched');
  });

  it.each<UserType>(['agent', 'viewOnly', 'admin', 'superAdmin'])('lets %s read the territory list', async (type) => {
    const session = as[type];
    const r = await session.get(`${P}/TerritoryGetList`, { limit: 5, getTotalCount: true });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(5);
    expect(r.body.totalCount).toBeGreaterThanOrEqual(SEED_TERRITORIES.length);
  });

  it('answers 401 to anonymous callers on every territory call', async () => {
    const calls = [{ method: 'GET', path: `${P}/TerritoryGetList` }, ...writes(1)];
    const statuses = [];
    for (const c of calls) statuses.push((await invoke(c)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});
