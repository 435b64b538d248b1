import { MSG } from '@eb/shared/messages';
import type { PagedResult } from '@eb/shared/paging';
import type { PageQuery } from '@eb/shared/page-query';
import type { UserDto, UserListBody } from '@eb/shared/users/schemas';
import { createUserBodySchema, updateUserBodySchema } from '@eb/shared/users/schemas';
import { normalizeEmail } from '@eb/shared/formats';
import type { z } from 'zod';
import { listChangeLogs, type ChangeLogEntry } from '../lib/change-log';
import { getItem, keys, table, type TransactItem } from '../lib/db';
import { actorOf, deleteEntity, updateEntity } from '../lib/entity';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import type { ActionContext, Actions } from '../lib/handler';
import { listEngine, pageParams } from '../lib/list-engine';
import { log } from '../lib/log';
import { startSessionCookies, type SessionUser } from '../lib/session';
import { deleteCognitoUser, setCognitoEmail, setCognitoEnabled, setCognitoPassword, signIn } from './cognito';
import { USER_ENTITY, USER_LIST, createUser, getUser, invalidateSessions, toUserDto, type UserItem } from './repository';

/**
 * User Administration (spec 1 "User Administration"; admin only, enforced by the route table).
 * Every change touches Cognito (sign-in) first, then the profile in one DynamoDB transaction with
 * its change-log event; when the transaction fails, the Cognito steps that can be undone are
 * undone. The app's own checks (sign-in and every request read the profile) keep an inactive
 * profile from signing in or using a session whatever Cognito says.
 */

type CreateBody = z.output<typeof createUserBodySchema>;
type UpdateBody = z.output<typeof updateUserBodySchema>;

async function requireUser(id: number): Promise<UserItem> {
  const u = await getUser(id);
  if (!u) throw new NotFoundError();
  return u;
}

const me = (ctx: ActionContext): SessionUser => ctx.user!;

/** Undo steps of the Cognito side, run newest first when the profile write fails. */
class Compensation {
  private steps: { what: string; run: () => Promise<unknown> }[] = [];
  add(what: string, run: () => Promise<unknown>) {
    this.steps.push({ what, run });
  }
  async run(): Promise<void> {
    for (const s of this.steps.reverse()) {
      await s.run().catch((err: unknown) => log.error('user compensation failed', { step: s.what, err }));
    }
  }
}

// ---- GetList / Get / ChangeLogs ------------------------------------------------------------------

async function getList(ctx: ActionContext<PageQuery, UserListBody>): Promise<PagedResult<UserDto>> {
  const email = (ctx.body.email ?? '').trim().toLowerCase();
  const isActive = ctx.body.isActive ?? null;
  const filter =
    email || isActive !== null
      ? (r: UserDto) => (!email || r.email.includes(email)) && (isActive === null || r.isActive === isActive)
      : undefined;
  return listEngine(USER_LIST).query({ filter, ...pageParams(ctx.query) });
}

async function get(ctx: ActionContext<{ id: number }>): Promise<UserDto> {
  return toUserDto(await requireUser(ctx.query.id));
}

async function changeLogs(ctx: ActionContext<{ id?: number }>): Promise<ChangeLogEntry[]> {
  return listChangeLogs({ entity: USER_ENTITY.type, id: ctx.query.id });
}

// ---- Create --------------------------------------------------------------------------------------

async function create(ctx: ActionContext<unknown, CreateBody>): Promise<UserDto> {
  const b = ctx.body;
  const item = await createUser(
    {
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email,
      password: b.password,
      type: b.type,
      agentCode: b.agentCode,
      isActive: b.isActive,
    },
    actorOf(me(ctx)),
  );
  return toUserDto(item);
}

// ---- Update --------------------------------------------------------------------------------------

/** The transaction items that move the email lookup from `from` to `to` (the new one must be free). */
function emailSwap(objectId: number, from: string, to: string): TransactItem[] {
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...keys.userEmail(to), objectId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Delete: {
        TableName: table(),
        Key: keys.userEmail(from),
        ConditionExpression: 'objectId = :id',
        ExpressionAttributeValues: { ':id': objectId },
      },
    },
  ];
}

async function emailTakenByOther(email: string, objectId: number): Promise<boolean> {
  const m = await getItem<{ objectId: number }>(keys.userEmail(email));
  return !!m && m.objectId !== objectId;
}

