import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UpdateUserBody, UserDto } from '@eb/shared/users/schemas';
import { call, endpoint } from '../../../lib/api-client';
import { invalidateRoutes, routePrefix, routeQuery } from '../../../lib/queries';
import { currentUserQuery } from '../../../entities/users/session';

/**
 * The User Administration calls (spec 1 section 7 "Users"), keyed by the route table
 * (lib/queries.ts). A save reloads the list, the change log and the signed-in user when it was
 * them; the user an open edit started from is pinned.
 */
export interface UserListParams {
  /** email text (contains, case-insensitive) */
  email: string;
  /** status filter; null: all */
  isActive: boolean | null;
  skip: number;
  limit: number;
  orderBy: string;
}

/** POST users/GetList?limit&skip&orderBy&getTotalCount with {email, isActive}: one page and the total. */
export const userListQuery = (params: UserListParams) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'users', 'GetList'), {
      query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
      body: { email: params.email, isActive: params.isActive },
    }),
    placeholderData: keepPreviousData,
  });

/**
 * GET users/Get?id: the user with the version an edit is made from. Pinned: nothing is kept once the
 * popup closes, and nothing replaces the form while it is open (a stale save offers a reload instead).
 */
export const userQuery = (id: number) => routeQuery(endpoint('GET', 'users', 'Get'), { query: { id } }, { pinned: true });

/** GET users/ChangeLogs: every user's changes, newest first. */
export const userChangeLogQuery = () => routeQuery(endpoint('GET', 'users', 'ChangeLogs'));

// The dialog shows the failures of its own saves (no notification).
const shownByDialog = { notify: false } as const;

/** POST users/Create: answers the new user. */
export const createUser = (body: CreateUserBody) => call(endpoint('POST', 'users', 'Create'), { body, ...shownByDialog });

/** PUT users/Update?id: the whole user with the version it was read at (409 when stale). */
export const updateUser = (id: number, body: UpdateUserBody) =>
  call(endpoint('PUT', 'users', 'Update'), { query: { id }, body, ...shownByDialog });

/** PUT users/UserDeacivate?id (spelt so): sets the user inactive. */
export const deactivateUser = (id: number) => call(endpoint('PUT', 'users', 'UserDeacivate'), { query: { id } });

/** The user administration queries (the signed-in user's own query is apart). */
const USER_ADMIN_KEYS = [
  routePrefix(endpoint('POST', 'users', 'GetList')),
  routePrefix(endpoint('GET', 'users', 'Get')),
  routePrefix(endpoint('GET', 'users', 'ChangeLogs')),
];

/** After a change: the list, the users and the change log reload; so does the signed-in user when it was them. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return async (user: UserDto) => {
    const me = queryClient.getQueryData(currentUserQuery().queryKey);
    await Promise.all([
      invalidateRoutes(queryClient, USER_ADMIN_KEYS),
      me?.objectId === user.objectId ? queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }) : undefined,
    ]);
  };
}

export type SaveUserInput = { mode: 'create'; body: CreateUserBody } | { mode: 'edit'; id: number; body: UpdateUserBody };

/** Create or update a user; the caller shows the outcome. */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: SaveUserInput) => (input.mode === 'create' ? createUser(input.body) : updateUser(input.id, input.body)),
    onSuccess: (user) => void invalidate(user),
  });
}

export function useDeactivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deactivateUser, onSuccess: (user) => void invalidate(user) });
}
