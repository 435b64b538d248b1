import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../lib/aws';
import { config } from '../lib/config';
import { log } from '../lib/log';

/**
 * The Cognito side of a user (sign-in). Users are addressed by their `sub` (the pool signs in by
 * email alias, so the Cognito username is the sub), except at creation, which names the email.
 */
const pool = () => config.userPoolId;

/**
 * A username no sign-in has (the .invalid domain is reserved): the sign-in and reset of an unknown
 * or inactive email call Cognito with it, so that they do the same work as a known one (a password
 * check, a reset request) and reach nobody.
 */
export const DECOY_USERNAME = 'no-such-user@decoy.invalid';

/** Password sign-in; undefined when the credentials are wrong (no reason is given out). */
export async function signIn(email: string, password: string): Promise<{ accessToken: string; refreshToken: string } | undefined> {
  try {
    const r = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const a = r.AuthenticationResult;
    return a?.AccessToken && a.RefreshToken ? { accessToken: a.AccessToken, refreshToken: a.RefreshToken } : undefined;
  } catch (e) {
    const name = (e as Error).name;
    if (['NotAuthorizedException', 'UserNotFoundException', 'PasswordResetRequiredException', 'InvalidPasswordException'].includes(name)) {
      return undefined;
    }
    throw e;
  }
}

/**
 * Ask Cognito to email a reset code to `email`; `undefined` (an unknown or inactive email) makes
 * the same call for the decoy username, which sends nothing.
 */
export async function sendResetCode(email: string | undefined): Promise<void> {
  try {
    await cognitoClient().send(new ForgotPasswordCommand({ ClientId: config.userPoolClientId, Username: email ?? DECOY_USERNAME }));
  } catch (e) {
    if (email || (e as Error).name !== 'UserNotFoundException') throw e;
  }
}

/**
 * End the user's Cognito sessions (their refresh tokens stop working at Cognito). The app's own
 * session epoch refuses them whatever happens here: a failure is logged, not thrown.
 */
export async function globalSignOut(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool(), Username: username }));
  } catch (err) {
    log.warn('Cognito global sign-out failed', { err: (err as Error).name });
  }
}

/** Create the sign-in (no invitation email) with a permanent password; answers the sub. */
export async function createCognitoUser(email: string, password: string): Promise<string> {
  const r = await cognitoClient().send(
    new AdminCreateUserCommand({
      UserPoolId: pool(),
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  if (!sub) throw new Error('Cognito returned no sub');
  try {
    await setCognitoPassword(sub, password);
  } catch (e) {
    await deleteCognitoUser(sub).catch(() => undefined);
    throw e;
  }
  return sub;
}

/** When the sign-in of `username` (email or sub) was created, or undefined when there is none. */
export async function cognitoUserCreated(username: string): Promise<Date | undefined> {
  try {
    const r = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: pool(), Username: username }));
    return r.UserCreateDate ? new Date(r.UserCreateDate) : new Date(0);
  } catch (e) {
    if ((e as Error).name === 'UserNotFoundException') return undefined;
    throw e;
  }
}

export async function setCognitoPassword(username: string, password: string): Promise<void> {
  await cognitoClient().send(new AdminSetUserPasswordCommand({ UserPoolId: pool(), Username: username, Password: password, Permanent: true }));
}

/** Change the sign-in email (verified: an administrator set it). */
export async function setCognitoEmail(username: string, email: string): Promise<void> {
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: pool(),
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export async function setCognitoEnabled(username: string, enabled: boolean): Promise<void> {
  await cognitoClient().send(
    enabled
      ? new AdminEnableUserCommand({ UserPoolId: pool(), Username: username })
      : new AdminDisableUserCommand({ UserPoolId: pool(), Username: username }),
  );
}

/** Remove the sign-in; a user already gone is not an error. */
export async function deleteCognitoUser(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: pool(), Username: username }));
  } catch (e) {
    if ((e as Error).name !== 'UserNotFoundException') throw e;
  }
}
