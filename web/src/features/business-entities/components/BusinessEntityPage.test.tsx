import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { MSG } from '@eb/shared/messages';
import { STATIC_REFERENCE_SETS, USER_TYPE_OPTIONS, type ReferenceSet } from '@eb/shared/reference/data';
import type { UserType } from '@eb/shared/roles';
import { installFakeApi, reply, sessionRoutes, userOf, type FakeRoutes } from '../../../test/fake-api';
import { currentPath, renderApp } from '../../../test/render-app';

const REFERENCES: ReferenceSet[] = [...STATIC_REFERENCE_SETS, { itemType: 'userTypes', items: USER_TYPE_OPTIONS }];
const ACME: BusinessEntity = { objectId: 5, businessEntityId: 1001, legalName: 'Acme Holdings', companyType: 'LLC', type: 'Commercial', isActive: true, version: 3 };
const DORMANT: BusinessEntity = { objectId: 6, businessEntityId: 1002, legalName: 'Dormant Corp', companyType: null, type: null, isActive: false, version: 1 };

function fakeServer(userType: UserType = 'admin', overrides: FakeRoutes = {}) {
  return installFakeApi({
    ...sessionRoutes(userOf(userType)),
    'GET /api/Reference/GetReferences': () => reply(200, REFERENCES),
    'POST /api/businessentity/GetList': () => reply(200, { data: [ACME, DORMANT], totalCount: 32 }),
    'GET /api/businessentity/ChangeLogs': () => reply(200, []),
    'GET /api/businessentity/Get': () => reply(200, ACME),
    'POST /api/businessentity/Generate': () => reply(200, { businessEntityId: 1003 }),
    ...overrides,
  });
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const grid = () => screen.findByRole('table', { name: 'Business entities' });
const lastList = (api: ReturnType<typeof fakeServer>) => api.to('POST /api/businessentity/GetList').at(-1)!;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Business Entity Management', { timeout: 30_000 }, () => {
  it('lists entities with the spec columns, 15 a page by id ascending, inactive rows styled', async () => {
    // Prepare
    const api = fakeServer();
    // Act
    renderApp('/enrollments/business-entity');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Entity Management' })).toBeInTheDocument();
    const table = await grid();
    await within(table).findByText('Acme Holdings');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Business Entity ID', 'Legal Name', 'Company Type', 'Business Entity Type', 'Status']));
    expect(within(table).getByText('LLC')).toBeInTheDocument();
    expect(within(table).getByText('Commercial')).toBeInTheDocument();
    expect(within(table).getByText('Dormant Corp').closest('tr')).toHaveClass('eb-row-inactive');
    expect(within(table).getByText('Acme Holdings').closest('tr')).not.toHaveClass('eb-row-inactive');
    expect(within(table).getByRole('button', { name: 'Edit Acme Holdings' })).toBeInTheDocument();
    const list = lastList(api);
    expect(list.query.get('limit')).toBe('15');
    expect(list.query.get('orderBy')).toBe('businessEntityId Ascending');
    expect(list.query.get('getTotalCount')).toBe('true');
    expect(list.body).toEqual({});
  });

  it('keeps company type and type filters in the URL as codes', async () => {
    // Prepare
    const api = fakeServer();
    renderApp('/enrollments/business-entity?companyType=Sole%20Proprietorship&type=Industrial');
    await grid();
    // Assess
    expect(lastList(api).body).toEqual({ companyType: 'Sole Proprietorship', type: 'Industrial' });
    expect(screen.getByRole('combobox', { name: 'Company Type' })).toHaveValue('Sole Proprietorship');
    expect(screen.getByRole('combobox', { name: 'Business Type' })).toHaveValue('Industrial');
  });

  it('opens with the filters of the URL, and Reset Filters clears them', async () => {
    // Prepare
    const api = fakeServer();
    const u = user();
    renderApp('/enrollments/business-entity?keyword=acme&companyType=2&type=1&status=inactive');
    await grid();
    // Assess
    expect(lastList(api).body).toEqual({ keyword: 'acme', companyType: 'LLC', type: 'Commercial', status: 'inactive' });
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Company Type' })).toHaveValue('LLC');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    // Act
    await u.click(screen.getByRole('button', { name: 'x Reset Filters' }));
    // Assess
    await waitFor(() => expect(lastList(api).body).toEqual({}));
    expect(currentPath()).toBe('/enrollments/business-entity');
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveValue('');
  });

  it('puts the typed keyword in the URL and loads once typing pauses', async () => {
    // Prepare
    const api = fakeServer();
    const u = user();
    renderApp('/enrollments/business-entity');
    await grid();
    // Act
    await u.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'acme');
    // Assess
    await waitFor(() => expect(currentPath()).toBe('/enrollments/business-entity?keyword=acme'));
    await waitFor(() => expect(lastList(api).body).toEqual({ keyword: 'acme' }));
  });

  it('filters by a chosen status and puts it in the URL', async () => {
    // Prepare
    const api = fakeServer();
    const u = user();
    renderApp('/enrollments/business-entity');
    await grid();
    // Act
    await u.type(screen.getByRole('combobox', { name: 'Status' }), 'Ina');
    // Assess
    await waitFor(() => expect(lastList(api).body).toEqual({ status: 'inactive' }));
    expect(currentPath()).toBe('/enrollments/business-entity?status=inactive');
  });

  it('shows a viewOnly user the list without Add or Edit', async () => {
    // Prepare
    fakeServer('viewOnly');
    // Act
    renderApp('/enrollments/business-entity');
    // Assess
    const table = await grid();
    await within(table).findByText('Acme Holdings');
    expect(screen.queryByRole('button', { name: 'Add New Business Entity' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('adds an entity: the server reserves the id, Save waits for a Legal Name, then the created notice', async () => {
    // Prepare
    const created: BusinessEntity = { ...ACME, objectId: 9, businessEntityId: 1003, legalName: 'Cobalt', companyType: 'Corporation', type: null };
    const api = fakeServer('admin', { 'POST /api/businessentity/Create': () => reply(200, created) });
    const u = user();
    renderApp('/enrollments/business-entity');
    await grid();
    // Act
    await u.click(screen.getByRole('button', { name: 'Add New Business Entity' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Add New Business Entity' });
    await waitFor(() => expect(within(dialog).getByLabelText('Business Entity ID')).toHaveValue('1003'));
    expect(within(dialog).queryByText('Status')).not.toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // Act
    await u.type(within(dialog).getByLabelText(/Legal Name/), 'x'.repeat(41));
    // Assess
    expect(within(dialog).getByText('Field should contain 40 or less characters')).toBeInTheDocument();
    expect(save).toBeDisabled();
    // Act
    await u.clear(within(dialog).getByLabelText(/Legal Name/));
    await u.type(within(dialog).getByLabelText(/Legal Name/), 'Cobalt');
    await u.type(within(dialog).getByRole('combobox', { name: 'Company Type' }), 'Corp');
    await u.click(save);
    // Assess
    expect(await screen.findByText(MSG.businessEntityCreated)).toBeInTheDocument();
    expect(api.to('POST /api/businessentity/Create')[0]!.body).toEqual({
      businessEntityId: 1003,
      legalName: 'Cobalt',
      companyType: 'Corporation',
      type: null,
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /api/businessentity/GetList').length).toBeGreaterThan(1); // the list reloaded
  });

  it('edits an entity: Save stays disabled until a value differs from the loaded one', async () => {
    // Prepare
    const api = fakeServer('admin', { 'PUT /api/businessentity/Update': () => reply(200, { ...ACME, isActive: false, version: 4 }) });
    const u = user();
    renderApp('/enrollments/business-entity');
    const table = await grid();
    // Act
    await u.click(await within(table).findByRole('button', { name: 'Edit Acme Holdings' }));
    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Edit Business Entity' });
    const name = await within(dialog).findByLabelText(/Legal Name/);
    expect(name).toHaveValue('Acme Holdings');
    expect(within(dialog).getByLabelText('Business Entity ID')).toHaveValue('1001');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // Act: a change, then back to the loaded value
    await u.type(name, '!');
    expect(save).toBeEnabled();
    await u.type(name, '{Backspace}');
    // Assess
    expect(save).toBeDisabled();
    // Act: the status
    await u.click(within(dialog).getByRole('button', { name: 'Inactive' }));
    expect(save).toBeEnabled();
    await u.click(save);
    // Assess
    expect(await screen.findByText(MSG.allChangesSaved)).toBeInTheDocument();
    const put = api.to('PUT /api/businessentity/Update')[0]!;
    expect(put.query.get('id')).toBe('5');
    expect(put.body).toEqual({ businessEntityId: 1001, legalName: 'Acme Holdings', companyType: 'LLC', type: 'Commercial', isActive: false, version: 3 });
  });

  it('offers a reload after a stale save', async () => {
    // Prepare
    fakeServer('admin', { 'PUT /api/businessentity/Update': () => reply(409, { message: MSG.staleVersion }) });
    const u = user();
    renderApp('/enrollments/business-entity');
    const table = await grid();
    await u.click(await within(table).findByRole('button', { name: 'Edit Acme Holdings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Business Entity' });
    // Act
    await u.type(await within(dialog).findByLabelText(/Legal Name/), ' Inc');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Assess
    expect(await within(dialog).findByText(MSG.staleVersion)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
