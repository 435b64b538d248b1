import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@eb/shared/messages';
import type { CurrentUser } from '@eb/shared/users/schemas';
import { browser } from '../../../lib/browser';
import { installFakeApi, reply, sessionRoutes, userOf, type FakeRoutes } from '../../../test/fake-api';
import { currentPath, renderApp } from '../../../test/render-app';
import { loginAttempts } from '../api/login-attempts';

const LOGIN = 'POST /api/users/login';
const RESET = 'POST /api/users/ResetPassword';
const SET_PASSWORD = 'POST /api/users/SetPassword';
const VALID_PASSWORD = 'Str0ng!pass';

/** The fake server's session: a successful login signs this user in. */
let signedIn: CurrentUser | null = null;
const signIn = (user: CurrentUser) => () => {
  signedIn = user;
  return reply(200, user);
};

/** The login page of a signed-out visitor, with extra server routes. */
async function openLogin(path: string, routes: FakeRoutes = {}) {
  const api = installFakeApi({ ...sessionRoutes(() => signedIn), ...routes });
  const user = userEvent.setup();
  renderApp(path);
  if (!path.startsWith('/login/')) await screen.findByRole('heading', { name: 'Sign in' });
  return { api, user };
}

async function fillLogin(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), password);
}

describe('Login screen', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    loginAttempts.reset();
    signedIn = null;
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('login mode', () => {
    it('shows the product name, the fields and a disabled Login button until email and password are filled', async () => {
      // Prepare
      const { user } = await openLogin('/login');
      const login = screen.getByRole('button', { name: 'Login' });
      // Act / Assess
      expect(screen.getByText('Enrollment Back Office')).toBeInTheDocument();
      expect(login).toBeDisabled();
      await user.type(screen.getByLabelText('Email'), 'dana@example.com');
      expect(login).toBeDisabled();
      await user.type(screen.getByLabelText('Password'), 'x');
      expect(login).toBeEnabled();
    });

    it('shows the invalid-email text and does not call the server', async () => {
      // Prepare
      const { api, user } = await openLogin('/login');
      await fillLogin(user, 'dana@', VALID_PASSWORD);
      // Act
      await user.click(screen.getByRole('button', { name: 'Login' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidEmail);
      expect(api.to(LOGIN)).toHaveLength(0);
    });

    it('shows the invalid-credentials text for a 400', async () => {
      // Prepare
      const { api, user } = await openLogin('/login', { [LOGIN]: () => reply(400, { message: 'bad' }, 'Bad Request') });
      await fillLogin(user, 'dana@example.com', 'wrong');
      // Act
      await user.click(screen.getByRole('button', { name: 'Login' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
      expect(api.to(LOGIN)[0]?.body).toEqual({ email: 'dana@example.com', password: 'wrong' });
    });

    it("shows the server's text for other failures (throttled sign-in)", async () => {
      // Prepare
      const { user } = await openLogin('/login', {
        [LOGIN]: () => reply(429, { message: MSG.tooManyFailedSignIns }, 'Too Many Requests'),
      });
      await fillLogin(user, 'dana@example.com', 'wrong');
      // Act
      await user.click(screen.getByRole('button', { name: 'Login' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyFailedSignIns);
    });

    it('refuses a fourth attempt without calling the server', async () => {
      // Prepare
      const { api, user } = await openLogin('/login', { [LOGIN]: () => reply(400, {}) });
      await fillLogin(user, 'dana@example.com', 'wrong');
      const login = screen.getByRole('button', { name: 'Login' });
      for (let attempt = 1; attempt <= 3; attempt++) {
        await user.click(login);
        await waitFor(() => expect(api.to(LOGIN)).toHaveLength(attempt));
        await screen.findByText(MSG.invalidCredentials);
      }
      // Act
      await user.click(login);
      // Assess: Login is disabled at the limit and says why
      expect(await screen.findByText(MSG.attemptsLimit)).toBeInTheDocument();
      expect(login).toBeDisabled();
      expect(api.to(LOGIN)).toHaveLength(3);
    });

    it('submits with Enter and returns to the ref page after sign-in', async () => {
      // Prepare
      const { user } = await openLogin('/login?ref=%2Fenrollments%2Faccounts', {
        [LOGIN]: signIn(userOf('admin')),
      });
      await fillLogin(user, 'dana@example.com', VALID_PASSWORD);
      // Act
      await user.keyboard('{Enter}');
      // Assess
      expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/accounts');
    });

    it('goes to the default route when ref points to another site', async () => {
      // Prepare
      const { user } = await openLogin('/login?ref=%2F%2Fevil.example%2F', {
        [LOGIN]: signIn(userOf('admin')),
      });
      await fillLogin(user, 'dana@example.com', VALID_PASSWORD);
      // Act
      await user.click(screen.getByRole('button', { name: 'Login' }));
      // Assess
      expect(await screen.findByRole('heading', { level: 1, name: 'Contracts' })).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/contracts');
    });

    it('forwards a signed-in user to the app', async () => {
      // Prepare
      installFakeApi(sessionRoutes(userOf('viewOnly')));
      // Act
      renderApp('/login');
      // Assess
      expect(await screen.findByRole('heading', { level: 1, name: 'Contracts' })).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/contracts');
    });
  });

  describe('forgot password', () => {
    it('asks for the email only, sends the reset request and shows the check mode', async () => {
      // Prepare
      const { api, user } = await openLogin('/login', { [RESET]: () => reply(204) });
      await user.type(screen.getByLabelText('Email'), 'dana@example.com');
      // Act
      await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
      // Assess
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      const getNew = screen.getByRole('button', { name: 'Get New Password' });
      expect(getNew).toBeEnabled();
      // Act
      await user.click(getNew);
      // Assess
      expect(await screen.findByRole('heading', { name: MSG.checkEmailTitle })).toBeInTheDocument();
      expect(screen.getByText(MSG.checkEmailMessage)).toBeInTheDocument();
      expect(api.to(RESET)[0]?.body).toEqual({ userName: 'dana@example.com' });
      // Act
      await user.click(screen.getByRole('button', { name: 'Back to Login' }));
      // Assess
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });

    it('shows the supplied message of a failed reset request', async () => {
      // Prepare
      const { user } = await openLogin('/login', { [RESET]: () => reply(400, { message: MSG.invalidInput }) });
      await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
      await user.type(screen.getByLabelText('Email'), 'dana@example.com');
      // Act
      await user.click(screen.getByRole('button', { name: 'Get New Password' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidInput);
    });

    it("shows 'Unexpected error' when a failed reset request says nothing", async () => {
      // Prepare
      const { user } = await openLogin('/login', { [RESET]: () => reply(500) });
      await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
      await user.type(screen.getByLabelText('Email'), 'dana@example.com');
      // Act
      await user.click(screen.getByRole('button', { name: 'Get New Password' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.unexpectedError);
    });
  });

  describe('create new password mode (/login/:key)', () => {
    it('shows the password rules and keeps Submit disabled until both fields are filled', async () => {
      // Prepare
      const { user } = await openLogin('/login/reset-key-1');
      const submit = await screen.findByRole('button', { name: 'Submit' });
      // Act / Assess
      expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.type(screen.getByLabelText('New Password'), VALID_PASSWORD);
      expect(submit).toBeDisabled();
      await user.type(screen.getByLabelText('Retype New Password'), VALID_PASSWORD);
      expect(submit).toBeEnabled();
    });

    it.each([
      ['passwords that do not match', VALID_PASSWORD, `${VALID_PASSWORD}x`],
      ['a password that breaks the rule', 'weakpass', 'weakpass'],
    ])('refuses %s without calling the server', async (_case, first, second) => {
      // Prepare
      const { api, user } = await openLogin('/login/reset-key-1');
      await user.type(await screen.findByLabelText('New Password'), first);
      await user.type(screen.getByLabelText('Retype New Password'), second);
      // Act
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.newPasswordCheck);
      expect(api.to(SET_PASSWORD)).toHaveLength(0);
    });

    it('sets the password with the key of the link and reloads the root', async () => {
      // Prepare
      const { api, user } = await openLogin('/login/reset-key-1', { [SET_PASSWORD]: () => reply(200, userOf('admin')) });
      await user.type(await screen.findByLabelText('New Password'), VALID_PASSWORD);
      await user.type(screen.getByLabelText('Retype New Password'), VALID_PASSWORD);
      // Act
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      // Assess
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
      expect(api.to(SET_PASSWORD)[0]?.body).toEqual({ newPassword: VALID_PASSWORD, key: 'reset-key-1' });
      expect(api.to('GET /api/users/GetCurrentUser')).toHaveLength(0);
    });

    it('shows the message of a refused link', async () => {
      // Prepare
      const { user } = await openLogin('/login/expired', { [SET_PASSWORD]: () => reply(400, { message: MSG.resetLinkInvalid }) });
      await user.type(await screen.findByLabelText('New Password'), VALID_PASSWORD);
      await user.type(screen.getByLabelText('Retype New Password'), VALID_PASSWORD);
      // Act
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      // Assess
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetLinkInvalid);
      expect(assign).not.toHaveBeenCalled();
    });
  });
});
