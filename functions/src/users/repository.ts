import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@eb/shared/messages';
import { referenceName } from '@eb/shared/reference/codes';
import type { UserType } from '@eb/shared/roles';
import { USER_DEFAULT_SORT } from '@eb/shared/users/list-keys';
import type { CurrentUser, UserDto } from '@eb/shared/users/schemas';
import { normalizeEmail, toTransferDate } from '@eb/shared/formats';
import { dynamo } from '../lib/aws';
import type { Actor } from '../lib/change-log';
import { getItem, keys, nextId, table } from '../lib/db';
import { createEntity, type EntityDef, type Stored } from '../lib/entity';
import { ConflictError } from '../lib/errors';
import { feedAttributes, nextSeq } from '../lib/feed';
import type { ListSpec } from '../lib/list-engine';
import { log } from '../lib/log';
import { userTypeCode } from '../lib/profile';
import { cognitoUserCreated, createCognitoUser, deleteCognitoUser, globalSignOut, setCognitoEnabled } from './cognito';

/**
 * A user lives in two places that change together: Cognito (sign-in: email and password) and the
 * DynamoDB profile, a versioned list entity (role, status, names; change log; list feed) with two
 * lookup items written in the same transactions: USEREMAIL#<email> (uniqueness, sign-in by email)
 * and USERSUB#<sub> (session -> profile).
 */

/** The logged, editable fields of a user. */
export interface UserEntity {
  objectId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** the user type, as its code of the `userTypes` set (profiles written before held its objectId) */
  type: UserType;
  isActive: boolean;
  agentCode: string | null;
  /**
   * Counts the passwords an administrator set (1 at creation): a password change is logged as this
   * field's change, never with the password itself.
   */
  passwordVersion: number;
}

/** The profile item: the entity plus sign-in bookkeeping that is not a user edit. */
export type UserItem = Stored<UserEntity> & {
  cognitoSub: string;
  lastLoginTime?: string | null;
  /** epoch seconds: tokens issued before this are refused */
  tokensValidAfter?: number;
  /**
   * The user's session epoch (absent: 0), moved on by every change that ends the user's sessions.
   * A refresh session records the epoch it started in and renews only while it is still current.
   */
  sessionEpoch?: number;
};

export const USER_ENTITY: EntityDef<UserEntity> = {
  type: 'user',
  key: keys.user,
  idCounter: 'user',
  fields: ['firstName', 'lastName', 'email', 'type', 'isActive', 'agentCode', 'passwordVersion'],
  label: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
};

/** Who the change log names for writes nobody signed in made (the seeded admin at startup). */
export const SYSTEM_ACTOR: Actor = { objectId: 0, name: 'System' };

/** The user type's code of a stored or sent `type` (lib/profile.ts: the session reads it too). */
export { userTypeCode };

export function toCurrentUser(u: UserItem): CurrentUser {
  return {
    objectId: u.objectId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    type: userTypeCode(u.type),
    userType: userTypeCode(u.type),
    agentCode: u.agentCode ?? null,
    isActive: u.isActive,
    lastLoginTime: u.lastLoginTime ?? null,
  };
}

/** A user as the administration calls answer it (from the profile item or a feed item). */
export function toUserDto(item: object): UserDto {
  const u = item as Record<string, unknown>;
  return {
    objectId: Number(u.objectId),
    firstName: String(u.firstName ?? ''),
    lastName: String(u.lastName ?? ''),
    email: String(u.email ?? ''),
    type: userTypeCode(u.type),
    isActive: u.isActive === true,
    agentCode: (u.agentCode as string | null | undefined) ?? null,
    lastLoginTime: (u.lastLoginTime as string | null | undefined) ?? null,
    version: Number(u.version ?? 1),
  };
}

/** The users list (POST users/GetList) on the generic list engine. */
export const USER_LIST: ListSpec<UserDto> = {
  type: 'user',
  project: toUserDto,
  id: (r) => r.objectId,
  searchText: (r) => r.email,
  sortKeys: {
    firstName: (r) => r.firstName,
    lastName: (r) => r.lastName,
    email: (r) => r.email,
    // the Role column shows the role's name: sort by it
    type: (r) => referenceName('userTypes', r.type),
    agentCode: (r) => r.agentCode,
    lastLoginTime: (r) => r.lastLoginTime,
    isActive: (r) => (r.isActive ? 'Active' : 'Inactive'),
    objectId: (r) => r.objectId,
  },
  defaultSort: USER_DEFAULT_SORT,
};

/** The profile, or undefined when there is none (or it was deleted); its type read as a code. */
export async function getUser(objectId: number): Promise<UserItem | undefined> {
  const u = await getItem<UserItem>(keys.user(objectId));
  return u && !u.deleted ? { ...u, type: userTypeCode(u.type) } : undefined;
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const m = await getItem<{ objectId: number }>(keys.userEmail(normalizeEmail(email)));
  return m ? getUser(m.objectId) : undefined;
}

/** An id no profile has: the lookup of an unknown email reads it. */
const NO_USER_ID = -1;

/**
 * findUserByEmail for sign-in and reset: the same two reads whether the email is known or not (an
 * unknown one reads a profile that never exists), so that the time of the answer does not tell.
 */
