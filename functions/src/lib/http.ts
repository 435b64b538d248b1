import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ACCESS_TOKEN_MINUTES, REFRESH_TOKEN_HOURS } from '@eb/shared/constants';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** Security headers on every API answer (CloudFront adds the page-level ones in AWS). */
const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(status: number, body: unknown, cookies?: string[]): HttpResult {
  return {
    statusCode: status,
    headers: { ...BASE_HEADERS, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    ...(cookies?.length ? { cookies } : {}),
  };
}
export function noContent(cookies?: string[]): HttpResult {
  return { statusCode: 204, headers: { ...BASE_HEADERS }, ...(cookies?.length ? { cookies } : {}) };
}

export function header(event: HttpEvent, name: string): string | undefined {
  const h = event.headers ?? {};
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/**
 * Cookies of an HTTP API v2 event (event.cookies, or the Cookie header). A cookie whose value does
 * not decode (a bad %-escape, e.g. another app's `theme=50%` on the same host) is ignored, as if
 * it were not sent: it must not fail the request.
 */
export function parseCookies(event: HttpEvent): Record<string, string> {
  const raw = event.cookies ?? (header(event, 'cookie') ?? '').split(';');
  const out: Record<string, string> = {};
  for (const c of raw) {
    const i = c.indexOf('=');
    if (i <= 0) continue;
    const k = c.slice(0, i).trim();
    const v = c.slice(i + 1).trim();
    if (!k) continue;
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      // not a cookie this app wrote: ignore it
    }
  }
  return out;
}

/** Session cookies: __Host- prefix, Secure, HttpOnly, SameSite=Strict, Path=/. */
export const ACCESS_COOKIE = '__Host-eb-at';
export const REFRESH_COOKIE = '__Host-eb-rt';
export function sessionCookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; Secure; HttpOnly; SameSite=Strict`;
}
export function clearCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Strict`;
}
export function sessionCookies(accessToken: string, refreshToken?: string): string[] {
  const c = [sessionCookie(ACCESS_COOKIE, accessToken, REFRESH_TOKEN_HOURS * 3600)];
  if (refreshToken) c.push(sessionCookie(REFRESH_COOKIE, refreshToken, REFRESH_TOKEN_HOURS * 3600));
  return c;
}
export const clearSessionCookies = (): string[] => [clearCookie(ACCESS_COOKIE), clearCookie(REFRESH_COOKIE)];
export const ACCESS_TOKEN_SECONDS = ACCESS_TOKEN_MINUTES * 60;
