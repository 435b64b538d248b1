import type { z } from 'zod';
import { MSG } from '@eb/shared/messages';
import { routePath, type FileResponse, type RouteDef } from '@eb/shared/route-def';
import type { Route, RouteResponse } from '@eb/shared/routes';
import { toTransferDate } from '@eb/shared/formats';
import { browser } from './browser';
import { loginUrl } from '../config/paths';

/**
 * The one API client of the SPA (spec 1 section 7, ARCHITECTURE "Web"). Every call names a route of
 * the shared route table; the path comes from the table, never from a string typed here.
 */

export type FieldErrors = Record<string, string>;

/** A failed call. `status` is 0 when no response arrived (network failure). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The body's `message`, or a short plain-text body. */
    readonly serverMessage: string | undefined,
    readonly fieldErrors: FieldErrors | undefined,
  ) {
    super(serverMessage || statusText || MSG.somethingWentWrong);
  }

  /** The response's own text (body message, else status text), else `fallback`. */
  describe(fallback: string): string {
    return this.serverMessage || this.statusText || fallback;
  }
}

/** A response that carried a content-disposition header. */
export type ApiFile = FileResponse;

export type QueryScalar = string | number | boolean | Date;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

/** How a call behaves (beside its input). */
export interface CallOptions {
  signal?: AbortSignal;
  /** false: the caller handles a 401 itself (sign-in pages, the startup user check). */
  redirectOn401?: boolean;
  /** false: the caller shows the failure itself (no notification). */
  notify?: boolean;
}

export interface RequestOptions extends CallOptions {
  query?: QueryParams;
  /** A JSON-serialisable value, or FormData for uploads. Non-GET calls send `{}` when absent. */
  body?: unknown;
}

type Method = Route['method'];
type ResourceOf<M extends Method> = Extract<Route, { method: M }>['resource'];
type ActionOf<M extends Method, R extends Route['resource']> = Extract<Route, { method: M; resource: R }>['action'];
/** The route-table entry of a method, resource and action, as its literal type. */
export type RouteOf<M extends Method, R extends Route['resource'], A extends string> = Extract<Route, { method: M; resource: R; action: A }>;

/** The query a route takes: the keys of its query schema, any scalar value (sent as text). */
export type RouteQuery<R> = R extends { query: infer S extends z.ZodType }
  ? { [K in keyof z.input<S>]?: QueryScalar | readonly QueryScalar[] | null }
  : never;
/** The body a route takes: its body schema's input (or its parsed form, which it accepts too). */
export type RouteBody<R> = R extends { body: infer S extends z.ZodType } ? LooseInput<z.input<S>> | z.output<S> | FormData : never;
/** A schema input where fields of any value (preprocessed: `unknown`) may also be left out. */
type LooseInput<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & { [K in keyof T as unknown extends T[K] ? never : K]: T[K] }
    : T;
/** The route table as method → resource → action → route, computed once. */
type RouteTree = { [M in Method]: { [R in ResourceOf<M>]: { [A in ActionOf<M, R>]: RouteOf<M, R, A> } } };
/** What a call of a route sends: its query and body, typed from the route's schemas. */
export type RouteInput<R> = { query?: RouteQuery<R>; body?: RouteBody<R> };

/**
 * The route-table entry for a method, resource and action. Only combinations present in the table
 * type-check (spelt as the table spells them). At run time it is the route's identity only (method,
 * resource, action): the table's zod schemas are types here and validation stays on the server, so
 * that the sign-in page does not load every schema of the API (its size budget).
 */
export function endpoint<M extends Method, R extends keyof RouteTree[M], A extends keyof RouteTree[M][R]>(
  method: M,
  resource: R,
  action: A,
): RouteTree[M][R][A] {
  return { method, resource, action } as Pick<RouteDef, 'method' | 'resource' | 'action'> as RouteTree[M][R][A];
}

/**
 * Calls a route of the table: the query and body are typed from its schemas, the answer from its
 * declared response (`RouteResponse`). The one way features and entities reach the API.
 */
export function call<R extends Route>(route: R, input: NoInfer<RouteInput<R>> & CallOptions = {}): Promise<RouteResponse<R>> {
  return request(route, input as RequestOptions) as Promise<RouteResponse<R>>;
}

type ErrorNotifier = (text: string) => void;
let notifier: ErrorNotifier | undefined;

/** The notification service registers itself here; returns the unregister function. */
export function setErrorNotifier(fn: ErrorNotifier): () => void {
  notifier = fn;
  return () => {
    if (notifier === fn) notifier = undefined;
  };
}

/** Send the browser to the login page, remembering where the user was. */
export function redirectToLogin(): void {
  browser.assign(loginUrl(browser.currentPath()));
}

/** The untyped transport under `call` (any route definition, any input). */
export async function request(route: Pick<RouteDef, 'method' | 'resource' | 'action'>, options: RequestOptions = {}): Promise<unknown> {
  const { query, body, signal, redirectOn401 = true, notify = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: route.method, credentials: 'same-origin', headers, signal };
  if (route.method !== 'GET') {
    if (body instanceof FormData) {
      init.body = body;
    } else {
      // The server refuses state-changing requests without a JSON (or multipart) content type.
      headers['Content-Type'] = 'application/json';
      init.body = toJson(body ?? {});
    }
  }

  let response: Response;
  try {
    response = await fetch(routePath(route) + toQueryString(query), init);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    const error = new ApiError(0, '', undefined, undefined);
    if (notify) notifier?.(error.message);
    throw error;
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.status === 401) {
      if (redirectOn401) redirectToLogin();
    } else if (error.status !== 403 && notify) {
      notifier?.(error.message);
    }
    throw error;
  }
  return readBody(response);
}

/** key=value pairs; dates in the transfer format; arrays repeat the key; null/undefined are left out. */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value == null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, queryValue(item as QueryScalar));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const queryValue = (v: QueryScalar): string => (v instanceof Date ? toTransferDate(v) : String(v));

/** JSON with dates in the transfer format (yyyy-MM-ddTHH:mm:ss, local time). */
function toJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const raw = this[key];
    return raw instanceof Date ? toTransferDate(raw) : v;
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const disposition = response.headers.get('content-disposition');
  if (disposition) {
    const file: ApiFile = { blob: await response.blob(), filename: filenameOf(disposition) };
    return file;
  }
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The file name of a content-disposition header (RFC 6266: filename* wins over filename). */
export function filenameOf(disposition: string): string {
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || 'download';
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message: string | undefined;
  let fieldErrors: FieldErrors | undefined;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') {
        const body = parsed as { message?: unknown; fieldErrors?: unknown };
        if (typeof body.message === 'string' && body.message.trim()) message = body.message;
        if (isFieldErrors(body.fieldErrors)) fieldErrors = body.fieldErrors;
      } else if (typeof parsed === 'string' && parsed.trim()) {
        message = parsed;
      }
    } catch {
      message = plainText(text);
    }
  }
  return new ApiError(response.status, response.statusText, message, fieldErrors);
}

/** A body worth showing: short plain text, not an HTML error page. */
function plainText(text: string): string | undefined {
  const t = text.trim();
  return t && !t.startsWith('<') && t.length <= 500 ? t : undefined;
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

const isAbort = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';