async function update(ctx: ActionContext<{ id: number }, UpdateBody>): Promise<UserDto> {
  const id = ctx.query.id;
  const b = ctx.body;
  const current = await requireUser(id);
  if (current.version !== b.version) throw new ConflictError();
  const self = id === me(ctx).objectId;
  if (self && !b.isActive) throw new BadRequestError(MSG.cannotDeactivateSelf, { isActive: MSG.cannotDeactivateSelf });
  if (self && b.type !== current.type) throw new BadRequestError(MSG.cannotChangeOwnRole, { type: MSG.cannotChangeOwnRole });

  const email = normalizeEmail(b.email);
  const emailChanged = email !== current.email;
  if (emailChanged && (await emailTakenByOther(email, id))) throw new ConflictError(MSG.userEmailExists);
  const password = b.password || undefined;
  const deactivated = current.isActive && !b.isActive;
  const reactivated = !current.isActive && b.isActive;
  const roleChanged = b.type !== current.type;

  const sub = current.cognitoSub;
  const undo = new Compensation();
  let stored: UserItem;
  try {
    if (emailChanged) {
      await setCognitoEmail(sub, email).catch((e: unknown) => {
        throw (e as Error).name === 'AliasExistsException' ? new ConflictError(MSG.userEmailExists) : e;
      });
      undo.add('restore email', () => setCognitoEmail(sub, current.email));
    }
    if (deactivated || reactivated) {
      await setCognitoEnabled(sub, b.isActive);
      undo.add('restore enabled', () => setCognitoEnabled(sub, current.isActive));
    }
    // Cannot be undone (the old password is not known): the last Cognito step, after every check.
    if (password) await setCognitoPassword(sub, password);
    stored = (await updateEntity(
      USER_ENTITY,
      id,
      b.version,
      {
        firstName: b.firstName,
        lastName: b.lastName,
        email,
        type: b.type,
        isActive: b.isActive,
        agentCode: b.agentCode,
        ...(password ? { passwordVersion: (current.passwordVersion ?? 1) + 1 } : {}),
      },
      { actor: actorOf(me(ctx)), extra: emailChanged ? emailSwap(id, current.email, email) : [] },
    )) as UserItem;
  } catch (e) {
    await undo.run();
    if (e instanceof ConflictError && emailChanged && (await emailTakenByOther(email, id))) throw new ConflictError(MSG.userEmailExists);
    throw e;
  }

  if (password || roleChanged || deactivated) {
    const ended = await invalidateSessions(id, sub);
    if (self && password) await renewOwnSession(ctx, ended, stored, email, password);
  }
  return toUserDto(stored);
}

/**
 * An administrator who set their own password keeps working: their old tokens are refused like
 * everyone's, and a new session is started with the new password.
 */
async function renewOwnSession(
  ctx: ActionContext,
  ended: { validFrom: number; sessionEpoch: number },
  user: { objectId: number },
  email: string,
  password: string,
) {
  const wait = ended.validFrom * 1000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const tokens = await signIn(email, password);
  if (tokens) ctx.setCookies.push(...(await startSessionCookies(tokens, user, ended.sessionEpoch)));
}

// ---- UserDeacivate / Delete ----------------------------------------------------------------------

/** How often a deactivation retries when a concurrent edit moved the version. */
const DEACTIVATE_ATTEMPTS = 3;

async function deactivate(ctx: ActionContext<{ id: number }>): Promise<UserDto> {
  const id = ctx.query.id;
  if (id === me(ctx).objectId) throw new BadRequestError(MSG.cannotDeactivateSelf);
  for (let attempt = 1; ; attempt++) {
    const current = await requireUser(id);
    if (!current.isActive) return toUserDto(current); // already inactive: nothing to change
    await setCognitoEnabled(current.cognitoSub, false);
    try {
      const stored = (await updateEntity(USER_ENTITY, id, current.version, { isActive: false }, { actor: actorOf(me(ctx)) })) as UserItem;
      await invalidateSessions(id, current.cognitoSub);
      return toUserDto(stored);
    } catch (e) {
      const retry = e instanceof ConflictError && attempt < DEACTIVATE_ATTEMPTS;
      // the profile still says active (or is gone): give the sign-in back unless we try again
      if (!retry) await setCognitoEnabled(current.cognitoSub, true).catch((err: unknown) => log.error('user compensation failed', { err }));
      if (!retry) throw e;
    }
  }
}

async function remove(ctx: ActionContext<{ id: number }>): Promise<void> {
  const id = ctx.query.id;
  if (id === me(ctx).objectId) throw new BadRequestError(MSG.cannotDeleteSelf);
  const current = await requireUser(id);
  const sub = current.cognitoSub;
  // Disable first (undoable); the sign-in is removed once the profile is gone.
  if (current.isActive) await setCognitoEnabled(sub, false);
  try {
    await deleteEntity(USER_ENTITY, id, undefined, {
      actor: actorOf(me(ctx)),
      extra: [
        {
          Delete: {
            TableName: table(),
            Key: keys.userEmail(current.email),
            ConditionExpression: 'objectId = :id',
            ExpressionAttributeValues: { ':id': id },
          },
        },
        { Delete: { TableName: table(), Key: keys.userSub(sub) } },
      ],
    });
  } catch (e) {
    if (current.isActive) await setCognitoEnabled(sub, true).catch((err: unknown) => log.error('user compensation failed', { err }));
    throw e;
  }
  // A failure here leaves a disabled sign-in with no profile: it cannot sign in, and a new user
  // with the same email replaces it (see createUser).
  await deleteCognitoUser(sub).catch((err: unknown) => log.error('could not remove the sign-in of a deleted user', { err }));
}

export const adminActions = {
  'POST getlist': getList,
  'GET get': get,
  'POST create': create,
  'PUT update': update,
  'DELETE delete': remove,
  'PUT userdeacivate': deactivate,
  'GET changelogs': changeLogs,
} satisfies Partial<Actions<'users'>>;
