import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { MSG } from '@eb/shared/messages';
import { STATIC_REFERENCE_SETS } from '@eb/shared/reference/data';
import type { UserType } from '@eb/shared/roles';
import { currentUserQuery } from '../users/session';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../lib/query-client';
import { installFakeApi, reply, userOf, type FakeRoutes } from '../../test/fake-api';
import { BusinessEntitySearchDialog, type BusinessEntitySearchDialogProps } from './BusinessEntitySearchDialog';

const entity = (objectId: number, businessEntityId: number, legalName: string, companyType: string | null = 'Corporation', type: string | null = 'Industrial'): BusinessEntity => ({
  objectId,
  businessEntityId,
  legalName,
  companyType,
  type,
  isActive: true,
  version: 1,
});
const ACME = entity(1, 1001, 'Acme Holdings');
const BOLT = entity(2, 1002, 'Bolt Energy LLC', 'LLC', null);

function fakeServer(overrides: FakeRoutes = {}) {
  return installFakeApi({
    'GET /api/Reference/GetReferences': () => reply(200, STATIC_REFERENCE_SETS),
    'POST /api/businessentity/GetList': () => reply(200, { data: [ACME, BOLT], totalCount: 2 }),
    'POST /api/businessentity/Generate': () => reply(200, { businessEntityId: 1003 }),
    ...overrides,
  });
}

function renderDialog(props: Partial<BusinessEntitySearchDialogProps> = {}, userType: UserType = 'admin') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQuery().queryKey, userOf(userType));
  const onSelect = vi.fn();
  const onHide = vi.fn();
  render(
    <AppProviders queryClient={queryClient}>
      <BusinessEntitySearchDialog visible onHide={onHide} onSelect={onSelect} {...props} />
    </AppProviders>,
  );
  return { onSelect, onHide };
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const grid = () => screen.findByRole('table', { name: 'Business entities' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('BusinessEntitySearchDialog', { timeout: 20_000 }, () => {
  it('lists active entities with the spec columns, 15 a page by id ascending', async () => {
    // Prepare
    const api = fakeServer();
    // Act
    renderDialog();
    // Assess
    const table = await grid();
    await within(table).findByText('Acme Holdings');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Business Entity Id', 'Legal Name', 'Company Type', 'Business Entity Type']));
    expect(within(table).getByText('Corporation')).toBeInTheDocument(); // company type code, by name
    const list = api.to('POST /api/businessentity/GetList')[0]!;
    expect(list.query.get('limit')).toBe('15');
    expect(list.query.get('orderBy')).toBe('businessEntityId Ascending');
    expect(list.body).toEqual({ status: 'active' });
    expect(screen.getByRole('button', { name: 'Add to Amendment' })).toBeDisabled();
  });

  it('keeps a single selection and returns the picked entity with Add to Amendment', async () => {
    // Prepare
    fakeServer();
    const u = user();
    const { onSelect, onHide } = renderDialog();
    const table = await grid();
    await within(table).findByText('Acme Holdings');
    // Act
    await u.click(screen.getByRole('radio', { name: 'Select Acme Holdings' }));
    await u.click(within(table).getByText('Bolt Energy LLC')); // a click on the row selects it too
    // Assess
    expect(screen.getByRole('radio', { name: 'Select Bolt Energy LLC' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Select Acme Holdings' })).not.toBeChecked();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    // Act
    await u.click(screen.getByRole('button', { name: 'Add to Amendment' }));
    // Assess
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(BOLT);
    expect(onHide).toHaveBeenCalled();
  });

  it('searches by keyword once typing pauses', async () => {
    // Prepare
    const api = fakeServer();
    const u = user();
    renderDialog();
    await grid();
    // Act
    await u.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'bolt');
    // Assess
    await waitFor(() => expect(api.to('POST /api/businessentity/GetList').at(-1)!.body).toEqual({ keyword: 'bolt', status: 'active' }));
    // the loading waited for the pause: no request for a partial word
    expect(api.to('POST /api/businessentity/GetList').map((r) => (r.body as { keyword?: string }).keyword)).not.toContain('bo');
  });

  it('creates a new entity with the reserved id and returns it with Save and Add to Amendment', async () => {
    // Prepare
    const created = entity(3, 1003, 'Cobalt Partners', 'Partnership', 'Commercial');
    const api = fakeServer({ 'POST /api/businessentity/Create': () => reply(200, created) });
    const u = user();
    const { onSelect } = renderDialog();
    await grid();
    // Act
    await u.click(screen.getByRole('button', { name: 'Add New Business Entity' }));
    // Assess
    const id = await screen.findByLabelText('Business Entity ID');
    await waitFor(() => expect(id).toHaveValue('1003'));
    expect(id).toHaveAttribute('readonly');
    expect(screen.queryByText('Status')).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save and Add to Amendment' });
    expect(save).toBeDisabled();
    // Act
    await u.type(screen.getByLabelText(/Legal Name/), 'Cobalt Partners');
    await u.click(save);
    // Assess
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(created));
    expect(api.to('POST /api/businessentity/Create')[0]!.body).toEqual({
      businessEntityId: 1003,
      legalName: 'Cobalt Partners',
      companyType: null,
      type: null,
      isActive: true,
    });
    expect(await screen.findByText(MSG.businessEntityCreated)).toBeInTheDocument();
  });

  it('goes back from the create form to the search', async () => {
    // Prepare
    fakeServer();
    const u = user();
    renderDialog();
    await grid();
    await u.click(screen.getByRole('button', { name: 'Add New Business Entity' }));
    // Act
    await u.click(await screen.findByRole('button', { name: 'Back to Search' }));
    // Assess
    expect(await grid()).toBeInTheDocument();
  });

  it('uses the button texts it is given', async () => {
    // Prepare
    fakeServer();
    // Act
    renderDialog({ addLabel: 'Add to Account', addNewLabel: 'New Entity', cancelLabel: 'Never mind' });
    // Assess
    await grid();
    expect(screen.getByRole('button', { name: 'Add to Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Entity' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Never mind' })).toBeInTheDocument();
  });

  it('offers no creation to a viewOnly user', async () => {
    // Prepare
    fakeServer();
    // Act
    renderDialog({}, 'viewOnly');
    // Assess
    await grid();
    expect(screen.queryByRole('button', { name: 'Add New Business Entity' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Amendment' })).toBeInTheDocument();
  });
});
