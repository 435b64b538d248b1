import type { UseQueryOptions } from '@tanstack/react-query';
import { childActionNames, type AnyChildKind } from '@eb/shared/child-records';
import type { PagedResult } from '@eb/shared/paging';
import type { Route } from '@eb/shared/routes';
import { call, type CallOptions, type RouteInput } from './api-client';
import { routeKey, type KeyPrefix } from './queries';

/** The calls of a child kind under one parent (what a sub-record grid's spec takes). */
export interface ChildRecordCalls<T extends { objectId: number; version: number }> {
  list: (parentId: number, page: { skip: number; limit: number; orderBy: string }) => UseQueryOptions<PagedResult<T>, Error, PagedResult<T>, readonly unknown[]>;
  add: (parentId: number, row: T) => Promise<Partial<T>>;
  update: (row: T, original: T) => Promise<unknown>;
  /** none: the kind's records are never deleted */
  remove?: (rows: readonly { objectId: number; version: number }[]) => Promise<unknown>;
  /** What a change reloads (the parent's lists and change log). */
  invalidates: readonly KeyPrefix[];
}

/**
 * The calls of a child kind (shared/src/child-records.ts: its four routes, named by
 * childActionNames, on its parent's resource), with its fields and the field naming the parent
 * ({ [parentRef]: { objectId } }). Keys follow the route table (lib/queries.ts).
 */
export function childRecordCalls<T extends { objectId: number; version: number }>(kind: AnyChildKind, invalidates: readonly KeyPrefix[]): ChildRecordCalls<T> {
  const parentRef: string = kind.parent.ref;
  const fields: readonly string[] = kind.fields;
  const names = childActionNames(kind);
  const at = (method: Route['method'], action: string) => ({ method, resource: kind.parent.resource, action }) as Route;
  const routes = { list: at('POST', names.list), add: at('POST', names.add), update: at('PUT', names.update), remove: names.delete === false ? undefined : at('DELETE', names.delete) };
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
    remove: routes.remove ? (rows) => send(routes.remove!, { body: rows }) : undefined,
    invalidates,
  };
}
