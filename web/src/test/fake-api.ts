import { vi } from 'vitest';
import type { JobList } from '@eb/shared/job/schemas';
import { USER_TYPE_OPTIONS, type ReferenceSet } from '@eb/shared/reference/data';
import type { UserType } from '@eb/shared/roles';
import type { CurrentUser } from '@eb/shared/users/schemas';

/** A request as the fake server saw it. */
export interface FakeRequest {
  method: string;
  /** e.g. '/api/users/login' */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The raw body text (undefined for GET). */
  rawBody: string | undefined;
  body: unknown;
}

export type FakeReply = Response | { status: number; body?: unknown; statusText?: string; headers?: Record<string, string> };
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

/** Handlers keyed 'METHOD /api/path' (path compared case-insensitively). Unknown routes answer 404. */
export type FakeRoutes = Record<string, FakeHandler>;

export function reply(status: number, body?: unknown, statusText = ''): FakeReply {
  return { status, body, statusText };
}

/** Replaces `fetch` with a fake API server; returns the requests it received. */
export function installFakeApi(routes: FakeRoutes) {
  const requests: FakeRequest[] = [];
  const table = new Map(Object.entries(routes).map(([key, handler]) => [normalise(key), handler]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const req: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      rawBody,
      body: rawBody ? (JSON.parse(rawBody) as unknown) : undefined,
    };
    requests.push(req);
    const handler = table.get(normalise(`${method} ${url.pathname}`));
    const answer = handler ? await handler(req) : reply(404, { message: 'Not found' });
    return toResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** Requests to one route, e.g. 'POST /api/users/login'. */
    to: (key: string) => requests.filter((r) => normalise(`${r.method} ${r.path}`) === normalise(key)),
  };
}

const normalise = (key: string) => key.trim().toLowerCase();

function toResponse(answer: FakeReply): Response {
  if (answer instanceof Response) return answer;
  const { status, body, statusText, headers } = answer;
  const nullBody = status === 204 || body === undefined;
  return new Response(nullBody ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { ...(nullBody ? {} : { 'Content-Type': 'application/json' }), ...headers },
  });
}

export function userOf(userType: UserType, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    objectId: 7,
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.whitfield@example.com',
    type: userType,
    userType,
    agentCode: userType === 'agent' ? 'AG-001' : null,
    isActive: true,
    lastLoginTime: '2024-05-01T09:30:00',
    ...overrides,
  };
}

export const EMPTY_JOBS: JobList = { completedJobs: [], currentJob: null, jobsInQueue: [] };
export const REFERENCES: ReferenceSet[] = [{ itemType: 'userTypes', items: USER_TYPE_OPTIONS }];

/**
 * The startup calls of a signed-in user, or of a signed-out visitor when the user is null. A function
 * is read on every call, so that a test can sign the user in on the fake server.
 */
export function sessionRoutes(user: CurrentUser | null | (() => CurrentUser | null)): FakeRoutes {
  const current = typeof user === 'function' ? user : () => user;
  const signedIn = (body: unknown) => () => (current() ? reply(200, body ?? current()) : reply(401, { message: 'Please sign in' }));
  return {
    'GET /api/users/GetCurrentUser': signedIn(undefined),
    'GET /api/job': signedIn(EMPTY_JOBS),
    'GET /api/Reference/GetReferences': signedIn(REFERENCES),
    // the start-page preference (/enrollments): none chosen, so Contracts
    'GET /api/users/GetViews': signedIn([]),
  };
}
