import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@eb/shared/users/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';

/** The signed-in user. A 401 means signed out: the caller decides where to go (no redirect here). */
export const currentUserQuery = () =>
  queryOptions({
    ...routeQuery(endpoint('GET', 'users', 'GetCurrentUser'), {}, { redirectOn401: false }),
    staleTime: Infinity,
    retry: false,
  });

/** Ends the session on the server (tokens revoked, cookies cleared). */
export const logout = (): Promise<void> => call(endpoint('DELETE', 'users', 'Logout'));

/** The signed-in user, inside the routes guarded by the session gate (which loads it first). */
export function useSignedInUser(): CurrentUser {
  const { data } = useQuery(currentUserQuery());
  if (!data) throw new Error('useSignedInUser is used outside the session gate');
  return data;
}

export const fullName = (user: Pick<CurrentUser, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();
