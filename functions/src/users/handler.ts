import { ConfirmForgotPasswordCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { REFRESH_TOKEN_HOURS, RESET_LINK_MINUTES } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import type { LoginBody, ResetPasswordBody, SetPasswordBody } from '@eb/shared/users/schemas';
import { normalizeEmail } from '@eb/shared/formats';
import { cognitoClient, dynamo } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, keys, nowEpoch, table } from '../lib/db';
import { BadRequestError, ConflictError, UnauthorizedError } from '../lib/errors';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies, noContent } from '../lib/http';
import { log } from '../lib/log';
import { hashToken, sessionEpochOf, startSessionCookies, verifyAccessToken } from '../lib/session';
import { adminActions } from './admin';
import { deleteView, saveView, savedViews } from './views';
import type { SavedViewBody } from '@eb/shared/users/schemas';
import type { SavedViewList } from '@eb/shared/users/views';
import { DECOY_USERNAME, sendResetCode, signIn } from './cognito';
import { findUserByEmail, findUserForSignIn, getUser, invalidateSessions, recordLogin, toCurrentUser, type UserItem } from './repository';
import { parseResetKey } from './reset-key';
import { clearFailures, forgiveAttempt, takeAttempt, takeResetEmail } from './throttle';

/**
 * Start a session for an active profile: cookies (the refresh session recorded in `sessionEpoch`,
 * read before the password was checked), lastLoginTime, the user as answer.
 */
async function startSession(ctx: ActionContext, user: UserItem, tokens: { accessToken: string; refreshToken: string }, sessionEpoch: number) {
  ctx.setCookies.push(...(await startSessionCookies(tokens, user, sessionEpoch)));
  const lastLoginTime = await recordLogin(user.objectId);
  return toCurrentUser({ ...user, lastLoginTime });
}

async function login(ctx: ActionContext<unknown, LoginBody>) {
  const email = normalizeEmail(ctx.body.email);
  // counted before the password is checked: a burst gets no more checks than the limit
  await takeAttempt(email);
  const user = await findUserForSignIn(email);
  // An unknown or inactive user takes the same path as a wrong password (a password check, for
  // the decoy username) and gets the same answer: no account probing by answer or by time.
  const tokens = await signIn(user?.isActive ? email : DECOY_USERNAME, ctx.body.password).catch(async (e: unknown) => {
    await forgiveAttempt(email); // Cognito failed (not a wrong password): no attempt was made
    throw e;
  });
  if (!user || !user.isActive || !tokens) {
    log.info('sign-in refused', { email, reason: !user ? 'unknown' : !user.isActive ? 'inactive' : 'credentials' });
    throw new BadRequestError(MSG.invalidCredentials);
  }
  await forgiveAttempt(email);
  return startSession(ctx, user, tokens, sessionEpochOf(user));
}

/** Revoke the session: the access token's id is refused from now on, the refresh token is revoked. */
async function logout(ctx: ActionContext) {
  const at = ctx.cookies[ACCESS_COOKIE];
  const rt = ctx.cookies[REFRESH_COOKIE];
  const writes: Promise<unknown>[] = [];
  if (at) {
    try {
      const p = await verifyAccessToken(at);
      writes.push(revoke(String(p.jti), Number(p.exp)));
    } catch {
      // expired or invalid: nothing to revoke
    }
  }
  if (rt) {
    writes.push(revoke(`rt:${hashToken(rt)}`, nowEpoch() + REFRESH_TOKEN_HOURS * 3600));
    writes.push(
      cognitoClient()
        .send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: rt }))
        .catch((e) => log.warn('revoke token failed', { err: (e as Error).name })),
    );
  }
  await Promise.all(writes);
  return noContent(clearSessionCookies());
}

function revoke(id: string, expiresAt: number) {
  return dynamo().send(new PutCommand({ TableName: table(), Item: { ...keys.revoked(id), ttl: expiresAt } }));
}

/**
 * Always 204: whether the email belongs to a user is not revealed, by the answer or by the work
 * done (an unknown or inactive email reads, writes and calls Cognito as a known one does; Cognito
 * is asked for the decoy username, which sends nothing). At most RESET_EMAIL_LIMIT emails go to
 * one address within RESET_EMAIL_WINDOW_MINUTES; over that the request does nothing, answered alike.
 */