export async function findUserForSignIn(email: string): Promise<UserItem | undefined> {
  const m = await getItem<{ objectId: number }>(keys.userEmail(normalizeEmail(email)));
  const user = await getUser(m?.objectId ?? NO_USER_ID);
  return m ? user : undefined;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** a user-type code (or its `userTypes` objectId) */
  type: UserType | number;
  agentCode?: string | null;
  isActive?: boolean;
}

/** A sign-in with no profile older than this is an orphan of a failed write and may be replaced. */
const ORPHAN_AGE_MS = 2 * 60 * 1000;

/**
 * Create a user: the Cognito sign-in first, then the profile as a versioned entity (feed stamp and
 * 'added' change-log event by `actor`) with its email and sub lookups in the same transaction. If
 * the transaction fails the sign-in is removed again. A duplicate email answers 409.
 */
export async function createUser(input: NewUser, actor: Actor = SYSTEM_ACTOR): Promise<UserItem> {
  const email = normalizeEmail(input.email);
  if (await getItem(keys.userEmail(email))) throw new ConflictError(MSG.userEmailExists);
  const isActive = input.isActive ?? true;
  const sub = await createSignIn(email, input.password);
  try {
    if (!isActive) await setCognitoEnabled(sub, false);
    const cond = 'attribute_not_exists(pk)';
    const data: Omit<UserEntity, 'objectId'> = {
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      type: userTypeCode(input.type),
      isActive,
      agentCode: input.agentCode ?? null,
      passwordVersion: 1,
    };
    // the lookups carry the new id: reserve it first, then write all of it in one transaction
    const objectId = await nextId(USER_ENTITY.idCounter);
    const extra = [
      { Put: { TableName: table(), Item: { ...keys.userEmail(email), objectId }, ConditionExpression: cond } },
      { Put: { TableName: table(), Item: { ...keys.userSub(sub), objectId }, ConditionExpression: cond } },
    ];
    const def: EntityDef<UserEntity> = { ...USER_ENTITY, indexAttributes: () => ({ cognitoSub: sub, lastLoginTime: null }) };
    const item = await createEntity(def, data, { actor, extra }, { objectId }).catch((e: unknown) => {
      // the profile's key is new: a failed condition can only be the email (or sub) lookup
      throw e instanceof ConflictError ? new ConflictError(MSG.userEmailExists) : e;
    });
    return item as UserItem;
  } catch (e) {
    await deleteCognitoUser(sub).catch((err: unknown) => log.error('could not remove the sign-in of a failed create', { err }));
    throw e;
  }
}

/**
 * The Cognito sign-in of a new user. An existing sign-in with no profile behind it (left by a write
 * that failed half-way) is replaced once it is old enough not to belong to a create in progress.
 */
async function createSignIn(email: string, password: string): Promise<string> {
  try {
    return await createCognitoUser(email, password);
  } catch (e) {
    if ((e as Error).name !== 'UsernameExistsException') throw e;
    const created = await cognitoUserCreated(email);
    const orphan = created && Date.now() - created.getTime() > ORPHAN_AGE_MS && !(await getItem(keys.userEmail(email)));
    if (!orphan) throw new ConflictError(MSG.userEmailExists);
    log.warn('replacing an orphaned sign-in', { email });
    await deleteCognitoUser(email);
    return createCognitoUser(email, password);
  }
}

/**
 * Sign-in bookkeeping; not a user edit, so the version does not change and nothing is logged. The
 * item is restamped for the list feed so that the users list shows the new Last Login Time.
 */
export async function recordLogin(objectId: number): Promise<string> {
  const now = toTransferDate(new Date());
  const seq = await nextSeq(USER_ENTITY.type);
  const feed = feedAttributes(USER_ENTITY.type, objectId, seq);
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET lastLoginTime = :t, feedpk = :f, seq = :s, etype = :e',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleted)',
      ExpressionAttributeValues: { ':t': now, ':f': feed.feedpk, ':s': feed.seq, ':e': feed.etype },
    }),
  );
  return now;
}

/**
 * Stamp a profile written before users were list entities (a data dir of an older version) for
 * the list feed, so that it shows in the users list. Does nothing to a stamped one.
 */
export async function ensureListed(objectId: number): Promise<void> {
  const u = await getUser(objectId);
  if (!u || typeof u.seq === 'number') return;
  const feed = feedAttributes(USER_ENTITY.type, objectId, await nextSeq(USER_ENTITY.type));
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET feedpk = :f, seq = :s, etype = :e, version = if_not_exists(version, :one)',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(seq)',
      ExpressionAttributeValues: { ':f': feed.feedpk, ':s': feed.seq, ':e': feed.etype, ':one': 1 },
    }),
  );
}

/**
 * End every session of the user (password set, deactivation, role change): access tokens issued
 * until now are refused by their issue time (one-second resolution, so the current second's too),
 * and refresh sessions by the session epoch, which moves on here (atomically); Cognito's global
 * sign-out ends them at Cognito too. Answers the first second (epoch) from which new tokens are
 * accepted, and the new session epoch (what a session started now records).
 */
export async function invalidateSessions(objectId: number, cognitoSub: string): Promise<{ validFrom: number; sessionEpoch: number }> {
  const validAfter = Math.floor(Date.now() / 1000) + 1;
  const r = await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET tokensValidAfter = :t ADD sessionEpoch :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': validAfter, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  await globalSignOut(cognitoSub);
  return { validFrom: validAfter, sessionEpoch: Number(r.Attributes?.sessionEpoch ?? 0) };
}
