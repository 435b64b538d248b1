import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_FIELDS, AGENT_HIDDEN_FROM_AGENTS, AGENT_LABELS, type Agent } from '@eb/shared/agent/schemas';
import { AGENT_PAGE_SIZE, TYPEAHEAD_LIMIT } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import type { UserType } from '@eb/shared/roles';
import { invoke, type InvokeInput } from '../../../test/support/invoke';
import { signedInAsEach, signedInBeforeAll } from '../../../test/support/users';

const P = '/api/agent';
/** A prefix of this run: the names of these tests never meet other rows. */
const RUN = randomUUID().slice(0, 6).toLowerCase();
let n = 0;
const unique = (label = 'agent') => `${label}-${RUN}-${++n}x`; // 'x': no name is another's prefix

/** Every field of the spec, filled. */
const full = (over: Record<string, unknown> = {}) => ({
  code: unique('Full'),
  name: 'Acme Energy Partners',
  master: 'Northeast Master',
  subagent: 'Jane Sub',
  masterCommissionElectric: 0.001,
  agentCommissionElectric: '0.0025',
  subagentCommissionElectric: 0.0005,
  masterCommissionGas: 0.01,
  agentCommissionGas: 0.02,
  subagentCommissionGas: 0.005,
  upsellAgentType: 'master',
  downsellAgentType: 'subagent',
  splitStartElectric: '2024-01-01T00:00:00',
  splitStartGas: '2024-02-29T00:00:00',
  utilityFee: true,
  rewardsAllowed: false,
  status: 'Active',
  salesType: 'Broker',
  contactName: 'Pat Contact',
  companyName: 'Acme LLC',
  portalPassword: 'Portal#1',
  agreementDate: '2023-05-01T00:00:00',
  confidentialityDate: '2023-05-02T00:00:00',
  w9Date: '2023-05-03T00:00:00',
  companyPhoneNumber: '(201) 555-0100',
  contactPhoneNumber: '(201) 555-0101',
  accountStatusEmail: 'status@acme.example.com',
  matrixSheet: 'Matrix A',
  pricingEmail: 'pricing@acme.example.com',
  salesChannel: 'Channel 1',
  commissionReportEmail: 'commissions@acme.example.com',
  entityName: 'Acme Holdings',
  entityAddress: '1 Main St',
  entityCity: 'Newark',
  entityStateId: 'NJ',
  entityZip: '07102',
  agreementContactName: 'Chris Signer',
  agreementContactTitle: 'CEO',
  specialTerms: 'None',
  nyLicense: true,
  njLicense: true,
  paLicense: false,
  operationsNotes: 'ops',
  financeNotes: 'finance',
  pricingNotes: 'pricing',
  managingAgent: 'Morgan Manager',
  ...over,
});

const [admin] = signedInBeforeAll('superAdmin');

