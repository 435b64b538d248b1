import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MSG } from '@eb/shared/messages';
import type { ContactPhone, Contact } from '@eb/shared/contact/schemas';
import { STATIC_REFERENCE_SETS } from '@eb/shared/reference/data';
import { currentUserQuery } from '../../../entities/users/session';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../lib/query-client';
import { installFakeApi, reply, userOf } from '../../../test/fake-api';
import { ContactDialog } from './ContactDialogs';

/** The Edit Contact popup: its sub-grids keep unsaved rows (issue 7 section 9). */
const CONTACT: Contact = {
  objectId: 11,
  contactId: 11,
  firstName: 'Ann',
  middleName: null,
  lastName: 'Archer',
  suffix: null,
  identifier: null,
  role: null,
  status: 'Active',
  businessEntity: null,
  version: 3,
};
const PHONE: ContactPhone = { objectId: 201, version: 1, primaryContact: { objectId: 11 }, phoneNumber: '9735550100', type: 'Work' };

function fakeServer() {
  return installFakeApi({
    'GET /api/Reference/GetReferences': () => reply(200, STATIC_REFERENCE_SETS),
    'GET /api/primarycontact/Get': () => reply(200, CONTACT),
    'GET /api/primarycontact/ChangeLogs': () => reply(200, []),
    'POST /api/primarycontact/GetAddressList': () => reply(200, { data: [], totalCount: 0 }),
    'POST /api/primarycontact/GetPhoneList': () => reply(200, { data: [PHONE], totalCount: 1 }),
    'POST /api/primarycontact/GetEmailList': () => reply(200, { data: [], totalCount: 0 }),
    'POST /api/primarycontact/PhoneAdd': (req) => reply(200, { ...(req.body as object), objectId: 202, version: 1 }),
    'PUT /api/primarycontact/Update': (req) => reply(200, { ...CONTACT, ...(req.body as object), version: 4 }),
  });
}

function renderPopup() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQuery().queryKey, userOf('admin'));
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={queryClient}>
      <ContactDialog target={{ mode: 'edit', id: 11 }} onClose={onClose} />
    </AppProviders>,
  );
  return { onClose };
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const phones = () => screen.findByRole('table', { name: 'Phones' });

/** Adds a phone row with a number and the first type (valid) and leaves it unsaved. */
async function addPhone(u: ReturnType<typeof user>, number: string) {
  const section = screen.getByRole('region', { name: 'Phones' });
  await u.click(within(section).getByRole('button', { name: 'Add' }));
  await u.type(within(section).getByRole('textbox', { name: 'Phone Number' }), number);
  // a single match is chosen by itself
  await u.type(within(section).getByRole('combobox', { name: 'Type' }), 'Wor');
  await waitFor(() => expect(within(section).getByRole('button', { name: 'Save' })).toBeEnabled());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Edit Contact popup sub-grids', { timeout: 30_000 }, () => {
  it('restores an edited sub-grid row on Esc and keeps the popup open', async () => {
    // Prepare: the popup with a phone row being edited
    fakeServer();
    const { onClose } = renderPopup();
    const u = user();
    const table = await phones();
    await u.click(await within(table).findByText('9735550100'));
    const input = within(table).getByRole('textbox', { name: 'Phone Number' });
    await u.clear(input);
    await u.type(input, '2015550199');
    // Act
    await u.keyboard('{Escape}');
    // Assess: the row shows its stored number again, and the popup is still open
    expect(await within(table).findByText('9735550100')).toBeInTheDocument();
    expect(within(table).queryByRole('textbox', { name: 'Phone Number' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(MSG.unsavedRowsDiscard)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Contact Entity' })).toBeInTheDocument();
  });

  it('saves a valid unsaved phone row with the footer Save, then closes', async () => {
    // Prepare: a changed last name and a new valid phone row left unsaved
    const api = fakeServer();
    const { onClose } = renderPopup();
    const u = user();
    await phones();
    const lastName = screen.getByRole('textbox', { name: /Last Name/ });
    await u.clear(lastName);
    await u.type(lastName, 'Archer-Smith');
    await addPhone(u, '2015550123');
    // Act: the popup's own Save
    const footer = screen.getByRole('dialog', { name: 'Edit Contact Entity' });
    await u.click(within(footer).getAllByRole('button', { name: 'Save' }).at(-1)!);
    // Assess: the phone and the contact were both saved, and the popup closed
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.to('POST /api/primarycontact/PhoneAdd')).toHaveLength(1);
    expect(api.to('POST /api/primarycontact/PhoneAdd')[0]!.body).toMatchObject({ phoneNumber: '2015550123', type: 'Work', primaryContact: { objectId: 11 } });
    expect(api.to('PUT /api/primarycontact/Update')).toHaveLength(1);
  });

  it('asks Yes/No before closing with an unsaved row, and stays open on No', async () => {
    // Prepare
    const api = fakeServer();
    const { onClose } = renderPopup();
    const u = user();
    await phones();
    await addPhone(u, '2015550123');
    // Act: close the popup with its X
    await u.click(screen.getByRole('button', { name: /close/i }));
    // Assess: the question, then No keeps everything
    expect(await screen.findByText(MSG.unsavedRowsDiscard)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(await phones()).getByRole('textbox', { name: 'Phone Number' })).toHaveValue('2015550123');
    expect(api.to('POST /api/primarycontact/PhoneAdd')).toHaveLength(0);
  });
});
