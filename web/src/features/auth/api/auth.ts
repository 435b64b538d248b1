import type { CurrentUser, LoginBody, ResetPasswordBody, SetPasswordBody } from '@eb/shared/users/schemas';
import { call, endpoint } from '../../../lib/api-client';

// The sign-in pages show their own failures: no notification and no 401 redirect for these calls.
const handledByPage = { redirectOn401: false, notify: false } as const;

/** Signs in; the session tokens arrive as HttpOnly cookies, the body is the user. */
export const login = (body: LoginBody): Promise<CurrentUser> =>
  call(endpoint('POST', 'users', 'login'), { body, ...handledByPage });

/** Sends the reset-password email (the link is /login/{key}). */
export const resetPassword = (body: ResetPasswordBody): Promise<void> =>
  call(endpoint('POST', 'users', 'ResetPassword'), { body, ...handledByPage });

/** Sets the new password from a reset link; the user is signed in by it. */
export const setPassword = (body: SetPasswordBody): Promise<CurrentUser> =>
  call(endpoint('POST', 'users', 'SetPassword'), { body, ...handledByPage });