async function create(body: Record<string, unknown>): Promise<Agent> {
  const r = await admin.post(`${P}/Create`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function list(query: InvokeInput['query'] = {}) {
  const r = await admin.get(`${P}/GetList`, { limit: AGENT_PAGE_SIZE, getTotalCount: true, ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: Agent[]; totalCount: number };
}
async function logOf(id: number) {
  const r = await admin.get(`${P}/ChangeLogs`, { id });
  expect(r.status).toBe(200);
  return r.body as { action: string; fieldName: string; oldValue: string | null; newValue: string | null; actionUser: string; entity: string; entityId: number }[];
}

describe('agent/Create and agent/Get', () => {
  it('creates an agent with every field of the spec and answers it with its new id and version 1', async () => {
    // Prepare
    const body = full();
    // Act
    const created = await create(body);
    const got = await admin.get(`${P}/Get`, { id: created.objectId });
    // Assess
    expect(created.objectId).toBeGreaterThan(0);
    expect(created.version).toBe(1);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ...body, agentCommissionElectric: 0.0025, objectId: created.objectId, version: 1 });
  });

  it('reads objectIds of the agent-type and state sets as their codes', async () => {
    // Act
    const created = await create(full({ upsellAgentType: 2, downsellAgentType: 1, entityStateId: 33 }));
    // Assess
    expect(created).toMatchObject({ upsellAgentType: 'agent', downsellAgentType: 'master', entityStateId: 'NY' });
  });

  it('needs only the Agent Name; every other field is answered empty (null)', async () => {
    const created = await create({ code: unique() });
    for (const f of AGENT_FIELDS.filter((x) => x !== 'code')) expect(created[f], f).toBeNull();
  });

  it('logs the creation with the user who made it', async () => {
    const created = await create(full());
    expect(await logOf(created.objectId)).toEqual([
      expect.objectContaining({ action: 'added', entity: 'agent', entityId: created.objectId, actionUser: admin.name, entityName: created.name }),
    ]);
  });

  it.each([
    ['code', { code: '' }, MSG.required],
    ['code', { code: undefined }, MSG.required],
    ['code', { code: 'x'.repeat(51) }, 'Field should contain 50 or less characters'],
    ['companyName', { companyName: 'x'.repeat(51) }, 'Field should contain 50 or less characters'],
    ['operationsNotes', { operationsNotes: 'x'.repeat(129) }, 'Field should contain 128 or less characters'],
    ['pricingEmail', { pricingEmail: `${'x'.repeat(190)}@example.com` }, 'Field should contain 200 or less characters'],
    ['accountStatusEmail', { accountStatusEmail: 'not-an-email' }, MSG.incorrectEmailFormat],
    ['commissionReportEmail', { commissionReportEmail: 'a@b' }, MSG.incorrectEmailFormat],
    ['masterCommissionGas', { masterCommissionGas: 'abc' }, 'Field should be decimal number with 7 or less integers and 8 or less decimals'],
    ['agentCommissionGas', { agentCommissionGas: 12345678 }, 'Field should be decimal number with 7 or less integers and 8 or less decimals'],
    ['agentCommissionElectric', { agentCommissionElectric: '0.123456789' }, 'Field should be decimal number with 7 or less integers and 8 or less decimals'],
    ['agreementDate', { agreementDate: '2023-02-29T00:00:00' }, MSG.invalidDate],
    ['w9Date', { w9Date: '05/01/2023' }, MSG.invalidDate],
    ['upsellAgentType', { upsellAgentType: 9 }, MSG.invalidOption],
    ['entityStateId', { entityStateId: 'ZZ' }, MSG.invalidOption],
    ['utilityFee', { utilityFee: 'yes' }, MSG.invalidOption],
  ])('refuses a bad %s with its message and creates nothing (%j)', async (field, over, message) => {
    // Prepare
    const code = unique('Bad');
    // Act
    const r = await admin.post(`${P}/Create`, full({ code, ...over }));
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBe(message);
    expect((await list({ keyword: code })).totalCount).toBe(0);
  });

  it('accepts the longest allowed values', async () => {
    const created = await create(
      full({ code: `${RUN}${'c'.repeat(50 - RUN.length)}`, pricingEmail: `${'x'.repeat(188)}@example.com`, financeNotes: 'n'.repeat(128), masterCommissionElectric: '1234567.12345678' }),
    );
    expect(created.pricingEmail).toHaveLength(200);
    expect(created.financeNotes).toHaveLength(128);
    expect(created.masterCommissionElectric).toBe(1234567.12345678);
  });

  it('answers 404 for an agent that does not exist and 400 for a malformed id', async () => {
    expect((await admin.get(`${P}/Get`, { id: 99_999_999 })).status).toBe(404);
    expect((await admin.get(`${P}/Get`, { id: 'abc' })).status).toBe(400);
  });
});

describe('agent/Update', () => {
  it('saves the changes, bumps the version and logs one entry per changed field', async () => {
    // Prepare
    const a = await create(full({ status: 'Active', agentCommissionGas: 0.02, nyLicense: true }));
    // Act
    const r = await admin.put(`${P}/Update`, { ...a, status: 'Inactive', agentCommissionGas: 0.03, nyLicense: false }, { id: a.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ objectId: a.objectId, version: 2, status: 'Inactive', agentCommissionGas: 0.03, nyLicense: false });
    const updates = (await logOf(a.objectId)).filter((e) => e.action === 'updated');
    expect(updates.map((e) => [e.fieldName, e.oldValue, e.newValue])).toEqual([
      ['agentCommissionGas', '0.02', '0.03'],
      ['status', 'Active', 'Inactive'],
      ['nyLicense', 'true', 'false'],
    ]);
    expect(updates[0]!.actionUser).toBe(admin.name);
    expect((await admin.get(`${P}/Get`, { id: a.objectId })).body.status).toBe('Inactive');
  });

  it('empties the fields an update leaves out (the whole agent is sent)', async () => {
    const a = await create(full());
    const r = await admin.put(`${P}/Update`, { code: a.code, version: 1 }, { id: a.objectId });
    expect(r.status).toBe(200);
    expect(r.body.companyName).toBeNull();
    expect((await logOf(a.objectId)).filter((e) => e.action === 'updated')).toHaveLength(AGENT_FIELDS.length - 1);
  });

  it('answers 409 to a stale version and changes nothing, log included', async () => {
    // Prepare: a first editor saves version 1
    const a = await create(full({ name: 'Original' }));
    expect((await admin.put(`${P}/Update`, { ...a, name: 'First' }, { id: a.objectId })).status).toBe(200);
    // Act: a second editor still holds version 1
    const stale = await admin.put(`${P}/Update`, { ...a, name: 'Second' }, { id: a.objectId });
    // Assess
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MSG.staleVersion);
    expect((await admin.get(`${P}/Get`, { id: a.objectId })).body).toMatchObject({ name: 'First', version: 2 });
    expect((await logOf(a.objectId)).filter((e) => e.action === 'updated').map((e) => e.newValue)).toEqual(['First']);
  });

  it('writes nothing, and no log entry, for an update that changes nothing', async () => {
    const a = await create(full());
    const r = await admin.put(`${P}/Update`, { ...a }, { id: a.objectId });
    expect(r.body.version).toBe(1);
    expect(await logOf(a.objectId)).toHaveLength(1);
  });

  it('refuses an update without the Agent Name and keeps the agent', async () => {
    const a = await create(full());
    const r = await admin.put(`${P}/Update`, { ...a, code: ' ' }, { id: a.objectId });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.code).toBe(MSG.required);
    expect((await admin.get(`${P}/Get`, { id: a.objectId })).body.code).toBe(a.code);
  });
});

