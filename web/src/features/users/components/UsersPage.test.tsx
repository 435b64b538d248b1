import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MSG } from '@eb/shared/messages';
import type { UserDto } from '@eb/shared/users/schemas';
import { browser } from '../../../lib/browser';
import { installFakeApi, reply, sessionRoutes, userOf, type FakeRoutes } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const LIST = 'POST /api/users/GetList';
const GET = 'GET /api/users/Get';
const CREATE = 'POST /api/users/Create';
const UPDATE = 'PUT /api/users/Update';
const DEACTIVATE = 'PUT /api/users/UserDeacivate';
const LOGS = 'GET /api/users/ChangeLogs';
const GOOD_PASSWORD = 'Str0ng!pass';

const ADMIN = userOf('superAdmin', { objectId: 1, firstName: 'Ada', lastName: 'Admin' });

function userDto(overrides: Partial<UserDto> = {}): UserDto {
  return {
    objectId: 20,
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    type: 'viewOnly',
    isActive: true,
    agentCode: 'AG-9',
    lastLoginTime: '2024-05-01T09:30:00',
    version: 4,
    ...overrides,
  };
}

/** The page of a signed-in administrator, with the users the fake server lists. */
async function openUsers(users: UserDto[], routes: FakeRoutes = {}) {
  const api = installFakeApi({
    ...sessionRoutes(ADMIN),
    [LIST]: () => reply(200, { data: users, totalCount: users.length }),
    [LOGS]: () => reply(200, []),
    [GET]: (req) => reply(200, users.find((u) => String(u.objectId) === req.query.get('id'))),
    ...routes,
  });
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderApp('/enrollments/users');
  await screen.findByRole('heading', { level: 1, name: 'User Administration' });
  return { api, user };
}

const dialog = () => screen.getByRole('dialog');
// jsdom has no layout: PrimeReact's popup menu stays 'display: none', so its items are queried hidden.
const save = () => within(dialog()).getByRole('button', { name: 'Save' });
/** A field by its label (a required field's label ends with the hidden marker ' *'). */
const input = (label: string) => within(dialog()).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create User' }));
  await screen.findByRole('dialog');
  expect(within(dialog()).getByText('User Details', { exact: true })).toBeInTheDocument();
}

/** Fills a valid new user; `skip` leaves fields empty. */
async function fillValid(user: ReturnType<typeof userEvent.setup>, skip: string[] = []) {
  if (!skip.includes('First Name')) await user.type(input('First Name'), 'Erin');
  if (!skip.includes('Last Name')) await user.type(input('Last Name'), 'Example');
  if (!skip.includes('Email')) await user.type(input('Email'), 'erin@example.com');
  if (!skip.includes('Role')) await chooseRole(user, 'V', 'View Only');
  if (!skip.includes('New Password')) await user.type(input('New Password'), GOOD_PASSWORD);
  if (!skip.includes('Match New Password')) await user.type(input('Match New Password'), GOOD_PASSWORD);
}

async function chooseRole(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  await user.type(input('Role'), typed);
  await waitFor(() => expect(input('Role')).toHaveValue(name));
}

