import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { BUSINESS_ENTITY_PAGE_SIZE, LEGAL_NAME_MAX_LENGTH } from '@eb/shared/constants';
import { MSG, maxLengthMessage } from '@eb/shared/messages';
import { routePath, routesOf } from '@eb/shared/routes';
import { invoke, type InvokeInput } from '../../../test/support/invoke';
import { countersMovedBy } from '../../../test/support/counters';
import { signedInBeforeAll } from '../../../test/support/users';
import { dynamo } from '../lib/aws';
import { getItem, keys, table } from '../lib/db';
import { businessEntitiesByIds, businessEntityById, legalNameOf } from './repository';

const P = '/api/businessentity';
/** A word of this run: the names of these tests never meet other rows. */
const RUN = randomUUID().replace(/-/g, '').slice(0, 8);
let n = 0;
/** A word no other test uses (and no other word starts with). */
const word = (label = 'w') => `${label}${RUN}n${++n}x`;

interface LogEntry {
  eventId: string;
  action: string;
  entity: string;
  entityId: number;
  businessEntityId: number | null;
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
  actionUser: string;
}

const [editor, viewOnly, agent] = signedInBeforeAll('admin', 'viewOnly', 'agent');

async function create(body: Record<string, unknown>): Promise<BusinessEntity> {
  const r = await editor.post(`${P}/Create`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function generate(): Promise<number> {
  const r = await editor.post(`${P}/Generate`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.businessEntityId;
}
async function get(id: number): Promise<BusinessEntity> {
  const r = await editor.get(`${P}/Get`, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function list(body: Record<string, unknown>, query: InvokeInput['query'] = {}) {
  const r = await editor.post(`${P}/GetList`, body, { limit: BUSINESS_ENTITY_PAGE_SIZE, getTotalCount: true, ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: BusinessEntity[]; totalCount: number };
}
async function logOf(id: number): Promise<LogEntry[]> {
  const r = await editor.get(`${P}/ChangeLogs`, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('businessentity/Generate', () => {
  it('answers a new, higher businessEntityId on every call', async () => {
    // Act
    const first = await generate();
    const second = await generate();
    // Assess
    expect(Number.isInteger(first)).toBe(true);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
  });

  it('never offers a number that was created explicitly beyond the counter', async () => {
    // Prepare
    const ahead = (await generate()) + 3;
    await create({ businessEntityId: ahead, legalName: word('Ahead') });
    // Act
    const next = await generate();
    // Assess
    expect(next).toBeGreaterThan(ahead);
  });
});

describe('businessentity/Create and businessentity/Get', () => {
  it('creates an entity with the generated number and answers it active, at version 1', async () => {
    // Prepare
    const businessEntityId = await generate();
    const body = { businessEntityId, legalName: `Acme ${word()}`, companyType: 'LLC', type: 'Commercial' };
    // Act
    const created = await create(body);
    const got = await get(created.objectId);
    // Assess
    expect(created).toEqual({ ...body, objectId: expect.any(Number), isActive: true, version: 1 });
    expect(got).toEqual(created);
  });

  it('generates the number itself when none is sent', async () => {
    // Prepare
    const before = await generate();
    // Act
    const created = await create({ legalName: word('NoId') });
    // Assess
    expect(created.businessEntityId).toBeGreaterThan(before);
    expect(created.companyType).toBeNull();
    expect(created.type).toBeNull();
  });

  it('keeps an entity created inactive inactive', async () => {
    const created = await create({ legalName: word('Inactive'), isActive: false });
    expect((await get(created.objectId)).isActive).toBe(false);
  });

  it('trims the Legal Name and accepts exactly 40 characters', async () => {
    // Prepare
    const name = `${word('Forty')} `.padEnd(LEGAL_NAME_MAX_LENGTH, 'y');
    // Act
    const created = await create({ legalName: `  ${name}  ` });
    // Assess
    expect(created.legalName).toBe(name.trim());
  });

  it('refuses a second entity with the same businessEntityId (409) and keeps only the first', async () => {
    // Prepare
    const businessEntityId = await generate();
    const first = await create({ businessEntityId, legalName: word('First') });
    const secondName = word('Second');
    // Act
    const r = await editor.post(`${P}/Create`, { businessEntityId, legalName: secondName });
    // Assess
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: MSG.businessEntityIdExists, fieldErrors: { businessEntityId: MSG.businessEntityIdExists } });
    const same = await list({ businessEntityId });
    expect(same).toEqual({ data: [first], totalCount: 1 });
    expect((await list({ keyword: secondName })).totalCount).toBe(0);
  });

  it.each([
    ['legalName', { legalName: '' }, MSG.required],
    ['legalName', { legalName: '   ' }, MSG.required],
    ['legalName', { legalName: undefined }, MSG.required],
    ['legalName', { legalName: 'x'.repeat(LEGAL_NAME_MAX_LENGTH + 1) }, maxLengthMessage(LEGAL_NAME_MAX_LENGTH)],
    ['businessEntityId', { businessEntityId: 1.5 }, MSG.invalidDataTypeInteger],
    ['businessEntityId', { businessEntityId: 'abc' }, MSG.invalidDataTypeInteger],
    ['businessEntityId', { businessEntityId: -4 }, MSG.invalidDataTypeInteger],
    ['companyType', { companyType: 99 }, MSG.invalidOption],
    ['type', { type: 'Agricultural' }, MSG.invalidOption],
    ['isActive', { isActive: 'yes' }, MSG.invalidOption],
  ])('refuses a bad %s with its message and creates nothing (%j)', async (field, over, message) => {
    // Prepare
    const tag = word('Bad');
    let r: Awaited<ReturnType<typeof editor.post>> | undefined;
    // Act
    const moved = await countersMovedBy(async () => (r = await editor.post(`${P}/Create`, { legalName: `Bad ${tag}`, ...over })));
    // Assess
    expect(r!.status).toBe(400);
    expect(r!.body.fieldErrors[field]).toBe(message);
    expect((await list({ keyword: tag })).totalCount).toBe(0);
    expect(moved).toEqual([]); // no number was used up either
  });

  it('moves the id counters when a create succeeds (what the refusals above must not do)', async () => {
    // Act
    const moved = await countersMovedBy(() => create({ legalName: word('Counted') }));
    // Assess
    expect(moved.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown id', async () => {
    const r = await editor.get(`${P}/Get`, { id: 987654321 });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: MSG.notFound });
  });
});

describe('businessentity/Update', () => {
  it('saves the changed fields, answers the next version and logs one entry per changed field', async () => {
    // Prepare
    const e = await create({ legalName: word('Before'), companyType: 'Corporation', type: 'Commercial' });
    const renamed = word('After');
    // Act
    const r = await editor.put(`${P}/Update`, { ...e, legalName: renamed, type: 'Residential', isActive: false }, { id: e.objectId });
    // Assess
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ...e, legalName: renamed, type: 'Residential', isActive: false, version: 2 });
    expect(await get(e.objectId)).toEqual(r.body);
    const log = await logOf(e.objectId);
    expect(log.map((x) => [x.action, x.fieldName, x.oldValue, x.newValue])).toEqual([
      ['updated', 'legalName', e.legalName, renamed],
      ['updated', 'type', 'Commercial', 'Residential'],
      ['updated', 'isActive', 'true', 'false'],
      ['added', '', null, null],
    ]);
    expect(new Set(log.slice(0, 3).map((x) => x.eventId)).size).toBe(1);
    expect(log[0]).toMatchObject({ entity: 'businessEntity', entityId: e.objectId, businessEntityId: e.businessEntityId, actionUser: editor.name });
  });

  it('logs the creation with the user who made it', async () => {
    const e = await create({ legalName: word('Logged') });
    expect(await logOf(e.objectId)).toEqual([
      expect.objectContaining({ action: 'added', entity: 'businessEntity', entityId: e.objectId, businessEntityId: e.businessEntityId, actionUser: editor.name }),
    ]);
  });

  it('empties the company type and the type when they are sent empty, and keeps isActive when it is left out', async () => {
    // Prepare
    const e = await create({ legalName: word('Empty'), companyType: 'Partnership', type: 'Industrial', isActive: false });
    // Act
    const r = await editor.put(`${P}/Update`, { legalName: e.legalName, companyType: null, version: 1 }, { id: e.objectId });
    // Assess
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ companyType: null, type: null, isActive: false, version: 2 });
  });

  it('writes nothing, and no log, when nothing changed', async () => {
    // Prepare
    const e = await create({ legalName: word('Same'), companyType: 'LLC' });
    // Act
    const r = await editor.put(`${P}/Update`, e, { id: e.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toEqual(e);
    expect((await logOf(e.objectId)).map((x) => x.action)).toEqual(['added']);
  });

  it('refuses a stale version (409), changing nothing and logging nothing', async () => {
    // Prepare
    const e = await create({ legalName: word('Stale') });
    const first = await editor.put(`${P}/Update`, { ...e, companyType: 'Corporation' }, { id: e.objectId });
    expect(first.status).toBe(200);
    // Act
    const r = await editor.put(`${P}/Update`, { ...e, legalName: word('Lost') }, { id: e.objectId });
    // Assess
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: MSG.staleVersion });
    expect(await get(e.objectId)).toEqual(first.body);
    expect((await logOf(e.objectId)).map((x) => [x.action, x.fieldName])).toEqual([
      ['updated', 'companyType'],
      ['added', ''],
    ]);
  });

  it('refuses a different businessEntityId: the number is read-only', async () => {
    // Prepare
    const e = await create({ legalName: word('ReadOnly') });
    // Act
    const r = await editor.put(`${P}/Update`, { ...e, businessEntityId: e.businessEntityId + 1 }, { id: e.objectId });
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual({ businessEntityId: MSG.businessEntityIdReadOnly });
    expect(await get(e.objectId)).toEqual(e);
  });

  it('refuses an invalid Legal Name and a missing version, changing nothing', async () => {
    // Prepare
    const e = await create({ legalName: word('Valid') });
    // Act
    const tooLong = await editor.put(`${P}/Update`, { ...e, legalName: 'x'.repeat(41) }, { id: e.objectId });
    const noVersion = await editor.put(`${P}/Update`, { legalName: 'Other' }, { id: e.objectId });
    // Assess
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.legalName).toBe('Field should contain 40 or less characters');
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.fieldErrors.version).toBeDefined();
    expect(await get(e.objectId)).toEqual(e);
  });

  it('answers 404 for an unknown id', async () => {
    const r = await editor.put(`${P}/Update`, { legalName: 'Nobody', version: 1 }, { id: 987654321 });
    expect(r.status).toBe(404);
  });
});

