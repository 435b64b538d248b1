import { createHash } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { REFRESH_TOKEN_HOURS } from '@eb/shared/constants';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { UserType } from '@eb/shared/roles';
import { cognitoClient, dynamo } from './aws';
import { config } from './config';
import { batchGet, getItem, keys, nowEpoch, table } from './db';
import { UnauthorizedError } from './errors';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies, sessionCookies } from './http';
import { userTypeCode, type ProfileItem } from './profile';

/**
 * A refresh session: the user a refresh token was issued to and the user's session epoch then
 * (users/repository.ts invalidateSessions moves the epoch on). Renewal with the token works only
 * while the epoch is still the user's: a new password, a deactivation or a role change ends it,
 * whatever Cognito still accepts.
 */
interface RefreshSession {
  objectId: number;
  sessionEpoch: number;
}
const refreshSessionKey = (refreshToken: string) => ({ pk: `RTSESSION#${hashToken(refreshToken)}`, sk: 'RTSESSION' });

/** The profile's session epoch (a profile written before epochs: 0). */
export const sessionEpochOf = (profile: { sessionEpoch?: number }): number => profile.sessionEpoch ?? 0;

/**
 * The cookies of a new session, its refresh session recorded first with `sessionEpoch`: the epoch
 * read BEFORE the password was checked, so that a change made meanwhile ends this session too.
 */
export async function startSessionCookies(
  tokens: { accessToken: string; refreshToken: string },
  user: { objectId: number },
  sessionEpoch: number,
): Promise<string[]> {
  const session: RefreshSession = { objectId: user.objectId, sessionEpoch };
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...refreshSessionKey(tokens.refreshToken), ...session, ttl: nowEpoch() + REFRESH_TOKEN_HOURS * 3600 },
    }),
  );
  return sessionCookies(tokens.accessToken, tokens.refreshToken);
}

export interface SessionUser {
  objectId: number;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  /** the user type's code (the same as userType) */
  type: UserType;
  /** the access token's id, revoked on logout */
  jti: string;
  sub: string;
}

type Verifier = { verify: (token: string) => Promise<Record<string, unknown>> };
let verifier: Verifier | undefined;
function getVerifier(): Verifier {
  if (!verifier) {
    const clientId = config.userPoolClientId;
    const v = JwtRsaVerifier.create({
      issuer: config.cognitoIssuer,
      audience: null,
      jwksUri: config.cognitoJwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (payload.client_id !== clientId) throw new Error('wrong client');
      },
    });
    // aws-jwt-verify fetches JWKS over https only; the local emulator serves http: load it here.
    const uri = config.cognitoJwksUri;
    let loaded: Promise<void> | undefined;
    verifier = {
      verify: async (t) => {
        if (uri.startsWith('http:')) {
          loaded ??= fetch(uri)
            .then((r) => r.json())
            .then((jwks) => v.cacheJwks(jwks as Parameters<typeof v.cacheJwks>[0]))
            .catch((e) => {
              loaded = undefined;
              throw e;
            });
          await loaded;
        }
        return v.verify(t) as unknown as Promise<Record<string, unknown>>;
      },
    };
  }
  return verifier;
}
/** For tests that restart the emulators with other keys or ids. */
export const resetVerifier = () => {
  verifier = undefined;
  subCache.clear();
};

/** sub -> objectId never changes for a user: cache it for the life of the container. */
const subCache = new Map<string, number>();

export const hashToken = (t: string): string => createHash('sha256').update(t).digest('base64url');

export async function verifyAccessToken(token: string): Promise<Record<string, unknown>> {
  return getVerifier().verify(token);
}

/**
 * Exchange the refresh cookie for a new access token (the access token expired). Refused: a revoked
 * token (logout) and one with no refresh session (not issued by this app's sign-in); the caller
 * checks the session's epoch against the profile.
 */
async function refresh(refreshToken: string, setCookies: string[]): Promise<{ payload: Record<string, unknown>; session: RefreshSession }> {
  const items = await batchGet([keys.revoked(`rt:${hashToken(refreshToken)}`), refreshSessionKey(refreshToken)]);
  if (items.some((i) => i.sk === 'REVOKED')) throw new UnauthorizedError();
  const stored = items.find((i) => i.sk === 'RTSESSION');
  if (!stored) throw new UnauthorizedError();
  const session: RefreshSession = { objectId: Number(stored.objectId), sessionEpoch: Number(stored.sessionEpoch) };
  try {
    const r = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const at = r.AuthenticationResult?.AccessToken;
    if (!at) throw new UnauthorizedError();
    const payload = await verifyAccessToken(at);
    setCookies.push(...sessionCookies(at));
    return { payload, session };
  } catch {
    throw new UnauthorizedError();
  }
}

/**
 * Verify the session cookie and load the user's profile. Refuses (401, and clears the cookies)
 * a missing, invalid, expired-and-unrefreshable or revoked token, an unknown or inactive user,
 * and a token issued before the user's tokensValidAfter (password set, deactivated, role changed).
 */
export async function authenticate(cookies: Record<string, string>, setCookies: string[]): Promise<SessionUser> {
  try {
    return await authenticateOrThrow(cookies, setCookies);
  } catch (e) {
    if (e instanceof UnauthorizedError && (cookies[ACCESS_COOKIE] || cookies[REFRESH_COOKIE])) {
      setCookies.length = 0;
      setCookies.push(...clearSessionCookies());
    }
    throw e;
  }
}

async function authenticateOrThrow(cookies: Record<string, string>, setCookies: string[]): Promise<SessionUser> {
  const token = cookies[ACCESS_COOKIE];
  const rt = cookies[REFRESH_COOKIE];
  if (!token && !rt) throw new UnauthorizedError();
  let payload: Record<string, unknown>;
  let renewed: RefreshSession | undefined;
  try {
    if (!token) throw new JwtExpiredError('no access token', undefined);
    payload = await verifyAccessToken(token);
  } catch (e) {
    if (e instanceof JwtExpiredError && rt) ({ payload, session: renewed } = await refresh(rt, setCookies));
    else throw new UnauthorizedError();
  }
  const sub = String(payload.sub ?? '');
  const jti = String(payload.jti ?? '');
  const iat = Number(payload.iat ?? 0);
  if (!sub || !jti) throw new UnauthorizedError();

  let objectId = subCache.get(sub);
  if (objectId === undefined) {
    const m = await getItem<{ objectId: number }>(keys.userSub(sub));
    if (!m) throw new UnauthorizedError();
    objectId = m.objectId;
    subCache.set(sub, objectId);
  }
  const items = await batchGet([keys.user(objectId), keys.revoked(jti)]);
  const profile = items.find((i) => i.pk === keys.user(objectId!).pk) as (ProfileItem & { sessionEpoch?: number }) | undefined;
  if (items.some((i) => i.sk === 'REVOKED')) throw new UnauthorizedError();
  if (!profile || !profile.isActive) throw new UnauthorizedError();
  if (profile.tokensValidAfter && iat < profile.tokensValidAfter) throw new UnauthorizedError();
  // a renewal: the refresh session must be this user's, started in the user's current epoch
  if (renewed && (renewed.objectId !== objectId || renewed.sessionEpoch !== sessionEpochOf(profile))) throw new UnauthorizedError();
  return {
    objectId,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    type: userTypeCode(profile.type),
    userType: userTypeCode(profile.type),
    jti,
    sub,
  };
}
