import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PagedResult } from '@eb/shared/paging';
import type { CreateUserBody, UpdateUserBody, UserDto } from '@eb/shared/users/schemas';
import { endpoint, request } from '../../../lib/api-client';
import { currentUserQuery } from '../../../entities/users/session';
import type { ChangeLogEntry } from '../../../components/change-log';

/**
 * The User Administration calls (spec 1 section 7 "Users"). Query keys live under
 * ['users', 'admin'] (the signed-in user's own query is ['users', 'current']): a save invalidates
 * `userKeys.all`, so the list, the open user and the change log reload.
 */
export const userKeys = {
  all: ['users', 'admin'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  changeLog: () => [...userKeys.all, 'changeLog'] as const,
};

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
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) =>
      request<PagedResult<UserDto>>(endpoint('POST', 'users', 'GetList'), {
        query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
        body: { email: params.email, isActive: params.isActive },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET users/Get?id: the user with the version an edit is made from. */
export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => request<UserDto>(endpoint('GET', 'users', 'Get'), { query: { id }, signal }),
    // An edit starts from the stored version: nothing is kept once the popup closes, and nothing
    // replaces the form while it is open (a stale save offers a reload instead).
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** GET users/ChangeLogs: every user's changes, newest first. */
export const userChangeLogQuery = () =>
  queryOptions({
    queryKey: userKeys.changeLog(),
    queryFn: ({ signal }) => request<ChangeLogEntry[]>(endpoint('GET', 'users', 'ChangeLogs'), { signal }),
  });

// The dialog shows the failures of its own saves (no notification).
const shownByDialog = { notify: false } as const;

/** POST users/Create: answers the new user. */
export const createUser = (body: CreateUserBody) =>
  request<UserDto>(endpoint('POST', 'users', 'Create'), { body, ...shownByDialog });

/** PUT users/Update?id: the whole user with the version it was read at (409 when stale). */
export const updateUser = (id: number, body: UpdateUserBody) =>
  request<UserDto>(endpoint('PUT', 'users', 'Update'), { query: { id }, body, ...shownByDialog });

/** PUT users/UserDeacivate?id (spelt so): sets the user inactive. */
export const deactivateUser = (id: number) => request<UserDto>(endpoint('PUT', 'users', 'UserDeacivate'), { query: { id } });

/** After a change: the list, the users and the change log reload; so does the signed-in user when it was them. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return async (user: UserDto) => {
    const me = queryClient.getQueryData(currentUserQuery().queryKey);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
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
