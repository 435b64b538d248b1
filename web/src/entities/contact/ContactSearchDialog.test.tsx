import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@eb/shared/messages';
import type { PrimaryContactReferenceData, ContactRow } from '@eb/shared/contact/schemas';
import { reply } from '../../test/fake-api';
import { itBehavesAsASearchPopup, searchPopupTestKit, searchPopupUser } from '../../test/search-popup';
import { ContactSearchDialog } from './ContactSearchDialog';

const row = (objectId: number, firstName: string, lastName: string, over: Partial<ContactRow> = {}): ContactRow => ({
  objectId,
  contactId: objectId,
  firstName,
  middleName: null,
  lastName,
  suffix: null,
  identifier: `ID-${objectId}`,
  role: 'Owner',
  status: 'Active',
  businessEntityObjectId: 7,
  businessEntityId: 1007,
  legalName: 'Harbor Lights LLC',
  version: 1,
  ...over,
});
const ANN = row(11, 'Ann', 'Archer');
const BOB = row(12, 'Bob', 'Baker', { businessEntityObjectId: null, businessEntityId: null, legalName: null, role: null });
const ref = (contactId: number) => ({ primaryContact: { objectId: contactId }, version: 1 });
const RECORDS: Record<number, PrimaryContactReferenceData> = {
  11: {
    primaryContact: { ...ANN, businessEntity: { objectId: 7, businessEntityId: 1007, legalName: 'Harbor Lights LLC' } },
    addresses: [
      { ...ref(11), objectId: 101, addressType: 'Service', addressLine: '1 Main Street', county: 'Essex', city: 'Newark', state: 'NJ', zipCode: '07102', zipAppendix: null, supplyZone: null },
      { ...ref(11), objectId: 102, addressType: 'Billing', addressLine: '9 Side Road', county: null, city: 'Trenton', state: 'NJ', zipCode: null, zipAppendix: null, supplyZone: null },
    ],
    phones: [{ ...ref(11), objectId: 201, phoneNumber: '9735550100', type: 'Work' }],
    emails: [{ ...ref(11), objectId: 301, emailAddress: 'ann@example.com', type: 'Work' }],
  },
  12: {
    primaryContact: { ...BOB, businessEntity: null },
    addresses: [{ ...ref(12), objectId: 111, addressType: 'Mailing', addressLine: '5 Elm Street', county: null, city: 'Camden', state: 'NJ', zipCode: null, zipAppendix: null, supplyZone: null }],
    phones: [{ ...ref(12), objectId: 211, phoneNumber: '8565550100', type: 'Mobile' }],
    emails: [],
  },
};

const kit = searchPopupTestKit(ContactSearchDialog, {
  routes: {
    'POST /api/primarycontact/GetList': () => reply(200, { data: [ANN, BOB], totalCount: 2 }),
    'GET /api/primarycontact/GetPrimaryContactReferenceData': (req) => reply(200, RECORDS[Number(req.query.get('primaryContactReference'))]),
    'POST /api/primarycontact/Generate': () => reply(200, { objectId: 50 }),
    'POST /api/primarycontact/Create': () => reply(200, { objectId: 50, address: { objectId: 501 }, phone: { objectId: 502 } }),
    'GET /api/Reference/GetAddressLocationByZipCode': (req) =>
      req.query.get('zipCode') === '07102' ? reply(200, { zipCode: '07102', state: 'NJ', city: 'Newark', county: 'Essex' }) : reply(404, { message: MSG.zipNotFound }),
  },
  gridName: 'Contacts to choose from',
});
const { fakeServer, renderDialog, grid } = kit;
const user = searchPopupUser;

/** The data row of a contact (not its expansion). */
const rowOf = async (text: string) => (await within(await grid()).findByText(text)).closest('tr')!;

