import type { z } from 'zod';
import type { Access } from './roles';

/**
 * The shape of a route-table entry (shared/src/routes.ts lists them). Kept apart from the table so
 * that declarations which produce routes (child kinds, shared/src/child-records.ts) can use it.
 */
export const RESOURCES = [
  'users', 'reference', 'job', 'agent', 'contract', 'mastercontract', 'account', 'businessentity',
  'primarycontact', 'file', 'report', 'upload', 'update', 'home',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A resource's path segment where the spec spells it differently from the resource ('Reference'). */
export const RESOURCE_SEGMENTS: Partial<Record<Resource, string>> = { reference: 'Reference' };

/** The path of a route: /api/<segment>/<action>, or /api/<segment> for the resource root. */
export function routePath(r: Pick<RouteDef, 'resource' | 'action'>): string {
  const seg = RESOURCE_SEGMENTS[r.resource] ?? r.resource;
  return r.action ? `/api/${seg}/${r.action}` : `/api/${seg}`;
}

export interface RouteDef {
  method: HttpMethod;
  resource: Resource;
  /** The action segment as the spec spells it ('' for the resource root, e.g. GET job). */
  action: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's type, carried by a phantom value (`res<T>()`): handlers and the web client infer it. */
  response?: Res<unknown>;
}

/** A route's response type as a value with no runtime content: `response: res<User>()`. */
export interface Res<T> {
  readonly __response?: T;
}
export const res = <T>(): Res<T> => ({});
/** The answer type of a route of the table (`unknown` when the route does not declare one). */
export type RouteResponse<R> = R extends { response: Res<infer T> } ? T : unknown;
/** A route that answers 204 with no body. */
export type NoContent = void;
/** A route that answers a file (content-disposition): the client reads it as a blob with its name. */
export interface FileResponse {
  blob: Blob;
  filename: string;
}
