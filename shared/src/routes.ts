import { z } from 'zod';
import type { Access } from './roles';
import { cancelJobBodySchema, jobIdQuerySchema } from './job/schemas';
import { zipLookupQuerySchema } from './reference/schemas';
import {
  agentCreateBodySchema,
  agentDeleteBodySchema,
  agentExportQuerySchema,
  agentInfoListBodySchema,
  agentInfoListQuerySchema,
  agentListQuerySchema,
  agentUpdateBodySchema,
} from './agent/schemas';
import {
  businessEntityCreateBodySchema,
  businessEntityListBodySchema,
  businessEntityUpdateBodySchema,
} from './businessentity/schemas';
import {
  addressAddBodySchema,
  addressUpdateBodySchema,
  contactCreateBodySchema,
  contactListBodySchema,
  contactUpdateBodySchema,
  emailAddBodySchema,
  emailUpdateBodySchema,
  phoneAddBodySchema,
  phoneUpdateBodySchema,
  referenceDataQuerySchema,
  subRecordDeleteBodySchema,
  subRecordListBodySchema,
} from './primarycontact/schemas';
import { optionalIdQuerySchema, pageQuerySchema } from './paging';
import { territoryCreateBodySchema, territoryListQuerySchema, territoryUpdateBodySchema } from './reference/territory';
import {
  createUserBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  setPasswordBodySchema,
  updateUserBodySchema,
  userListBodySchema,
} from './users/schemas';
import { idQuerySchema } from './validation';

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

const empty = z.object({}).passthrough();