describe('User Administration', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('grid', () => {
    it('shows the columns with the role name, the login date as MM/dd/yyyy and a distinct inactive row', async () => {
      // Prepare / Act
      await openUsers([userDto(), userDto({ objectId: 21, firstName: 'Ian', isActive: false, type: 'agent', lastLoginTime: null })]);
      // Assess
      const table = await screen.findByRole('table', { name: 'Users' });
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Identifier', 'Last Login Time', 'Status', 'Action']);
      const jane = (await within(table).findByText('Jane')).closest('tr')!;
      expect(jane).toHaveTextContent('View Only');
      expect(jane).toHaveTextContent('05/01/2024');
      expect(jane).toHaveTextContent('Active');
      expect(jane).not.toHaveClass('eb-row-inactive');
      const ian = within(table).getByText('Ian').closest('tr')!;
      expect(ian).toHaveClass('eb-row-inactive');
      expect(ian).toHaveTextContent('Inactive');
      expect(ian).toHaveTextContent('Agent');
    });

    it('asks for the first page sorted by last name, then searches by email after the debounce and from the first page', async () => {
      // Prepare
      const { api, user } = await openUsers([userDto()]);
      await waitFor(() => expect(api.to(LIST).length).toBeGreaterThan(0));
      const first = api.to(LIST)[0]!;
      // Act
      await user.type(screen.getByRole('searchbox', { name: 'Search by email' }), ' Jane ');
      await user.click(screen.getByRole('button', { name: 'Inactive' }));
      // Assess
      expect(Object.fromEntries(first.query)).toEqual({ limit: '25', skip: '0', orderBy: 'lastName Ascending', getTotalCount: 'true' });
      expect(first.body).toEqual({ email: '', isActive: null });
      await waitFor(() => expect(api.to(LIST).at(-1)!.body).toEqual({ email: 'Jane', isActive: false }), { timeout: 2000 });
      expect(api.to(LIST).at(-1)!.query.get('skip')).toBe('0');
      // the debounce: no call was made for every keystroke
      expect(api.to(LIST).filter((r) => (r.body as { email: string }).email === 'J')).toHaveLength(0);
    });
  });

  describe('create popup', () => {
    it('keeps Save disabled until the names, email, role and both matching passwords are valid', async () => {
      // Prepare
      const { user } = await openUsers([]);
      await openCreate(user);
      // Act / Assess
      expect(save()).toBeDisabled();
      await fillValid(user, ['Role']);
      expect(save()).toBeDisabled(); // no role
      await chooseRole(user, 'Ag', 'Agent');
      expect(save()).toBeEnabled();
      await user.clear(input('Match New Password'));
      await user.type(input('Match New Password'), 'Other!pass1');
      expect(save()).toBeDisabled(); // mismatch
      await user.clear(input('Match New Password'));
      await user.type(input('Match New Password'), GOOD_PASSWORD);
      expect(save()).toBeEnabled();
      await user.type(input('First Name'), '!');
      expect(save()).toBeDisabled(); // invalid name
      await user.clear(input('First Name'));
      await user.type(input('First Name'), 'Erin');
      await user.clear(input('Email'));
      await user.type(input('Email'), 'erin@');
      expect(save()).toBeDisabled(); // invalid email
    });

    it('requires a password and its confirmation when creating', async () => {
      const { user } = await openUsers([]);
      await openCreate(user);
      await fillValid(user, ['New Password', 'Match New Password']);
      expect(save()).toBeDisabled();
      await user.type(input('New Password'), GOOD_PASSWORD);
      expect(save()).toBeDisabled();
      await user.type(input('Match New Password'), GOOD_PASSWORD);
      expect(save()).toBeEnabled();
    });

    it('shows the rule texts under the fields', async () => {
      // Prepare
      const { user } = await openUsers([]);
      await openCreate(user);
      // Act
      await user.type(input('First Name'), 'Erin#');
      await user.type(input('Email'), 'erin@');
      await user.type(input('New Password'), 'weakpass');
      await user.type(input('Match New Password'), 'weakpas');
      await user.click(input('Identifier'));
      // Assess
      const form = within(dialog());
      expect(form.getByText(MSG.nameRule)).toBeInTheDocument();
      expect(form.getByText(MSG.invalidEmail)).toBeInTheDocument();
      expect(form.getByText(MSG.passwordRule)).toBeInTheDocument();
      expect(form.getByText(MSG.passwordMismatch)).toBeInTheDocument();
      expect(input('Email')).toHaveAccessibleDescription(MSG.invalidEmail);
      expect(input('Match New Password')).toHaveAttribute('placeholder', 'Password must match');
    });

    it('sends the new user, says so, closes and reloads the list', async () => {
      // Prepare
      const { api, user } = await openUsers([], { [CREATE]: (req) => reply(200, { ...userDto(), ...(req.body as object), objectId: 30, version: 1 }) });
      await openCreate(user);
      await fillValid(user);
      await user.type(input('Identifier'), 'ID-1');
      const listCalls = api.to(LIST).length;
      // Act
      await user.click(save());
      // Assess
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.to(CREATE)[0]!.body).toEqual({
        firstName: 'Erin',
        lastName: 'Example',
        email: 'erin@example.com',
        type: 'viewOnly',
        isActive: true,
        agentCode: 'ID-1',
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      });
      expect(await screen.findByText(MSG.userCreated)).toBeInTheDocument();
      await waitFor(() => expect(api.to(LIST).length).toBeGreaterThan(listCalls));
    });

    it('creates a user inactive when Status is set to Inactive in the create popup', async () => {
      // Prepare
      const { api, user } = await openUsers([], { [CREATE]: (req) => reply(200, { ...userDto(), ...(req.body as object), objectId: 31, version: 1 }) });
      await openCreate(user);
      await fillValid(user);
      // Act
      await user.click(within(dialog()).getByRole('button', { name: 'Inactive' }));
      await user.click(save());
      // Assess
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.to(CREATE)[0]!.body).toMatchObject({ email: 'erin@example.com', isActive: false });
    });

    it('shows the spec text when the create fails, and stays open', async () => {
      // Prepare
      const { user } = await openUsers([], { [CREATE]: () => reply(409, { message: 'Conflict' }, 'Conflict') });
      await openCreate(user);
      await fillValid(user);
      // Act
      await user.click(save());
      // Assess
      const alert = await within(dialog()).findByRole('alert');
      expect(alert).toHaveTextContent(MSG.userEmailExists);
      expect(dialog()).toBeInTheDocument();
      expect(input('Email')).toHaveAccessibleDescription(MSG.userEmailExists);
    });
  });

  describe('edit popup', () => {
    async function openEdit(routes: FakeRoutes = {}, target = userDto()) {
      const opened = await openUsers([target], routes);
      await opened.user.click(await screen.findByRole('button', { name: `Actions for ${target.firstName} ${target.lastName}` }));
      await opened.user.click(await screen.findByRole('menuitem', { name: 'Edit', hidden: true }));
      await screen.findByRole('dialog');
      await waitFor(() => expect(input('First Name')).toHaveValue(target.firstName));
      return opened;
    }

    it('is titled Edit User Details, needs no password, and saves with the version read', async () => {
      // Prepare
      const { api, user } = await openEdit({ [UPDATE]: (req) => reply(200, { ...userDto(), ...(req.body as object), version: 5 }) });
      // Act
      expect(within(dialog()).getByText('Edit User Details', { exact: true })).toBeInTheDocument();
      expect(save()).toBeEnabled();
      await user.clear(input('Last Name'));
      await user.type(input('Last Name'), 'Smith');
      await user.click(within(dialog()).getByRole('button', { name: 'Inactive' }));
      await user.click(save());
      // Assess
      await waitFor(() => expect(api.to(UPDATE)).toHaveLength(1));
      expect(api.to(UPDATE)[0]!.query.get('id')).toBe('20');
      expect(api.to(UPDATE)[0]!.body).toMatchObject({ lastName: 'Smith', isActive: false, version: 4, password: '', confirmPassword: '' });
      expect(await screen.findByText(MSG.allChangesSaved)).toBeInTheDocument();
    });

    it('still refuses a password typed without its match', async () => {
      const { user } = await openEdit();
      await user.type(input('New Password'), GOOD_PASSWORD);
      expect(save()).toBeDisabled();
      await user.type(input('Match New Password'), GOOD_PASSWORD);
      expect(save()).toBeEnabled();
    });

    it('shows the server message of a stale save and offers to reload', async () => {
      const { api, user } = await openEdit({ [UPDATE]: () => reply(409, { message: MSG.staleVersion }, 'Conflict') });
      await user.type(input('Last Name'), 'x');
      await user.click(save());
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(MSG.staleVersion);
      const gets = api.to(GET).length;
      await user.click(within(dialog()).getByRole('button', { name: 'Reload' }));
      await waitFor(() => expect(api.to(GET).length).toBe(gets + 1));
    });
  });

  describe('deactivate', () => {
    it('asks Yes/No first, then deactivates and says so', async () => {
      // Prepare
      const { api, user } = await openUsers([userDto()], { [DEACTIVATE]: () => reply(200, userDto({ isActive: false, version: 5 })) });
      await user.click(await screen.findByRole('button', { name: 'Actions for Jane Doe' }));
      // Act
      await user.click(await screen.findByRole('menuitem', { name: 'Deactivate', hidden: true }));
      const confirmation = await screen.findByRole('dialog', { name: 'Deactivate User' });
      expect(confirmation).toHaveTextContent(MSG.userDeactivateConfirm);
      expect(api.to(DEACTIVATE)).toHaveLength(0);
      await user.click(within(confirmation).getByRole('button', { name: 'Yes' }));
      // Assess
      await waitFor(() => expect(api.to(DEACTIVATE)).toHaveLength(1));
      expect(api.to(DEACTIVATE)[0]!.query.get('id')).toBe('20');
      expect(await screen.findByText(MSG.userDeactivated)).toBeInTheDocument();
    });

    it('does nothing when the answer is No', async () => {
      const { api, user } = await openUsers([userDto()]);
      await user.click(await screen.findByRole('button', { name: 'Actions for Jane Doe' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Deactivate', hidden: true }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate User' })).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate User' })).not.toBeInTheDocument());
      expect(api.to(DEACTIVATE)).toHaveLength(0);
    });

    it('is not offered for an inactive user, nor for yourself', async () => {
      const { user } = await openUsers([userDto({ isActive: false }), userDto({ objectId: ADMIN.objectId, firstName: 'Ada', lastName: 'Admin' })]);
      await user.click(await screen.findByRole('button', { name: 'Actions for Jane Doe' }));
      expect(await screen.findByRole('menuitem', { name: 'Edit', hidden: true })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Deactivate', hidden: true })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Actions for Ada Admin' }));
      await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Deactivate', hidden: true })).toHaveAttribute('aria-disabled', 'true'));
    });
  });
});
