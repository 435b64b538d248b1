import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Resource, RouteResponse } from '@eb/shared/routes';
import type { Route } from '@eb/shared/routes';
import { call, type CallOptions, type RouteInput } from './api-client';

/**
 * The one query/mutation factory of the SPA, driven by the route table: a route's query key is
 * [resource, action, input], so a change invalidates by key prefix ([resource] or [resource,
 * action]) and no screen writes a key by hand.
 */
export type RouteKey<R extends Route = Route> = readonly [R['resource'], R['action'], RouteInput<R>, ...string[]];
/** A key prefix to invalidate: every query of a resource, or of one of its actions. */
export type KeyPrefix = readonly [Resource] | readonly [Resource, string];

export interface RouteQueryOptions extends Omit<CallOptions, 'signal'> {
  /**
   * Kept when its resource is invalidated: an id reserved by an open create form (Generate), a
   * record an open edit form started from (Get). Such queries reload only when asked (refetch).
   */
  pinned?: boolean;
  /** One more key part, for calls that must not share a cache entry (one Generate per open form). */
  scope?: string;
}

/** The key prefix of every call of a route (e.g. every page of a list). */
export const routePrefix = (route: Route): KeyPrefix => [route.resource, route.action];

/** The query key of a route call (what `routeQuery` uses). */
export const routeKey = <R extends Route>(route: R, input: NoInfer<RouteInput<R>> = {}, scope?: string): RouteKey<R> =>
  scope === undefined ? [route.resource, route.action, input] : [route.resource, route.action, input, scope];

/** Query options of a route call: key [resource, action, input], the typed call as queryFn. */
export function routeQuery<R extends Route>(route: R, input: NoInfer<RouteInput<R>> = {}, options: RouteQueryOptions = {}) {
  const { pinned, scope, ...callOptions } = options;
  return queryOptions<RouteResponse<R>, Error, RouteResponse<R>, RouteKey<R>>({
    queryKey: routeKey(route, input, scope),
    queryFn: ({ signal }) => call(route, { ...input, ...callOptions, signal }),
    ...(pinned ? { meta: { pinned: true }, gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false } : {}),
  });
}

/** Invalidates every query under the prefixes, except pinned ones. */
export function invalidateRoutes(queryClient: QueryClient, prefixes: readonly KeyPrefix[]): Promise<void> {
  return Promise.all(
    prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey, predicate: (q) => q.meta?.pinned !== true })),
  ).then(() => undefined);
}

/** A function invalidating the prefixes (after a change made outside a route mutation). */
export function useInvalidateRoutes(...prefixes: KeyPrefix[]): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidateRoutes(queryClient, prefixes);
}

export interface RouteMutationOptions<R extends Route, V> extends Omit<CallOptions, 'signal'> {
  /** The key prefixes reloaded after success. */
  invalidates?: readonly KeyPrefix[];
  /** The call's input from the mutation's variables (default: the variables are the input). */
  input?: (variables: V) => RouteInput<R>;
  onSuccess?: (data: RouteResponse<R>, variables: V) => void;
}

/** A mutation calling one route; the prefixes in `invalidates` reload after success. */
export function useRouteMutation<R extends Route, V = RouteInput<R>>(route: R, options: RouteMutationOptions<R, V> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], input, onSuccess, ...callOptions } = options;
  return useMutation<RouteResponse<R>, Error, V>({
    mutationFn: (variables) => call(route, { ...(input ? input(variables) : (variables as RouteInput<R>)), ...callOptions }),
    onSuccess: (data, variables) => {
      void invalidateRoutes(queryClient, invalidates);
      onSuccess?.(data, variables);
    },
  });
}
