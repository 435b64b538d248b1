import type { UseQueryOptions } from '@tanstack/react-query';
import type { PagedResult } from '@eb/shared/paging';
import type { Route } from '@eb/shared/routes';
import { call, type CallOptions, type RouteInput } from './api-client';
import { routeKey, type KeyPrefix } from './queries';

/** The calls of a child kind under one parent (what a sub-record grid's spec takes). */
export interface ChildRecordCalls<T extends { objectId: number; version: number }> {
  list: (parentId: number, page: { skip: number; limit: number; orderBy: string }) => UseQueryOptions<PagedResult<T>, Error, PagedResult<T>, readonly unknown[]>;
  add: (parentId: number, row: T) => Promise<Partial<T>>;
  update: (row: T, original: T) => Promise<unknown>;
  remove: (rows: readonly { objectId: number; version: number }[]) => Promise<unknown>;
  /** What a change reloads (the parent's lists and change log). */
  invalidates: readonly KeyPrefix[];
}

/**
 * The calls of a child kind (shared/src/child-records.ts: Get{Name}List, {Name}Add, {Name}Update,
 * {Name}Delete) from its four routes of the table, its fields and the field naming the parent
 * ({ [parentRef]: { objectId } }). Keys follow the route table (lib/queries.ts).
 */
export function childRecordCalls<T extends { objectId: number; version: number }>(options: {
  parentRef: string;
  routes: { list: Route; add: Route; update: Route; remove: Route };
  fields: readonly string[];
  invalidates: readonly KeyPrefix[];
}): ChildRecordCalls<T> {
  const { parentRef, routes, fields, invalidates } = options;
  const fieldsOf = (row: T): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const f of fields) out[f] = (row as unknown as Record<string, unknown>)[f] ?? null;
    return out;
  };
  type Input = { query?: Record<string, unknown>; body?: unknown };
  const send = (route: Route, input: Input, options: CallOptions = {}): Promise<unknown> => call(route, { ...(input as RouteInput<Route>), ...options });
  return {
    list: (parentId, page) => {
      const input: Input = { query: { ...page, getTotalCount: true }, body: { [parentRef]: { objectId: parentId } } };
      return {
        queryKey: routeKey(routes.list, input as RouteInput<Route>),
        queryFn: ({ signal }) => send(routes.list, input, { signal }) as Promise<PagedResult<T>>,
      };
    },
    add: (parentId, row) => send(routes.add, { body: { ...fieldsOf(row), [parentRef]: { objectId: parentId } } }) as Promise<Partial<T>>,
    update: (row, original) => send(routes.update, { query: { id: row.objectId }, body: { ...fieldsOf(row), version: original.version } }),
    remove: (rows) => send(routes.remove, { body: rows }),
    invalidates,
  };
}