describe('agent/Delete', () => {
  it('deletes the agent: gone from Get and the list, with a deleted log entry', async () => {
    // Prepare
    const a = await create(full());
    // Act
    const r = await admin.del(`${P}/Delete`, {}, { id: a.objectId });
    // Assess
    expect(r.status).toBe(204);
    expect((await admin.get(`${P}/Get`, { id: a.objectId })).status).toBe(404);
    expect((await list({ keyword: a.code })).totalCount).toBe(0);
    expect((await logOf(a.objectId)).map((e) => e.action)).toEqual(['deleted', 'added']);
  });

  it('answers 409 to a stale version and keeps the agent', async () => {
    const a = await create(full());
    await admin.put(`${P}/Update`, { ...a, name: 'Changed' }, { id: a.objectId });
    const r = await admin.del(`${P}/Delete`, { version: 1 }, { id: a.objectId });
    expect(r.status).toBe(409);
    expect((await admin.get(`${P}/Get`, { id: a.objectId })).status).toBe(200);
    expect((await logOf(a.objectId)).map((e) => e.action)).toEqual(['updated', 'added']);
  });

  it('answers 404 for an agent already deleted, without another log entry', async () => {
    const a = await create(full());
    await admin.del(`${P}/Delete`, {}, { id: a.objectId });
    const again = await admin.del(`${P}/Delete`, {}, { id: a.objectId });
    expect(again.status).toBe(404);
    expect(await logOf(a.objectId)).toHaveLength(2);
  });
});