async function resetPassword(ctx: ActionContext<unknown, ResetPasswordBody>) {
  const email = normalizeEmail(ctx.body.userName);
  const user = await findUserForSignIn(email);
  if (!(await takeResetEmail(email))) {
    log.info('reset email refused: limit reached', { email });
    return noContent();
  }
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.resetRequest(email), requestedAt: nowEpoch(), ttl: nowEpoch() + RESET_LINK_MINUTES * 60 * 2 },
    }),
  );
  await sendResetCode(user?.isActive ? email : undefined);
  return noContent();
}

/** Set a new password from a reset link: the link works once and for RESET_LINK_MINUTES. */
async function setPassword(ctx: ActionContext<unknown, SetPasswordBody>) {
  const parsed = parseResetKey(ctx.body.key);
  if (!parsed) throw new BadRequestError(MSG.resetLinkInvalid);
  const email = normalizeEmail(parsed.email);
  const user = await findUserByEmail(email);
  const req = await getItem<{ requestedAt: number }>(keys.resetRequest(email));
  const keyHash = hashToken(ctx.body.key);
  const used = await getItem(keys.resetUsed(keyHash));
  if (!user || !user.isActive || !req || nowEpoch() - req.requestedAt > RESET_LINK_MINUTES * 60 || used) {
    throw new BadRequestError(MSG.resetLinkInvalid);
  }
  // counted before the code is checked, with the email's sign-in failures: a burst of guesses gets
  // no more checks than the limit
  await takeAttempt(email);
  try {
    await cognitoClient().send(
      new ConfirmForgotPasswordCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        ConfirmationCode: parsed.code,
        Password: ctx.body.newPassword,
      }),
    );
  } catch (e) {
    const name = (e as Error).name;
    // a wrong code stays counted; anything else was no guess
    if (name === 'CodeMismatchException' || name === 'ExpiredCodeException' || name === 'UserNotFoundException') {
      throw new BadRequestError(MSG.resetLinkInvalid);
    }
    await forgiveAttempt(email);
    if (name === 'InvalidPasswordException') throw new BadRequestError(MSG.passwordRule, { newPassword: MSG.passwordRule });
    throw e;
  }
  // Mark the link used (a concurrent second use loses here) and end every other session.
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.resetUsed(keyHash), ttl: nowEpoch() + 7 * 24 * 3600 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') throw new ConflictError(MSG.resetLinkInvalid);
    throw e;
  }
  const { validFrom, sessionEpoch } = await invalidateSessions(user.objectId, user.cognitoSub);
  // The new session's token must be issued after the old ones' cut-off (one-second resolution).
  const wait = validFrom * 1000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const tokens = await signIn(email, ctx.body.newPassword);
  if (!tokens) throw new UnauthorizedError();
  // the owner of the mailbox chose a new password: the failures counted so far are cleared
  await clearFailures(email);
  return startSession(ctx, user, tokens, sessionEpoch);
}

async function getCurrentUser(ctx: ActionContext) {
  const user = await getUser(ctx.user!.objectId);
  if (!user) throw new UnauthorizedError();
  return toCurrentUser(user);
}

export const handler = resourceHandler('users', {
  /** GET users/GetViews?list -> the signed-in user's saved views of that list */
  'GET getviews': ({ query, user }: ActionContext<{ list: SavedViewList }>) => savedViews(user!.objectId, query.list),
  /** PUT users/SaveView {list, name, query, columns} -> the list's views after saving (a name saved again is replaced) */
  'PUT saveview': ({ body, user }: ActionContext<unknown, SavedViewBody>) => saveView(user!.objectId, body),
  /** DELETE users/DeleteView {list, name} -> the list's views after deleting */
  'DELETE deleteview': ({ body, user }: ActionContext<unknown, { list: SavedViewList; name: string }>) => deleteView(user!.objectId, body.list, body.name),
  'POST login': login,
  'DELETE logout': logout,
  'POST resetpassword': resetPassword,
  'POST setpassword': setPassword,
  'GET getcurrentuser': getCurrentUser,
  ...adminActions,
});
