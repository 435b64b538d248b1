import { z } from 'zod';
import type { Access } from './roles';
import { cancelJobBodySchema, jobIdQuerySchema } from './job/schemas';
import { zipLookupQuerySchema } from './reference/schemas';
import { loginBodySchema, resetPasswordBodySchema, setPasswordBodySchema } from './users/schemas';

/**
 * The route table: every API route, one line each. The Lambda routers, the CDK routes, the local
 * gateway, the web API client and the authorization-matrix test all read it. A route missing from
 * this table does not exist.
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
}

const empty = z.object({}).passthrough();

export const ROUTES = [
  // Users: sign-in and session
  { method: 'POST', resource: 'users', action: 'login', access: 'public', body: loginBodySchema },
  { method: 'DELETE', resource: 'users', action: 'Logout', access: 'public' },
  { method: 'POST', resource: 'users', action: 'ResetPassword', access: 'public', body: resetPasswordBodySchema },
  { method: 'POST', resource: 'users', action: 'SetPassword', access: 'public', body: setPasswordBodySchema },
  { method: 'GET', resource: 'users', action: 'GetCurrentUser', access: 'signedIn' },
  // Reference data
  { method: 'GET', resource: 'reference', segment: 'Reference', action: 'GetReferences', access: 'signedIn' },
  { method: 'GET', resource: 'reference', segment: 'Reference', action: 'GetAddressLocationByZipCode', access: 'signedIn', query: zipLookupQuerySchema },
  // Jobs
  { method: 'GET', resource: 'job', action: '', access: 'signedIn' },
  { method: 'GET', resource: 'job', action: 'getjob', access: 'signedIn', query: jobIdQuerySchema },
  { method: 'DELETE', resource: 'job', action: 'Cancel', access: 'editor', body: cancelJobBodySchema },
] as const satisfies readonly RouteDef[];

export type Route = (typeof ROUTES)[number];

export function routePath(r: Pick<RouteDef, 'resource' | 'action' | 'segment'>): string {
  const seg = r.segment ?? r.resource;
  return r.action ? `/api/${seg}/${r.action}` : `/api/${seg}`;
}

/** Find the route for a method and path; the action matches case-insensitively. */
export function matchRoute(method: string, path: string): RouteDef | undefined {
  const p = path.replace(/\/+$/, '').toLowerCase();
  const m = method.toUpperCase();
  return (ROUTES as readonly RouteDef[]).find((r) => r.method === m && routePath(r).toLowerCase() === p);
}

/** Routes of one resource (one Lambda each). */
export function routesOf(resource: Resource): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.resource === resource);
}

/** Is there any route at this path (any method)? Used to answer 405 rather than 404. */
export function pathExists(path: string): boolean {
  const p = path.replace(/\/+$/, '').toLowerCase();
  return (ROUTES as readonly RouteDef[]).some((r) => routePath(r).toLowerCase() === p);
}

export const EMPTY_BODY = empty;