describe('agent/GetList', () => {
  it('shows a just-saved agent in the very next list (read-your-writes)', async () => {
    const a = await create(full({ name: 'Fresh Row' }));
    const r = await list({ keyword: a.code });
    expect(r.data.map((x) => x.objectId)).toEqual([a.objectId]);
    expect(r.totalCount).toBe(1);
  });

  it('sorts by Agent Name both ways (default ascending) and by the other sort fields', async () => {
    // Prepare
    const key = unique('sort');
    for (const c of ['b', 'C', 'a']) await create(full({ code: `${key}-${c}`, name: `${key} ${c}`, master: c }));
    // Act
    const byDefault = await list({ keyword: key });
    const asc = await list({ keyword: key, orderBy: 'agent Ascending' });
    const desc = await list({ keyword: key, orderBy: 'agent Descending' });
    const masterDesc = await list({ keyword: key, orderBy: 'master Descending' });
    // Assess
    const codes = (rows: Agent[]) => rows.map((r) => r.code);
    expect(codes(asc.data)).toEqual([`${key}-a`, `${key}-b`, `${key}-C`]);
    expect(codes(byDefault.data)).toEqual(codes(asc.data));
    expect(codes(desc.data)).toEqual([`${key}-C`, `${key}-b`, `${key}-a`]);
    expect(masterDesc.data.map((r) => r.master)).toEqual(['C', 'b', 'a']);
  });

  it.each(['agentId', 'name', 'master', 'agent', 'subagent', 'upsellAgentTypeId', 'downsellAgentTypeId'])(
    'accepts the spec sort field %s in both directions',
    async (field) => {
      const asc = await admin.get(`${P}/GetList`, { limit: 5, orderBy: `${field} Ascending` });
      const desc = await admin.get(`${P}/GetList`, { limit: 5, orderBy: `${field} Descending` });
      expect([asc.status, desc.status]).toEqual([200, 200]);
    },
  );

  it('pages 100 at a time with the exact total count', async () => {
    // Prepare: more agents than one page
    const key = unique('page');
    for (let i = 0; i < AGENT_PAGE_SIZE + 5; i++) {
      const r = await admin.post(`${P}/Create`, { code: `${key}-${String(i).padStart(3, '0')}` });
      expect(r.status).toBe(200);
    }
    // Act
    const page1 = await list({ keyword: key, skip: 0 });
    const page2 = await list({ keyword: key, skip: AGENT_PAGE_SIZE });
    const everything = await list({});
    // Assess
    expect(page1.totalCount).toBe(AGENT_PAGE_SIZE + 5);
    expect(page1.data).toHaveLength(AGENT_PAGE_SIZE);
    expect(page2.data.map((a) => a.code)).toEqual([100, 101, 102, 103, 104].map((i) => `${key}-${i}`));
    expect(everything.totalCount).toBeGreaterThanOrEqual(AGENT_PAGE_SIZE + 5);
    expect(everything.data).toHaveLength(AGENT_PAGE_SIZE);
  });

  it('refuses an unknown sort field with 400', async () => {
    const r = await admin.get(`${P}/GetList`, { orderBy: 'portalPassword Ascending' });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.orderBy).toBeDefined();
  });
});

describe('agent/GetAgentInfoList', () => {
  const key = `ta${RUN}`;
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) await create({ code: `${key}-${String(i).padStart(2, '0')}`, name: i === 0 ? `Zed ${key}` : null });
    await create({ code: `zz-other-${RUN}`, name: `${key.toUpperCase()} named` });
  });

  it('answers at most 10 names starting with the keyword, by Agent Name', async () => {
    // Act
    const r = await admin.post(`${P}/GetAgentInfoList`, { keyword: key });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(TYPEAHEAD_LIMIT);
    expect(r.body.data.map((a: { code: string }) => a.code)).toEqual(Array.from({ length: 10 }, (_, i) => `${key}-${String(i).padStart(2, '0')}`));
    expect(r.body.data[0]).toEqual({ objectId: expect.any(Number), code: `${key}-00`, name: `Zed ${key}` });
    expect(r.body.data[1].name).toBe(`${key}-01`); // no name: the Agent Name
  });

  it('honours a smaller limit and never goes above 10', async () => {
    const three = await admin.post(`${P}/GetAgentInfoList`, { keyword: key }, { limit: 3 });
    const fifty = await admin.post(`${P}/GetAgentInfoList`, { keyword: key }, { limit: 50 });
    expect(three.body.data).toHaveLength(3);
    expect(fifty.body.data).toHaveLength(TYPEAHEAD_LIMIT);
  });

  it('matches the name as well as the Agent Name, ignoring case, and only by prefix', async () => {
    const byName = await admin.post(`${P}/GetAgentInfoList`, { keyword: `${key.toUpperCase()} NAM` });
    const inside = await admin.post(`${P}/GetAgentInfoList`, { keyword: RUN });
    expect(byName.body.data.map((a: { code: string }) => a.code)).toEqual([`zz-other-${RUN}`]);
    expect(inside.body.data.filter((a: { code: string }) => a.code.startsWith(key))).toEqual([]);
  });
});

