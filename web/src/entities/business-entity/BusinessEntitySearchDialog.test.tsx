import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { MSG } from '@eb/shared/messages';
import { reply } from '../../test/fake-api';
import { itBehavesAsASearchPopup, searchPopupTestKit, searchPopupUser } from '../../test/search-popup';
import { BusinessEntitySearchDialog } from './BusinessEntitySearchDialog';

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

const kit = searchPopupTestKit(BusinessEntitySearchDialog, {
  routes: {
    'POST /api/businessentity/GetList': () => reply(200, { data: [ACME, BOLT], totalCount: 2 }),
    'POST /api/businessentity/Generate': () => reply(200, { businessEntityId: 1003 }),
  },
  gridName: 'Business entities',
});
const { fakeServer, renderDialog, grid } = kit;
const user = searchPopupUser;

describe('BusinessEntitySearchDialog', { timeout: 20_000 }, () => {
  itBehavesAsASearchPopup(kit, {
    list: { route: 'POST /api/businessentity/GetList', body: { status: 'active' }, orderBy: 'businessEntityId Ascending' },
    listed: { text: 'Acme Holdings', headers: ['Business Entity Id', 'Legal Name', 'Company Type', 'Business Entity Type'] },
    keyword: { typed: 'bolt', body: { keyword: 'bolt', status: 'active' } },
    buttons: { addNew: 'Add New Business Entity', confirm: 'Add to Amendment' },
    labels: { props: { addLabel: 'Add to Account', addNewLabel: 'New Entity', cancelLabel: 'Never mind' }, shown: ['Add to Account', 'New Entity', 'Never mind'] },
    moreListed: (table) => expect(within(table).getByText('Corporation')).toBeInTheDocument(), // company type code, by name
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

});
