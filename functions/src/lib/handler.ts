import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { ZodError, type z } from 'zod';
import { MAX_JSON_BODY_BYTES } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { mayAccess } from '@eb/shared/roles';
import { SortFieldError } from '@eb/shared/paging';
import { matchRoute, pathExists, routesOf, type Resource, type Route, type RouteDef, type RouteResponse } from '@eb/shared/routes';
import { config } from './config';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  type FieldErrors,
} from './errors';
import { header, json, parseCookies, type HttpEvent, type HttpResult } from './http';
import { log, withLogContext } from './log';
import { authenticate, type SessionUser } from './session';

/** What an action receives: the validated input, the signed-in user, and a place for cookies. */
export interface ActionContext<Q = any, B = any> {
  event: HttpEvent;
  route: RouteDef;
  user: SessionUser | undefined;
  query: Q;
  body: B;
  cookies: Record<string, string>;
  /** Set-Cookie values to add to the answer (session refresh, login, logout). */
  setCookies: string[];
  sourceIp: string;
  requestId: string;
}
export type Action = (ctx: ActionContext) => Promise<HttpResult | unknown>;

/** The key of a route's action: 'METHOD action' (action lower-cased), e.g. 'POST login', 'GET '. */
type ActionKey<R> = R extends { method: infer M extends string; action: infer A extends string } ? `${M} ${Lowercase<A>}` : never;
/** An action answering a route: its declared response (`res<T>()`), or a ready HttpResult (files, cookies). */
type ActionFor<R> = (ctx: ActionContext) => Promise<RouteResponse<R> | HttpResult> | RouteResponse<R> | HttpResult;
/**
 * The actions of a resource's routes, keyed 'METHOD action': one per route of the table, each
 * type-checked against the route's response type (an action answering another shape fails tsc).
 */
export type Actions<Res extends Resource = Resource> = {
  [R in Extract<Route, { resource: Res }> as ActionKey<R>]: ActionFor<R>;
};

export const actionKey = (r: Pick<RouteDef, 'method' | 'action'>): string => `${r.method} ${r.action.toLowerCase()}`;

const UNSAFE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The per-request context, built by the routing middleware and read by the handler. */
const contexts = new WeakMap<HttpEvent, ActionContext>();

/** Map any thrown error to a safe answer; only typed errors show their text. */
export function errorResponse(err: unknown, requestId: string): HttpResult {
  if (err instanceof AppError) {
    if (err.status >= 500) log.error('app error', { requestId, err });
    return json(err.status, { message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) });
  }
  if (err instanceof ZodError) return json(400, zodToBody(err));
  if (err instanceof SortFieldError) return json(400, { message: err.message, fieldErrors: { orderBy: err.fieldMessage } });
  log.error('unhandled error', { requestId, err });
  return json(500, { message: MSG.somethingWentWrong });
}

export function zodToBody(err: ZodError): { message: string; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  for (const issue of err.issues) {
    const k = issue.path.join('.') || '_';
    if (!fieldErrors[k]) fieldErrors[k] = issue.message;
  }
  const first = Object.values(fieldErrors)[0];
  return { message: err.issues.length === 1 && first ? first : MSG.invalidInput, fieldErrors };
}

function parseInput(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const r = schema.safeParse(value);
  if (!r.success) {
    const b = zodToBody(r.error);
    throw new BadRequestError(b.message, b.fieldErrors);
  }
  return r.data;
}

/** Does the request carry a body? (A bodiless DELETE or PUT needs no content type.) */
const hasBody = (event: HttpEvent): boolean => !!event.body;

/**
 * The origins a state-changing request may come from: the configured one (config.appOrigin), never
 * one read from the request (its Host or X-Forwarded-Host are the client's to set: a DNS-rebinding
 * page names its own host in both). A loopback origin (the local stack) also accepts its other
 * loopback names on the same scheme and port (a page opened at 127.0.0.1 instead of localhost).
 */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
function allowedOrigins(): Set<string> {
  const app = new URL(config.appOrigin);
  const allowed = new Set([app.origin]);
  if (LOOPBACK.includes(app.hostname)) {
    for (const h of LOOPBACK) allowed.add(`${app.protocol}//${h}${app.port ? `:${app.port}` : ''}`);
  }
  return allowed;
}

/**
 * Same-origin check for state-changing requests (Sec-Fetch-Site, else Origin; an Origin sent must be
 * an allowed one); a request with a body must also declare it as JSON or multipart.
 */
