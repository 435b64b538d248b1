import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { inject } from 'vitest';
import { codeName, matchRoute, type Resource } from '@eb/shared/routes';
import { httpApiEvent, lambdaContext } from '../../infra/local/events';

type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<Resource, Promise<Handler>>();
function handlerOf(resource: Resource): Promise<Handler> {
  let h = handlers.get(resource);
  if (!h) handlers.set(resource, (h = import(`../../functions/src/${codeName(resource)}/handler.ts`).then((m) => m.handler)));
  return h;
}

export interface InvokeResult {
  status: number;
  body: any;
  headers: Record<string, string>;
  /** raw Set-Cookie values */
  setCookies: string[];
}

export interface InvokeInput {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** cookie name -> value */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** send no Origin / Sec-Fetch-Site (a non-browser or cross-site caller) */
  noOrigin?: boolean;
}

/**
 * Call a Lambda handler with a real HTTP API v2 event, as API Gateway would: the handler talks to
 * the emulators of the test run. Browser-like by default: same-origin, JSON.
 */
export async function invoke(input: InvokeInput): Promise<InvokeResult> {
  const route = matchRoute(input.method, input.path);
  if (!route) throw new Error(`no route ${input.method} ${input.path}`);
  const url = inject('stack').url || 'http://localhost:3000';
  const host = new URL(url).host;
  const headers: Record<string, string> = { host, ...(input.headers ?? {}) };
  if (!input.noOrigin && input.method !== 'GET') {
    headers.origin ??= `http://${host}`;
    headers['sec-fetch-site'] ??= 'same-origin';
  }
  if (input.body !== undefined || input.method !== 'GET') headers['content-type'] ??= 'application/json';
  if (input.cookies && Object.keys(input.cookies).length) {
    headers.cookie = Object.entries(input.cookies).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }
  const qs = input.query ? new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
  const event = httpApiEvent({
    method: input.method,
    path: input.path,
    rawQueryString: qs,
    headers,
    body: input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
  });
  const res = await (await handlerOf(route.resource))(event, lambdaContext(route.resource));
  const text = res.body ?? '';
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return {
    status: res.statusCode ?? 200,
    body,
    headers: Object.fromEntries(Object.entries(res.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
    setCookies: res.cookies ?? [],
  };
}

/** Parse Set-Cookie values into name -> value (a Max-Age=0 cookie is a deletion: value ''). */
export function cookiesOf(setCookies: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of setCookies) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    const name = pair!.slice(0, i);
    out[name] = /max-age=0/i.test(c) ? '' : decodeURIComponent(pair!.slice(i + 1));
  }
  return out;
}

/** A signed-in browser: keeps its cookies across calls. */
export class Session {
  cookies: Record<string, string> = {};
  constructor(public email?: string) {}
  async call(input: Omit<InvokeInput, 'cookies'>): Promise<InvokeResult> {
    const r = await invoke({ ...input, cookies: this.cookies });
    for (const [k, v] of Object.entries(cookiesOf(r.setCookies))) {
      if (v) this.cookies[k] = v;
      else delete this.cookies[k];
    }
    return r;
  }
  get = (path: string, query?: InvokeInput['query']) => this.call({ method: 'GET', path, query });
  post = (path: string, body?: unknown, query?: InvokeInput['query']) => this.call({ method: 'POST', path, body: body ?? {}, query });
  put = (path: string, body?: unknown, query?: InvokeInput['query']) => this.call({ method: 'PUT', path, body: body ?? {}, query });
  del = (path: string, body?: unknown, query?: InvokeInput['query']) => this.call({ method: 'DELETE', path, body: body ?? {}, query });
}
