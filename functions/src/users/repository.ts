import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@eb/shared/messages';
import { userTypeById, userTypeIdOf } from '@eb/shared/reference/data';
import type { UserType } from '@eb/shared/roles';
import type { CurrentUser } from '@eb/shared/users/schemas';
import { normalizeEmail, toTransferDate } from '@eb/shared/validation';
import { cognitoClient, dynamo } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, keys, nextId, table, transact } from '../lib/db';
import { ConflictError } from '../lib/errors';

/** The user profile item in DynamoDB; the password lives only in Cognito. */
export interface UserItem {
  pk: string;
  sk: string;
  objectId: number;
  firstName: string;
  lastName: string;
  email: string;
  type: number;
  isActive: boolean;
  agentCode: string | null;
  lastLoginTime: string | null;
  cognitoSub: string;
  /** epoch seconds: tokens issued before this are refused */
  tokensValidAfter?: number;
  version: number;
  created: string;
  updated: string;
}

export function userTypeCode(type: number): UserType {
  const o = userTypeById(type);
  return (o?.code ?? 'agent') as UserType;
}

export function toCurrentUser(u: UserItem): CurrentUser {
  return {
    objectId: u.objectId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    type: u.type,
    userType: userTypeCode(u.type),
    agentCode: u.agentCode ?? null,
    isActive: u.isActive,
    lastLoginTime: u.lastLoginTime ?? null,
  };
}

export const getUser = (objectId: number) => getItem<UserItem>(keys.user(objectId));

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const m = await getItem<{ objectId: number }>(keys.userEmail(normalizeEmail(email)));
  return m ? getUser(m.objectId) : undefined;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  type: number | UserType;
  agentCode?: string | null;
  isActive?: boolean;
}

/**
 * Create a user in Cognito (sign-in) and DynamoDB (profile, email and sub lookups) together; if
 * the DynamoDB transaction fails the Cognito user is removed again.
 */
export async function createUser(input: NewUser, extra: Parameters<typeof transact>[0] = []): Promise<UserItem> {
  const email = normalizeEmail(input.email);
  if (await getItem(keys.userEmail(email))) throw new ConflictError(MSG.userEmailExists);
  let sub: string;
  try {
    const r = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: config.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    if (!sub) throw new Error('Cognito returned no sub');
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: email, Password: input.password, Permanent: true }),
    );
  } catch (e) {
    if (e instanceof UsernameExistsException) throw new ConflictError(MSG.userEmailExists);
    throw e;
  }
  const objectId = await nextId('user');
  const now = toTransferDate(new Date());
  const item: UserItem = {
    ...keys.user(objectId),
    objectId,
    firstName: input.firstName,
    lastName: input.lastName,
    email,
    type: typeof input.type === 'number' ? input.type : userTypeIdOf(input.type),
    isActive: input.isActive ?? true,
    agentCode: input.agentCode ?? null,
    lastLoginTime: null,
    cognitoSub: sub,
    version: 1,
    created: now,
    updated: now,
  };
  const cond = 'attribute_not_exists(pk)';
  try {
    await transact(
      [
        { Put: { TableName: table(), Item: item, ConditionExpression: cond } },
        { Put: { TableName: table(), Item: { ...keys.userEmail(email), objectId }, ConditionExpression: cond } },
        { Put: { TableName: table(), Item: { ...keys.userSub(sub), objectId }, ConditionExpression: cond } },
        ...extra,
      ],
      () => new ConflictError(MSG.userEmailExists),
    );
  } catch (e) {
    await cognitoClient()
      .send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: email }))
      .catch(() => undefined);
    throw e;
  }
  return item;
}

/** Sign-in bookkeeping; not a user edit, so the version does not change. */
export async function recordLogin(objectId: number): Promise<string> {
  const now = toTransferDate(new Date());
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET lastLoginTime = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': now },
    }),
  );
  return now;
}

/**
 * Refuse every token issued until now (password set, deactivation, role change). Token times have
 * one-second resolution, so tokens of the current second are refused too; the answer is the
 * first second (epoch) from which new tokens are accepted.
 */
export async function invalidateSessions(objectId: number): Promise<number> {
  const validAfter = Math.floor(Date.now() / 1000) + 1;
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET tokensValidAfter = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':t': validAfter },
    }),
  );
  return validAfter;
}