function checkCsrf(event: HttpEvent, method: string): void {
  if (!UNSAFE.has(method)) return;
  const site = header(event, 'sec-fetch-site');
  const origin = header(event, 'origin');
  const allowed = allowedOrigins();
  const ok = site ? site === 'same-origin' && (!origin || allowed.has(origin)) : !!origin && allowed.has(origin);
  if (!ok) throw new ForbiddenError(MSG.crossSite);
  if (!hasBody(event)) return;
  const ct = (header(event, 'content-type') ?? '').toLowerCase();
  if (!ct.startsWith('application/json') && !ct.startsWith('multipart/form-data')) throw new UnsupportedMediaTypeError();
}

function parseBody(event: HttpEvent): unknown {
  if (!hasBody(event) || !event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_JSON_BODY_BYTES) throw new PayloadTooLargeError();
  const ct = (header(event, 'content-type') ?? '').toLowerCase();
  if (!ct.startsWith('application/json')) return raw;
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    throw new BadRequestError('The request body is not valid JSON');
  }
}

/** Routing, CSRF, session, role and input checks from the route table, in that order. */
const routing = (resource: Resource): MiddlewareObj<HttpEvent, HttpResult, Error, Context> => ({
  before: async (request) => {
    const event = request.event;
    const method = event.requestContext?.http?.method ?? 'GET';
    const path = event.rawPath ?? event.requestContext?.http?.path ?? '/';
    const requestId = event.requestContext?.requestId ?? request.context.awsRequestId ?? '-';
    const route = matchRoute(method, path);
    if (!route || route.resource !== resource) {
      if (pathExists(path)) throw new MethodNotAllowedError();
      throw new NotFoundError('No such route');
    }
    const ctx: ActionContext = {
      event, route, user: undefined, query: {}, body: {}, cookies: parseCookies(event), setCookies: [], requestId,
      sourceIp: event.requestContext?.http?.sourceIp ?? '',
    };
    contexts.set(event, ctx);
    checkCsrf(event, method);
    if (route.access !== 'public') {
      ctx.user = await authenticate(ctx.cookies, ctx.setCookies);
      if (!mayAccess(route.access, ctx.user.userType)) throw new ForbiddenError();
    }
    ctx.query = parseInput(route.query, event.queryStringParameters ?? {});
    ctx.body = UNSAFE.has(method) ? parseInput(route.body, parseBody(event)) : {};
  },
});

function isHttpResult(v: unknown): v is HttpResult {
  return !!v && typeof v === 'object' && 'statusCode' in v;
}

/**
 * The Lambda handler of one resource: every route of `resource` in the route table must have an
 * action here (checked at module load, so a missing one fails the tests, not a user).
 */
export function resourceHandler<Res extends Resource>(resource: Res, actions: Actions<Res>) {
  const byKey = actions as unknown as Record<string, Action>;
  for (const r of routesOf(resource)) {
    if (!byKey[actionKey(r)]) throw new Error(`No action for ${r.method} ${resource}/${r.action}`);
  }
  const handler = middy<HttpEvent, HttpResult, Error, Context>()
    .use(routing(resource))
    .use({
      after: async (request) => {
        const ctx = contexts.get(request.event);
        if (ctx?.setCookies.length && request.response) {
          request.response = { ...request.response, cookies: [...(request.response.cookies ?? []), ...ctx.setCookies] };
        }
        logRequest(request.event, request.response?.statusCode ?? 200, ctx?.user?.objectId);
      },
      onError: async (request) => {
        const ctx = contexts.get(request.event);
        const res = errorResponse(request.error, ctx?.requestId ?? request.event?.requestContext?.requestId ?? '-');
        request.response = ctx?.setCookies.length ? { ...res, cookies: [...(res.cookies ?? []), ...ctx.setCookies] } : res;
        logRequest(request.event, res.statusCode ?? 500, ctx?.user?.objectId);
      },
    })
    .handler(async (event) => {
      const ctx = contexts.get(event);
      if (!ctx) throw new Error('routing middleware did not run');
      const out = await byKey[actionKey(ctx.route)]!(ctx);
      if (isHttpResult(out)) return out;
      return out === undefined ? { statusCode: 204, headers: { 'cache-control': 'no-store' } } : json(200, out);
    });
  // every line the request writes carries its id (the saved 'follow one request' query)
  return (event: HttpEvent, context: Context) =>
    withLogContext({ requestId: event?.requestContext?.requestId ?? context?.awsRequestId ?? '-' }, () => handler(event, context));
}

function logRequest(event: HttpEvent, status: number, userId: number | undefined) {
  log.info('request', {
    method: event?.requestContext?.http?.method,
    path: event?.rawPath,
    status,
    userId,
    requestId: event?.requestContext?.requestId,
  });
}
