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

/**
 * The code's name of a resource where the spec's API name says something else (see the glossary in
 * README.md): the spec's `contract` is the amendment, `mastercontract` the contract. Each resource's
 * code lives under that name (shared/src/X, functions/src/X, web/src/entities/X).
 */
export const RESOURCE_CODE_NAMES: Partial<Record<Resource, string>> = {
  contract: 'amendment', mastercontract: 'master-contract', primarycontact: 'contact', businessentity: 'business-entity',
};

/** The folder of a resource's code: `functions/src/${codeName(r)}`. */
export const codeName = (r: Resource): string => RESOURCE_CODE_NAMES[r] ?? r;

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
