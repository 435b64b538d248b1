import { DEFAULT_ROUTE } from '@eb/shared/constants';

/** Paths of the single-page app (spec 1 section 2, "Routes"). */
export const LOGIN_PATH = '/login';
export const REF_PARAM = 'ref';

export const PATHS = {
  login: LOGIN_PATH,
  home: DEFAULT_ROUTE,
  workQueues: `${DEFAULT_ROUTE}/home`,
  contracts: `${DEFAULT_ROUTE}/contracts`,
  accounts: `${DEFAULT_ROUTE}/accounts`,
  reports: `${DEFAULT_ROUTE}/reports`,
  businessEntity: `${DEFAULT_ROUTE}/business-entity`,
  contactEntity: `${DEFAULT_ROUTE}/contact-entity`,
  uploader: `${DEFAULT_ROUTE}/uploader`,
  users: `${DEFAULT_ROUTE}/users`,
  dataAdmin: `${DEFAULT_ROUTE}/data`,
  updater: `${DEFAULT_ROUTE}/updater`,
} as const;

/** The login page URL that returns to `from` (a path plus query) after sign-in. */
export function loginUrl(from: string): string {
  const ref = safeReturnPath(from);
  return ref ? `${LOGIN_PATH}?${REF_PARAM}=${encodeURIComponent(ref)}` : LOGIN_PATH;
}

/**
 * Where to go after sign-in: `ref` only when it is a path of this origin (starts with one '/', no
 * scheme, no backslash trick, not the login page itself); otherwise null. Prevents open redirects.
 */
export function safeReturnPath(ref: string | null | undefined): string | null {
  if (!ref || !ref.startsWith('/') || ref.startsWith('//') || ref.includes('\\')) return null;
  // Control characters (tab, newline) are stripped by URL parsers and could turn '/\t/x' into '//x'.
  if ([...ref].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(ref, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