describe('ContactSearchDialog', { timeout: 20_000 }, () => {
  itBehavesAsASearchPopup(kit, {
    list: { route: 'POST /api/primarycontact/GetList', body: { statusRef: 'Active', keyword: null }, orderBy: 'contactId Ascending' },
    listed: { text: 'Archer', headers: ['Contact Id', 'First Name', 'Last Name', 'Business Entity ID', 'Legal Name', 'Role', 'Identifier'] },
    keyword: { typed: 'harbor', body: { statusRef: 'Active', keyword: 'harbor' } },
    buttons: { addNew: MSG.contactSearchAddNew, confirm: MSG.contactSearchConfirm },
    labels: { props: { addNewLabel: 'Add New Contact', confirmLabel: 'Add Contact', saveAndAddLabel: 'Save and Add to Account' }, shown: ['Add New Contact', 'Add Contact'] },
    moreListed: () => expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument(),
    // it sorts on the server: by legal name
    moreSearched: async (api) => {
      await searchPopupUser().click(within(await grid()).getByText('Legal Name'));
      await waitFor(() => expect(api.to('POST /api/primarycontact/GetList').at(-1)!.query.get('orderBy')).toBe('legalName Ascending'));
    },
    moreLabelled: async () => {
      expect(screen.getByRole('button', { name: 'Add Contact' })).toBeDisabled();
      await searchPopupUser().click(screen.getByRole('button', { name: 'Add New Contact' }));
      expect(await screen.findByRole('button', { name: 'Save and Add to Account' })).toBeDisabled();
    },
  });

  it('expands one contact at a time; confirm needs an address and a phone (an only one comes chosen; a click anywhere on its row chooses one); email is optional', async () => {
    // Prepare
    fakeServer();
    const u = user();
    const { onSelect, onHide } = renderDialog();
    const confirm = () => screen.getByRole('button', { name: MSG.contactSearchConfirm });
    // Act: open Ann (two addresses, one phone)
    await u.click(await rowOf('Archer'));
    await screen.findByRole('radio', { name: 'Address 1 Main Street' });
    // Assess: her choices are radio buttons; her only phone is chosen, no address yet
    expect(screen.getByRole('radio', { name: 'Address 9 Side Road' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Phone 9735550100' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Email ann@example.com' })).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
    // Act: a click on the address's row (its street, not its radio button)
    await u.click(screen.getByRole('cell', { name: '1 Main Street' }));
    await waitFor(() => expect(confirm()).toBeEnabled());
    expect(screen.getByRole('radio', { name: 'Address 1 Main Street' })).toBeChecked();
    // Act: opening Bob (one address, one phone) closes Ann; his only ones come chosen
    await u.click(await rowOf('Baker'));
    await screen.findByRole('radio', { name: 'Address 5 Elm Street' });
    expect(screen.queryByRole('radio', { name: 'Address 1 Main Street' })).not.toBeInTheDocument();
    await waitFor(() => expect(confirm()).toBeEnabled());
    await u.click(confirm());
    // Assess
    expect(onSelect).toHaveBeenCalledTimes(1);
    const selection = onSelect.mock.calls[0]![0];
    expect(selection.contact).toMatchObject({ objectId: 12, firstName: 'Bob', lastName: 'Baker' });
    expect(selection.address).toMatchObject({ objectId: 111, addressLine: '5 Elm Street' });
    expect(selection.phone).toMatchObject({ objectId: 211, phoneNumber: '8565550100' });
    expect(selection.email).toBeNull();
    expect(onHide).toHaveBeenCalled();
  });

  it('hands back the chosen email, and none after choosing No email', async () => {
    fakeServer();
    const u = user();
    const { onSelect } = renderDialog();
    await u.click(await rowOf('Archer'));
    await u.click(await screen.findByRole('radio', { name: 'Address 9 Side Road' }));
    await u.click(screen.getByRole('radio', { name: 'Phone 9735550100' }));
    await u.click(screen.getByRole('radio', { name: 'Email ann@example.com' }));
    await u.click(screen.getByRole('button', { name: MSG.contactSearchConfirm }));
    await u.click(screen.getByRole('radio', { name: 'No email' }));
    expect(screen.getByRole('radio', { name: 'Email ann@example.com' })).not.toBeChecked();
    await u.click(screen.getByRole('button', { name: MSG.contactSearchConfirm }));
    expect(onSelect.mock.calls[0]![0].email).toMatchObject({ objectId: 301, emailAddress: 'ann@example.com' });
    expect(onSelect.mock.calls[0]![0].address).toMatchObject({ objectId: 102 });
    expect(onSelect.mock.calls[1]![0].email).toBeNull();
  });

  it('creates a contact with Add New and chooses it with its new address and phone', async () => {
    // Prepare
    const api = fakeServer();
    const u = user();
    const { onSelect, onHide } = renderDialog();
    await grid();
    // Act
    await u.click(screen.getByRole('button', { name: MSG.contactSearchAddNew }));
    const save = await screen.findByRole('button', { name: MSG.contactSearchSaveAndAdd });
    await waitFor(() => expect(screen.getByLabelText('Contact Id')).toHaveValue('50'));
    await u.type(screen.getByLabelText(/^First Name/), 'Cleo');
    await u.type(screen.getByLabelText(/^Last Name/), 'Chen');
    const address = screen.getByRole('group', { name: 'Address' });
    await u.type(within(address).getByRole('combobox', { name: 'Address Type' }), 'Ser');
    await u.type(within(address).getByLabelText(/^Address Line/), '77 Ferry Street');
    await u.type(within(address).getByRole('textbox', { name: 'Zip' }), '07102');
    await waitFor(() => expect(within(address).getByLabelText(/^City/)).toHaveValue('Newark'));
    expect(within(address).getByLabelText(/^County/)).toHaveValue('Essex');
    expect(within(address).getByRole('combobox', { name: 'State' })).toHaveValue('NJ');
    expect(save).toBeDisabled();
    const phone = screen.getByRole('group', { name: 'Phone' });
    await u.type(within(phone).getByLabelText(/^Phone Number/), '201-555-0177');
    await u.type(within(phone).getByRole('combobox', { name: 'Type' }), 'Mob');
    await waitFor(() => expect(save).toBeEnabled());
    await u.click(save);
    // Assess
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    const create = api.to('POST /api/primarycontact/Create')[0]!;
    expect(create.body).toMatchObject({
      objectId: 50,
      firstName: 'Cleo',
      lastName: 'Chen',
      address: { addressType: 'Service', addressLine: '77 Ferry Street', zipCode: '07102', city: 'Newark', state: 'NJ', county: 'Essex' },
      phone: { phoneNumber: '2015550177', type: 'Mobile' },
      email: null,
    });
    expect(onSelect.mock.calls[0]![0]).toMatchObject({
      contact: { objectId: 50, firstName: 'Cleo', lastName: 'Chen', status: 'Active' },
      address: { objectId: 501, addressLine: '77 Ferry Street', city: 'Newark' },
      phone: { objectId: 502, phoneNumber: '2015550177' },
      email: null,
    });
    expect(onHide).toHaveBeenCalled();
    expect(await screen.findByText(MSG.primaryContactCreated)).toBeInTheDocument();
  });

  it('does not use a Create answer without an address and a phone: back to the search for the new contact', async () => {
    // Prepare
    const api = fakeServer({ 'POST /api/primarycontact/Create': () => reply(200, { objectId: 50 }) });
    const u = user();
    const { onSelect } = renderDialog();
    await grid();
    await u.click(screen.getByRole('button', { name: MSG.contactSearchAddNew }));
    const save = await screen.findByRole('button', { name: MSG.contactSearchSaveAndAdd });
    await u.type(screen.getByLabelText(/^First Name/), 'Dee');
    await u.type(screen.getByLabelText(/^Last Name/), 'Dunn');
    const address = screen.getByRole('group', { name: 'Address' });
    await u.type(within(address).getByRole('combobox', { name: 'Address Type' }), 'Bil');
    await u.type(within(address).getByLabelText(/^Address Line/), '1 Road');
    await u.type(within(address).getByLabelText(/^City/), 'Camden');
    await u.type(within(address).getByRole('combobox', { name: 'State' }), 'NJ');
    const phone = screen.getByRole('group', { name: 'Phone' });
    await u.type(within(phone).getByLabelText(/^Phone Number/), '8565550111');
    await u.type(within(phone).getByRole('combobox', { name: 'Type' }), 'Ho');
    await waitFor(() => expect(save).toBeEnabled());
    // Act
    await u.click(save);
    // Assess
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveValue('50'));
    expect(onSelect).not.toHaveBeenCalled();
    await waitFor(() => expect(api.to('POST /api/primarycontact/GetList').at(-1)!.body).toEqual({ statusRef: 'Active', keyword: '50' }));
  });

});
