import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { AGENT_FIELDS, type Agent } from '@eb/shared/agent/schemas';
import { MSG } from '@eb/shared/messages';
import { STATIC_REFERENCE_SETS, USER_TYPE_OPTIONS, type ReferenceSet } from '@eb/shared/reference/data';
import type { Territory } from '@eb/shared/reference/territory';
import { installFakeApi, reply, sessionRoutes, userOf, type FakeRoutes } from '../../../test/fake-api';
import { currentPath, renderApp } from '../../../test/render-app';
import { emptyAgent } from './AgentTable';
import { emptyTerritory, isTerritorySavable } from './TerritoryTable';

const TERRITORIES: Territory[] = [
  { objectId: 1, version: 3, code: 'PSEG', name: 'PSE&G', state: 'NJ', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.06625', ldcPattern: '\\d{10}', ldcFormatDescription: '10 digits', ldcMismatch: 'Warn' },
  { objectId: 2, version: 1, code: 'PECO', name: 'PECO Energy', state: 'PA', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '3', taxRate: null, ldcPattern: null, ldcFormatDescription: null, ldcMismatch: null },
];
const agent = (objectId: number, code: string, name: string): Agent => ({ ...(emptyAgent() as unknown as Agent), objectId, version: 2, code, name, status: 'Active' });
const AGENTS: Agent[] = [agent(11, 'Acme', 'Acme Partners'), agent(12, 'Bolt', 'Bolt Energy')];
const REFERENCES: ReferenceSet[] = [...STATIC_REFERENCE_SETS, { itemType: 'userTypes', items: USER_TYPE_OPTIONS }];

function fakeServer(overrides: FakeRoutes = {}) {
  return installFakeApi({
    ...sessionRoutes(userOf('superAdmin')),
    'GET /api/Reference/GetReferences': () => reply(200, REFERENCES),
    'GET /api/Reference/TerritoryGetList': () => reply(200, { data: TERRITORIES, totalCount: TERRITORIES.length }),
    'GET /api/Reference/ChangeLogs': () => reply(200, []),
    'GET /api/agent/GetList': () => reply(200, { data: AGENTS, totalCount: 240 }),
    'GET /api/agent/ChangeLogs': () => reply(200, []),
    ...overrides,
  });
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const table = (name: string) => screen.findByRole('table', { name });

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Data Administration page', { timeout: 30_000 }, () => {
  it('shows the territory table by default, with the spec columns and the Add button', async () => {
    // Prepare
    fakeServer();
    // Act
    renderApp('/enrollments/data');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Administration' })).toBeInTheDocument();
    const grid = await table('Territories');
    await within(grid).findByText('PSE&G');
    const headers = within(grid).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Code', 'Name', 'State', 'Commodity', 'Measure Unit', 'Bill Method Id', 'Tax Rate']));
    expect(screen.getByLabelText('Select data table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('opens the agent table from the URL, and falls back to territories for an unknown table', async () => {
    // Prepare
    fakeServer();
    // Act
    const first = renderApp('/enrollments/data?table=agent');
    // Assess
    const agents = await table('Agents');
    expect(await within(agents).findByText('Acme Partners')).toBeInTheDocument();
    expect(screen.getByText(/of 240$/)).toBeInTheDocument();
    first.unmount();
    renderApp('/enrollments/data?table=nope');
    expect(await table('Territories')).toBeInTheDocument();
  });

  it('keeps the chosen table in the URL', async () => {
    // Prepare
    fakeServer();
    const u = user();
    renderApp('/enrollments/data');
    await table('Territories');
    // Act
    await u.click(screen.getByLabelText('Select data table').closest('.p-dropdown')!);
    // (the panel is still entering, display none, in jsdom: hence hidden)
    await u.click(await screen.findByRole('option', { name: 'Agent', hidden: true }));
    // Assess
    expect(await table('Agents')).toBeInTheDocument();
    expect(currentPath()).toBe('/enrollments/data?table=agent');
  });

  it('saves an edited territory with its version, says so, and reloads the change log and the territory cache', async () => {
    // Prepare
    const api = fakeServer({
      'PUT /api/Reference/TerritoryUpdate': (req) => reply(200, { ...TERRITORIES[0], ...(req.body as object), version: 4 }),
    });
    const u = user();
    renderApp('/enrollments/data');
    const grid = await table('Territories');
    await u.click(await within(grid).findByText('PSE&G'));
    const name = within(grid).getByRole('textbox', { name: 'Name' });
    const before = { refs: api.to('GET /api/Reference/GetReferences').length, log: api.to('GET /api/Reference/ChangeLogs').length };
    // Act
    await u.clear(name);
    await u.type(name, 'PSE and G');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    expect(await screen.findByText(MSG.allChangesSaved)).toBeInTheDocument();
    const put = api.to('PUT /api/Reference/TerritoryUpdate');
    expect(put).toHaveLength(1);
    expect(put[0]!.query.get('id')).toBe('1');
    expect(put[0]!.body).toEqual({ code: 'PSEG', name: 'PSE and G', state: 'NJ', commodity: 'Electric', measureUnit: 'KWH', billMethodId: '1', taxRate: '0.06625', ldcPattern: '\\d{10}', ldcFormatDescription: '10 digits', ldcMismatch: 'Warn', version: 3 });
    await waitFor(() => expect(api.to('GET /api/Reference/GetReferences').length).toBeGreaterThan(before.refs));
    await waitFor(() => expect(api.to('GET /api/Reference/ChangeLogs').length).toBeGreaterThan(before.log));
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('says why a typed tax rate keeps Save disabled, where it is typed', async () => {
    // Prepare
    fakeServer();
    const u = user();
    renderApp('/enrollments/data');
    const grid = await table('Territories');
    await u.click(await within(grid).findByText('PSE&G'));
    const rate = within(grid).getByRole('textbox', { name: 'Tax Rate' });
    // Act
    await u.clear(rate);
    await u.type(rate, '6.625%');
    // Assess
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription(MSG.territoryTaxRateNumber);
    // Act: a number
    await u.clear(rate);
    await u.type(rate, '0.06625');
    // Assess
    expect(rate).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(MSG.territoryTaxRateNumber)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('restores an edited agent row with Esc and sends nothing', async () => {
    // Prepare
    const api = fakeServer();
    const u = user();
    renderApp('/enrollments/data?table=agent');
    const grid = await table('Agents');
    await u.click(await within(grid).findByText('Bolt Energy'));
    // Act
    const name = within(grid).getByRole('textbox', { name: 'Name' });
    await u.clear(name);
    await u.type(name, 'Changed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await u.keyboard('{Escape}');
    // Assess
    expect(await within(grid).findByText('Bolt Energy')).toBeInTheDocument();
    expect(within(grid).queryByDisplayValue('Changed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('keeps Save disabled while a new agent has no Agent Name', async () => {
    // Prepare
    fakeServer();
    const u = user();
    renderApp('/enrollments/data?table=agent');
    const grid = await table('Agents');
    await within(grid).findByText('Acme Partners');
    // Act
    await u.click(screen.getByRole('button', { name: 'Add' }));
    const code = within(grid).getByRole('textbox', { name: 'Agent Name' });
    // Assess
    expect(code).toHaveAttribute('placeholder', MSG.required);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await u.type(code, 'Delta');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('asks Yes/No before deleting an agent, and deletes it with its version on Yes', async () => {
    // Prepare
    const api = fakeServer({ 'DELETE /api/agent/Delete': () => reply(204) });
    const u = user();
    renderApp('/enrollments/data?table=agent');
    const grid = await table('Agents');
    await within(grid).findByText('Acme Partners');
    // Act: No
    await u.click(within(grid).getByRole('button', { name: 'Delete Acme' }));
    expect(await screen.findByText(MSG.agentDeleteConfirm)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'No' }));
    // Assess
    expect(api.to('DELETE /api/agent/Delete')).toHaveLength(0);
    // Act: Yes
    await u.click(within(grid).getByRole('button', { name: 'Delete Acme' }));
    await u.click(await screen.findByRole('button', { name: 'Yes' }));
    // Assess
    await waitFor(() => expect(api.to('DELETE /api/agent/Delete')).toHaveLength(1));
    const del = api.to('DELETE /api/agent/Delete')[0]!;
    expect(del.query.get('id')).toBe('11');
    expect(del.body).toEqual({ version: 2 });
  });

  it('exports the agents matching the search in the grid order as the named file', async () => {
    // Prepare
    const api = fakeServer({
      'GET /api/agent/Export': () =>
        new Response('PK', { status: 200, headers: { 'content-disposition': 'attachment; filename="agents.xlsx"' } }),
    });
    const created = vi.fn((_blob: Blob) => 'blob:agents');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const u = user();
    renderApp('/enrollments/data?table=agent');
    const grid = await table('Agents');
    await within(grid).findByText('Acme Partners');
    // Act
    await u.type(screen.getByRole('textbox', { name: 'Search agents' }), 'acme');
    await waitFor(() => expect(api.to('GET /api/agent/GetList').some((r) => r.query.get('keyword') === 'acme')).toBe(true));
    await u.click(screen.getByRole('button', { name: 'Export' }));
    // Assess
    await waitFor(() => expect(clicked).toEqual(['agents.xlsx']));
    const exp = api.to('GET /api/agent/Export')[0]!;
    expect(exp.query.get('keyword')).toBe('acme');
    expect(exp.query.get('orderBy')).toBe('agent Ascending');
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('row rules', () => {
  it('lets a territory be saved only with state, commodity, measure unit, bill method, code and name', () => {
    const full = { ...emptyTerritory(), code: 'X', name: 'Y', state: 'NJ', commodity: 'Gas', measureUnit: 'CCF', billMethodId: '2' };
    expect(isTerritorySavable(full)).toBe(true);
    for (const f of ['code', 'name', 'state', 'commodity', 'measureUnit', 'billMethodId'] as const) {
      expect(isTerritorySavable({ ...full, [f]: f === 'code' || f === 'name' ? '  ' : null }), f).toBe(false);
    }
    expect(isTerritorySavable({ ...full, taxRate: 'x'.repeat(51) })).toBe(false);
  });

  it('starts a new agent with every field empty and an empty Agent Name', () => {
    const row = emptyAgent();
    expect(row.objectId).toBe(0);
    expect(row.code).toBe('');
    expect(AGENT_FIELDS.filter((f) => f !== 'code').every((f) => row[f] === null)).toBe(true);
  });
});