export const ROUTES = [
  // Users: sign-in and session
  { method: 'POST', resource: 'users', action: 'login', access: 'public', body: loginBodySchema },
  { method: 'DELETE', resource: 'users', action: 'Logout', access: 'public' },
  { method: 'POST', resource: 'users', action: 'ResetPassword', access: 'public', body: resetPasswordBodySchema },
  { method: 'POST', resource: 'users', action: 'SetPassword', access: 'public', body: setPasswordBodySchema },
  { method: 'GET', resource: 'users', action: 'GetCurrentUser', access: 'signedIn' },
  // Users: administration (the admin gate: user type superAdmin)
  { method: 'POST', resource: 'users', action: 'GetList', access: 'admin', query: pageQuerySchema, body: userListBodySchema },
  { method: 'GET', resource: 'users', action: 'Get', access: 'admin', query: idQuerySchema },
  { method: 'POST', resource: 'users', action: 'Create', access: 'admin', body: createUserBodySchema },
  { method: 'PUT', resource: 'users', action: 'Update', access: 'admin', query: idQuerySchema, body: updateUserBodySchema },
  { method: 'DELETE', resource: 'users', action: 'Delete', access: 'admin', query: idQuerySchema },
  { method: 'PUT', resource: 'users', action: 'UserDeacivate', access: 'admin', query: idQuerySchema },
  { method: 'GET', resource: 'users', action: 'ChangeLogs', access: 'admin', query: optionalIdQuerySchema },
  // Reference data
  { method: 'GET', resource: 'reference', segment: 'Reference', action: 'GetReferences', access: 'signedIn' },
  { method: 'GET', resource: 'reference', segment: 'Reference', action: 'GetAddressLocationByZipCode', access: 'signedIn', query: zipLookupQuerySchema },
  // Reference: territories (Data Administration; the list is read across the app, so signed-in)
  { method: 'GET', resource: 'reference', segment: 'Reference', action: 'TerritoryGetList', access: 'signedIn', query: territoryListQuerySchema },
  { method: 'POST', resource: 'reference', segment: 'Reference', action: 'TerritoryCreate', access: 'admin', body: territoryCreateBodySchema },
  { method: 'PUT', resource: 'reference', segment: 'Reference', action: 'TerritoryUpdate', access: 'admin', query: idQuerySchema, body: territoryUpdateBodySchema },
  { method: 'GET', resource: 'reference', segment: 'Reference', action: 'ChangeLogs', access: 'admin', query: optionalIdQuerySchema },
  // Agents (Data Administration; read across the app, edited by admins)
  { method: 'GET', resource: 'agent', action: 'Get', access: 'signedIn', query: idQuerySchema },
  { method: 'GET', resource: 'agent', action: 'GetList', access: 'signedIn', query: agentListQuerySchema },
  { method: 'POST', resource: 'agent', action: 'GetAgentInfoList', access: 'signedIn', query: agentInfoListQuerySchema, body: agentInfoListBodySchema },
  { method: 'POST', resource: 'agent', action: 'Create', access: 'admin', body: agentCreateBodySchema },
  { method: 'PUT', resource: 'agent', action: 'Update', access: 'admin', query: idQuerySchema, body: agentUpdateBodySchema },
  { method: 'DELETE', resource: 'agent', action: 'Delete', access: 'admin', query: idQuerySchema, body: agentDeleteBodySchema },
  { method: 'GET', resource: 'agent', action: 'ChangeLogs', access: 'admin', query: optionalIdQuerySchema },
  { method: 'GET', resource: 'agent', action: 'Export', access: 'admin', query: agentExportQuerySchema },
  // Business entities (spec 3 section 7, spec 2 section 7): staff read them, editors change them; agents never
  { method: 'GET', resource: 'businessentity', action: 'Get', access: 'nonAgent', query: idQuerySchema },
  { method: 'POST', resource: 'businessentity', action: 'Generate', access: 'editor' },
  { method: 'POST', resource: 'businessentity', action: 'Create', access: 'editor', body: businessEntityCreateBodySchema },
  { method: 'PUT', resource: 'businessentity', action: 'Update', access: 'editor', query: idQuerySchema, body: businessEntityUpdateBodySchema },
  { method: 'POST', resource: 'businessentity', action: 'GetList', access: 'nonAgent', query: pageQuerySchema, body: businessEntityListBodySchema },
  { method: 'GET', resource: 'businessentity', action: 'ChangeLogs', access: 'nonAgent', query: optionalIdQuerySchema },
  // Contact entities (primary contacts): spec 3 "Contact entity", spec 2 "Primary contact resource"
  { method: 'POST', resource: 'primarycontact', action: 'Generate', access: 'editor' },
  { method: 'GET', resource: 'primarycontact', action: 'Get', access: 'nonAgent', query: idQuerySchema },
  { method: 'GET', resource: 'primarycontact', action: 'GetPrimaryContactReferenceData', access: 'nonAgent', query: referenceDataQuerySchema },
  { method: 'POST', resource: 'primarycontact', action: 'Create', access: 'editor', body: contactCreateBodySchema },
  { method: 'PUT', resource: 'primarycontact', action: 'Update', access: 'editor', query: idQuerySchema, body: contactUpdateBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'GetList', access: 'nonAgent', query: pageQuerySchema, body: contactListBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'GetAddressList', access: 'nonAgent', query: pageQuerySchema, body: subRecordListBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'GetPhoneList', access: 'nonAgent', query: pageQuerySchema, body: subRecordListBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'GetEmailList', access: 'nonAgent', query: pageQuerySchema, body: subRecordListBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'AddressAdd', access: 'editor', body: addressAddBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'PhoneAdd', access: 'editor', body: phoneAddBodySchema },
  { method: 'POST', resource: 'primarycontact', action: 'EmailAdd', access: 'editor', body: emailAddBodySchema },
  { method: 'PUT', resource: 'primarycontact', action: 'AddressUpdate', access: 'editor', query: idQuerySchema, body: addressUpdateBodySchema },
  { method: 'PUT', resource: 'primarycontact', action: 'PhoneUpdate', access: 'editor', query: idQuerySchema, body: phoneUpdateBodySchema },
  { method: 'PUT', resource: 'primarycontact', action: 'EmailUpdate', access: 'editor', query: idQuerySchema, body: emailUpdateBodySchema },
  { method: 'DELETE', resource: 'primarycontact', action: 'AddressDelete', access: 'editor', body: subRecordDeleteBodySchema },
  { method: 'DELETE', resource: 'primarycontact', action: 'PhoneDelete', access: 'editor', body: subRecordDeleteBodySchema },
  { method: 'DELETE', resource: 'primarycontact', action: 'EmailDelete', access: 'editor', body: subRecordDeleteBodySchema },
  { method: 'GET', resource: 'primarycontact', action: 'ChangeLogs', access: 'nonAgent', query: optionalIdQuerySchema },
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