describe('agent/Export', () => {
  it('answers an .xlsx of the matching agents with the header row and formula text escaped', async () => {
    // Prepare
    const key = unique('exp');
    await create(full({ code: `${key}-1`, name: '=cmd|calc', contactName: '@SUM(A1)', master: '-2+3' }));
    await create(full({ code: `${key}-2`, name: 'Plain' }));
    // Act
    const r = await admin.get(`${P}/Export`, { keyword: key, orderBy: 'agent Ascending', limit: 1, skip: 0 });
    // Assess
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toBe('attachment; filename="agents.xlsx"');
    const bytes = Buffer.from(r.body as string, 'base64');
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Agent Id');
    expect(header[1]).toBe(AGENT_LABELS.code);
    expect(header).toContain(AGENT_LABELS.pricingNotes);
    expect(header).not.toContain(AGENT_LABELS.portalPassword);
    expect(sheet.actualRowCount).toBe(3); // every match, paging ignored
    const col = (label: string) => header.indexOf(label) + 1;
    const first = sheet.getRow(2);
    expect(first.getCell(col('Agent Name')).value).toBe(`${key}-1`);
    expect(first.getCell(col('Name')).value).toBe("'=cmd|calc");
    expect(first.getCell(col('Contact Name')).value).toBe("'@SUM(A1)");
    expect(first.getCell(col('Master')).value).toBe("'-2+3");
    expect(first.getCell(col('Upsell Agent Type')).value).toBe('Master');
    expect(first.getCell(col('Utility Fee')).value).toBe('Yes');
    expect(first.getCell(col('Master Commission Electric')).value).toBe(0.001);
    expect(sheet.getRow(3).getCell(col('Name')).value).toBe('Plain');
  });
});

describe('agent access', () => {
  const as = signedInAsEach('agent', 'viewOnly', 'admin', 'superAdmin');
  const adminCalls = (id: number): InvokeInput[] => [
    { method: 'POST', path: `${P}/Create`, body: { code: unique('denied') } },
    { method: 'PUT', path: `${P}/Update`, query: { id }, body: { code: 'Denied', version: 1 } },
    { method: 'DELETE', path: `${P}/Delete`, query: { id }, body: {} },
    { method: 'GET', path: `${P}/ChangeLogs` },
    { method: 'GET', path: `${P}/Export` },
  ];
  const readCalls = (id: number): InvokeInput[] => [
    { method: 'GET', path: `${P}/Get`, query: { id } },
    { method: 'GET', path: `${P}/GetList`, query: { limit: 5 } },
    { method: 'POST', path: `${P}/GetAgentInfoList`, body: { keyword: '' } },
  ];

  it.each<UserType>(['agent', 'viewOnly', 'admin'])('refuses %s the admin calls with 403 and changes nothing', async (type) => {
    // Prepare
    const a = await create(full({ name: 'Untouched' }));
    const session = as[type];
    // Act
    const statuses = [];
    for (const c of adminCalls(a.objectId)) statuses.push((await session.call(c)).status);
    // Assess
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    expect((await admin.get(`${P}/Get`, { id: a.objectId })).body).toMatchObject({ name: 'Untouched', version: 1 });
    expect(await logOf(a.objectId)).toHaveLength(1);
  });

  it.each<UserType>(['agent', 'viewOnly', 'admin', 'superAdmin'])('lets %s read agents', async (type) => {
    const a = await create(full());
    const session = as[type];
    const statuses = [];
    for (const c of readCalls(a.objectId)) statuses.push((await session.call(c)).status);
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('hides the portal password from staff, and commissions and notes from agent users', async () => {
    // Prepare
    const a = await create(full());
    const { viewOnly: staff, agent: agentUser } = as;
    // Act
    const asAdmin = (await admin.get(`${P}/Get`, { id: a.objectId })).body;
    const asStaff = (await staff.get(`${P}/Get`, { id: a.objectId })).body;
    const asAgent = (await agentUser.get(`${P}/GetList`, { keyword: a.code })).body.data[0];
    // Assess
    expect(asAdmin.portalPassword).toBe('Portal#1');
    expect(asStaff).not.toHaveProperty('portalPassword');
    expect(asStaff.masterCommissionElectric).toBe(0.001);
    for (const f of AGENT_HIDDEN_FROM_AGENTS) expect(asAgent).not.toHaveProperty(f);
    expect(asAgent.code).toBe(a.code);
  });

  it('answers 401 to anonymous callers on every agent call', async () => {
    const statuses = [];
    for (const c of [...readCalls(1), ...adminCalls(1)]) statuses.push((await invoke(c)).status);
    expect(statuses).toEqual(Array(8).fill(401));
  });
});
