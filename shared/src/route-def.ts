import type { z } from 'zod';
import type { Access } from './roles';

/**
 * The shape of a route-table entry (shared/src/routes.ts lists them). Kept apart from the table so
 * that declarations which produce routes (child kinds, shared/src/child-records.ts) can use it.
 */
export const RESOURCES = [
  'users', 'reference', 'job', 'agent', 'contract', 'mastercontract', 'account', 'businessentity',
  'primarycontact', 'file', 'report', 'upload', 'update',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  resource: Resource;
  /** The action segment as the spec spells it ('' for the resource root, e.g. GET job). */
  action: string;
  access: Access;
  /** The path segment of the resource as the spec spells it ('Reference'). */
  segment?: string;
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