describe('businessentity/GetList', () => {
  /** A group of this describe: five entities sharing a word, created in this order. */
  const group = word('grp');
  let rows: BusinessEntity[];
  beforeAll(async () => {
    rows = [];
    const specs = [
      { legalName: `Delta ${group}`, companyType: 'Corporation', type: 'Commercial', isActive: true },
      { legalName: `alpha ${group}`, companyType: 'LLC', type: 'Commercial', isActive: true },
      { legalName: `Charlie ${group}`, companyType: 'LLC', type: 'Industrial', isActive: false },
      { legalName: `Echo ${group}`, companyType: 'Corporation', type: 'Industrial', isActive: true },
      { legalName: `Bravo ${group}`, companyType: 'Partnership', type: 'Municipal', isActive: false },
    ];
    for (const s of specs) rows.push(await create(s));
  });
  const names = (page: { data: BusinessEntity[] }) => page.data.map((r) => r.legalName.split(' ')[0]);

  it('shows a just-created entity at once (read-your-writes)', async () => {
    // Prepare
    const name = word('Fresh');
    // Act
    const created = await create({ legalName: name });
    const page = await list({ keyword: name });
    // Assess
    expect(page).toEqual({ data: [created], totalCount: 1 });
  });

  it('orders by businessEntityId ascending by default, 15 a page', async () => {
    // Act
    const page = await editor.post(`${P}/GetList`, { keyword: group });
    const all = await editor.post(`${P}/GetList`, {});
    // Assess
    expect(page.body).toEqual({ data: rows, totalCount: 5 });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeLessThanOrEqual(BUSINESS_ENTITY_PAGE_SIZE);
    const ids = (all.body.data as BusinessEntity[]).map((r) => r.businessEntityId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it.each([
    ['legalName Ascending', ['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']],
    ['legalName Descending', ['Echo', 'Delta', 'Charlie', 'Bravo', 'alpha']],
    ['businessEntityId Ascending', ['Delta', 'alpha', 'Charlie', 'Echo', 'Bravo']],
    ['businessEntityId Descending', ['Bravo', 'Echo', 'Charlie', 'alpha', 'Delta']],
    ['BusinessEntityId Ascending', ['Delta', 'alpha', 'Charlie', 'Echo', 'Bravo']],
  ])('sorts by %s (case-insensitive names)', async (orderBy, expected) => {
    expect(names(await list({ keyword: group }, { orderBy }))).toEqual(expected);
  });

  it('refuses an unknown sort field', async () => {
    const r = await editor.post(`${P}/GetList`, {}, { orderBy: 'companyName Ascending' });
    expect(r.status).toBe(400);
  });

  it('pages with the exact total count', async () => {
    // Act
    const p1 = await list({ keyword: group }, { limit: 2, skip: 0, orderBy: 'legalName Ascending' });
    const p3 = await list({ keyword: group }, { limit: 2, skip: 4, orderBy: 'legalName Ascending' });
    // Assess
    expect(names(p1)).toEqual(['alpha', 'Bravo']);
    expect(p1.totalCount).toBe(5);
    expect(names(p3)).toEqual(['Echo']);
    expect(p3.totalCount).toBe(5);
  });

  it.each([
    ['companyType', { companyType: 'LLC' }, ['alpha', 'Charlie']],
    ['type', { type: 'Industrial' }, ['Charlie', 'Echo']],
    ['status active', { status: 'active' }, ['Delta', 'alpha', 'Echo']],
    ['status inactive', { status: 'inactive' }, ['Charlie', 'Bravo']],
    ['status Inactive (any case)', { status: 'Inactive' }, ['Charlie', 'Bravo']],
    ['companyType and status', { companyType: 'Corporation', status: 'active' }, ['Delta', 'Echo']],
    ['empty filters (null, "")', { companyType: null, type: '', status: null }, ['Delta', 'alpha', 'Charlie', 'Echo', 'Bravo']],
  ])('filters by %s', async (_label, filter, expected) => {
    const page = await list({ keyword: group, ...filter });
    expect(names(page)).toEqual(expected);
    expect(page.totalCount).toBe(expected.length);
  });

  it('filters by businessEntityId', async () => {
    const page = await list({ businessEntityId: rows[2]!.businessEntityId });
    expect(page).toEqual({ data: [rows[2]], totalCount: 1 });
  });

  it('finds by keyword: a word prefix of the Legal Name in any case, or the Business Entity ID', async () => {
    // Act
    const byPrefix = await list({ keyword: `CHAR ${group.slice(0, -3)}` });
    const byId = await list({ keyword: String(rows[3]!.businessEntityId) });
    // Assess
    expect(names(byPrefix)).toEqual(['Charlie']);
    expect(byId.data.map((r) => r.objectId)).toContain(rows[3]!.objectId);
  });

  it('finds inside words only with fullText', async () => {
    // Prepare: 'harli' is inside 'Charlie', not at the start of a word
    const keyword = `harli ${group}`;
    // Act
    const prefix = await list({ keyword });
    const full = await list({ keyword, fullText: true });
    // Assess
    expect(prefix.totalCount).toBe(0);
    expect(names(full)).toEqual(['Charlie']);
  });

  it('refuses an unknown status or a non-integer businessEntityId with the field message', async () => {
    const status = await editor.post(`${P}/GetList`, { status: 'maybe' });
    const id = await editor.post(`${P}/GetList`, { businessEntityId: 'x1' });
    expect(status.status).toBe(400);
    expect(status.body.fieldErrors.status).toBe(MSG.invalidOption);
    expect(id.status).toBe(400);
    expect(id.body.fieldErrors.businessEntityId).toBe(MSG.invalidDataTypeInteger);
  });

  it('shows an update in the list at once', async () => {
    // Prepare
    const e = await create({ legalName: word('Move'), companyType: 'Corporation' });
    // Act
    const r = await editor.put(`${P}/Update`, { ...e, companyType: 'Sole Proprietorship', isActive: false }, { id: e.objectId });
    // Assess
    const page = await list({ keyword: e.legalName, companyType: 'Sole Proprietorship', status: 'inactive' });
    expect(page).toEqual({ data: [r.body], totalCount: 1 });
  });
});

describe('businessentity/ChangeLogs', () => {
  it('lists the changes of every entity, newest first, each with its businessEntityId', async () => {
    // Prepare
    const a = await create({ legalName: word('LogA') });
    const b = await create({ legalName: word('LogB') });
    await editor.put(`${P}/Update`, { ...a, type: 'Industrial' }, { id: a.objectId });
    // Act
    const r = await editor.get(`${P}/ChangeLogs`);
    // Assess
    expect(r.status).toBe(200);
    const mine = (r.body as LogEntry[]).filter((x) => x.entityId === a.objectId || x.entityId === b.objectId);
    expect(mine.map((x) => [x.businessEntityId, x.action, x.fieldName])).toEqual([
      [a.businessEntityId, 'updated', 'type'],
      [b.businessEntityId, 'added', ''],
      [a.businessEntityId, 'added', ''],
    ]);
  });
});

describe('lookups for other resources (primary contacts)', () => {
  it('answers entities and Legal Names by objectId, and nothing for an unknown id', async () => {
    // Prepare
    const a = await create({ legalName: word('LookA') });
    const b = await create({ legalName: word('LookB') });
    // Act
    const many = await businessEntitiesByIds([a.objectId, b.objectId, 987654321]);
    // Assess
    expect([...many.keys()].sort()).toEqual([a.objectId, b.objectId].sort());
    expect(many.get(b.objectId)).toEqual(b);
    expect(await businessEntityById(a.objectId)).toEqual(a);
    expect(await legalNameOf(b.objectId)).toBe(b.legalName);
    expect(await legalNameOf(987654321)).toBeUndefined();
  });
});

describe('access', () => {
  const routes = routesOf('businessentity');
  const call = (r: (typeof routes)[number]): Omit<InvokeInput, 'cookies'> => ({
    method: r.method,
    path: routePath(r),
    query: r.action === 'Get' || r.action === 'Update' ? { id: 1 } : undefined,
    body: r.method === 'GET' ? undefined : { legalName: 'Refused', version: 1 },
  });

  it('covers the six calls of the spec', () => {
    expect(routes.map((r) => `${r.method} ${r.action}`).sort()).toEqual(
      ['GET ChangeLogs', 'GET Get', 'POST Create', 'POST Generate', 'POST GetList', 'PUT Update'].sort(),
    );
  });

  it.each(routes.map((r) => [`${r.method} ${r.action}`, r] as const))('refuses an agent %s (403)', async (_name, r) => {
    const res = await agent.call(call(r));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.forbidden });
  });

  it.each(routes.map((r) => [`${r.method} ${r.action}`, r] as const))('answers 401 to an anonymous %s', async (_name, r) => {
    const res = await invoke(call(r));
    expect(res.status).toBe(401);
  });

  it.each(routes.filter((r) => r.access === 'editor').map((r) => [`${r.method} ${r.action}`, r] as const))(
    'refuses a viewOnly user %s (403) and changes nothing',
    async (_name, r) => {
      // Act
      let res: Awaited<ReturnType<typeof viewOnly.call>> | undefined;
      const moved = await countersMovedBy(async () => (res = await viewOnly.call(call(r))));
      // Assess
      expect(res!.status).toBe(403);
      expect(moved).toEqual([]);
    },
  );

  it('lets a viewOnly user read: Get, GetList and ChangeLogs', async () => {
    // Prepare
    const e = await create({ legalName: word('Readable') });
    // Act
    const got = await viewOnly.get(`${P}/Get`, { id: e.objectId });
    const page = await viewOnly.post(`${P}/GetList`, { keyword: e.legalName }, { limit: 15, getTotalCount: true });
    const log = await viewOnly.get(`${P}/ChangeLogs`, { id: e.objectId });
    // Assess
    expect(got.status).toBe(200);
    expect(got.body).toEqual(e);
    expect(page.body).toEqual({ data: [e], totalCount: 1 });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
  });
});

describe('company type and type travel as codes', () => {
  it('reads objectIds of the reference sets, sent to Create, Update and GetList, as their codes', async () => {
    // Prepare
    const created = await create({ legalName: word('Ids'), companyType: 2, type: 4 });
    // Act
    const updated = await editor.put(`${P}/Update`, { ...created, companyType: 6 }, { id: created.objectId });
    const page = await list({ keyword: created.legalName, companyType: 6, type: 4 });
    // Assess
    expect(created).toMatchObject({ companyType: 'LLC', type: 'Municipal' });
    expect(updated.body).toMatchObject({ companyType: 'Government', type: 'Municipal', version: 2 });
    expect(page.data.map((r) => r.objectId)).toEqual([created.objectId]);
    expect((await getItem<{ companyType: unknown; type: unknown }>(keys.businessEntity(created.objectId)))).toMatchObject({ companyType: 'Government', type: 'Municipal' });
  });

  it('answers an entity stored with objectIds (before the convention) with codes, in Get and GetList', async () => {
    // Prepare: an item as an older version stored it, restamped for the list feed like any write
    const e = await create({ legalName: word('Legacy'), companyType: 'Corporation', type: 'Commercial' });
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.businessEntity(e.objectId),
        UpdateExpression: 'SET companyType = :c, #t = :t',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':c': 3, ':t': 2 },
      }),
    );
    // Act
    const got = await get(e.objectId);
    // Assess
    expect(got).toMatchObject({ companyType: 'Partnership', type: 'Industrial' });
  });
});
