import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { matchRoute, routePath, ROUTES } from '@eb/shared/routes';
import { browser } from './browser';
import { installFakeApi, reply } from '../test/fake-api';
import { ApiError, call, endpoint, filenameOf, request, setErrorNotifier, type ApiFile } from './api-client';

describe('API client', () => {
  let notified: string[];
  let assign: ReturnType<typeof vi.spyOn>;
  let unregister: () => void;

  beforeEach(() => {
    notified = [];
    unregister = setErrorNotifier((text) => notified.push(text));
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    vi.spyOn(browser, 'currentPath').mockReturnValue('/enrollments/users?page=2');
  });
  afterEach(() => {
    unregister();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('requests', () => {
    it('takes its paths from the route table, spelt as the spec spells them', () => {
      // Prepare / Act
      const references = endpoint('GET', 'reference', 'GetReferences');
      const jobs = endpoint('GET', 'job', '');
      // Assess
      expect(references).toMatchObject({ method: 'GET', resource: 'reference', action: 'GetReferences' });
      expect(routePath(references)).toBe('/api/Reference/GetReferences');
      expect(jobs).toMatchObject({ method: 'GET', resource: 'job', action: '' });
      expect(routePath(jobs)).toBe('/api/job');
    });

    it('reaches every route of the table at the path the server matches', () => {
      // Prepare / Act: the web's route identities carry no schemas, only method, resource and action
      const paths = ROUTES.map((r) => matchRoute(r.method, routePath({ resource: r.resource, action: r.action })));
      // Assess
      expect(paths).toEqual([...ROUTES]);
    });

    it('sends a JSON content type and an empty JSON body on a state-changing call without a body', async () => {
      // Prepare
      const api = installFakeApi({ 'DELETE /api/users/Logout': () => reply(204) });
      // Act
      const result = await request(endpoint('DELETE', 'users', 'Logout'));
      // Assess
      const [sent] = api.to('DELETE /api/users/Logout');
      expect(sent?.headers.get('Content-Type')).toBe('application/json');
      expect(sent?.rawBody).toBe('{}');
      expect(sent?.credentials).toBe('same-origin');
      expect(result).toBeUndefined();
    });

    it('sends the body as JSON with dates in the transfer format', async () => {
      // Prepare
      const api = installFakeApi({ 'DELETE /api/job/Cancel': () => reply(204) });
      // Act
      await request(endpoint('DELETE', 'job', 'Cancel'), {
        body: { objectId: 'job-1', when: new Date(2024, 1, 29, 8, 5, 9) },
      });
      // Assess
      expect(api.to('DELETE /api/job/Cancel')[0]?.body).toEqual({ objectId: 'job-1', when: '2024-02-29T08:05:09' });
    });

    it('sends a GET without a body or content type, with the query as key=value pairs', async () => {
      // Prepare
      const api = installFakeApi({ 'GET /api/job/getjob': () => reply(200, { jobId: 'a b' }) });
      // Act
      const job = await request(endpoint('GET', 'job', 'getjob'), { query: { id: 'a b', skip: undefined } });
      // Assess
      const [sent] = api.to('GET /api/job/getjob');
      expect(sent?.query.toString()).toBe('id=a+b');
      expect(sent?.headers.has('Content-Type')).toBe(false);
      expect(sent?.rawBody).toBeUndefined();
      expect(job).toEqual({ jobId: 'a b' });
    });
  });

  describe('responses', () => {
    it('gives a named file for a response with a content-disposition', async () => {
      // Prepare
      installFakeApi({
        'GET /api/job': () =>
          new Response('a,b', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="jobs export.csv"', 'Content-Type': 'text/csv' },
          }),
      });
      // Act
      const file = (await request(endpoint('GET', 'job', ''))) as ApiFile;
      // Assess
      expect(file.filename).toBe('jobs export.csv');
      expect(await file.blob.text()).toBe('a,b');
    });

    it('reads the UTF-8 file name of a content-disposition before the plain one', () => {
      // Prepare / Act / Assess
      expect(filenameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''r%C3%A9sum%C3%A9.xlsx`)).toBe('résumé.xlsx');
      expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
      expect(filenameOf('attachment')).toBe('download');
    });

    it('throws an ApiError carrying the status, the message and the field errors', async () => {
      // Prepare
      installFakeApi({
        'POST /api/users/SetPassword': () =>
          reply(400, { message: MSG.passwordRule, fieldErrors: { newPassword: MSG.passwordRule } }, 'Bad Request'),
      });
      // Act
      const error = await request(endpoint('POST', 'users', 'SetPassword'), { body: {} }).catch((e: unknown) => e);
      // Assess
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, message: MSG.passwordRule, fieldErrors: { newPassword: MSG.passwordRule } });
    });
  });

  describe('401', () => {
    it('sends the browser to the login page with the current path as ref', async () => {
      // Prepare
      installFakeApi({ 'GET /api/job': () => reply(401, { message: MSG.unauthenticated }) });
      // Act
      const error = await request(endpoint('GET', 'job', '')).catch((e: unknown) => e);
      // Assess
      expect(assign).toHaveBeenCalledWith('/login?ref=%2Fenrollments%2Fusers%3Fpage%3D2');
      expect(error).toMatchObject({ status: 401 });
      expect(notified).toEqual([]);
    });

    it('leaves a 401 to the caller that handles it itself', async () => {
      // Prepare
      installFakeApi({ 'GET /api/users/GetCurrentUser': () => reply(401) });
      // Act
      const error = await request(endpoint('GET', 'users', 'GetCurrentUser'), { redirectOn401: false }).catch(
        (e: unknown) => e,
      );
      // Assess
      expect(error).toMatchObject({ status: 401 });
      expect(assign).not.toHaveBeenCalled();
    });
  });

  describe('error notifications', () => {
    const failWith = async (answer: Response | ReturnType<typeof reply>) => {
      installFakeApi({ 'GET /api/job': () => answer });
      await request(endpoint('GET', 'job', '')).catch(() => undefined);
    };

    it("shows the body's message", async () => {
      // Prepare / Act
      await failWith(reply(409, { message: MSG.staleVersion }, 'Conflict'));
      // Assess
      expect(notified).toEqual([MSG.staleVersion]);
    });

    it('shows a plain-text body', async () => {
      // Prepare / Act
      await failWith(new Response('Service is down for maintenance', { status: 503, statusText: 'Service Unavailable' }));
      // Assess
      expect(notified).toEqual(['Service is down for maintenance']);
    });

    it('shows the status text when the body has no message', async () => {
      // Prepare / Act
      await failWith(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
      // Assess
      expect(notified).toEqual(['Bad Gateway']);
    });

    it('shows the generic text when there is neither a message nor a status text', async () => {
      // Prepare / Act
      await failWith(reply(500));
      // Assess
      expect(notified).toEqual([MSG.somethingWentWrong]);
    });

    it('shows the generic text when no response arrives', async () => {
      // Prepare
      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
      // Act
      const error = await request(endpoint('GET', 'job', '')).catch((e: unknown) => e);
      // Assess
      expect(notified).toEqual([MSG.somethingWentWrong]);
      expect(error).toMatchObject({ status: 0 });
    });

    it('shows nothing for a 403', async () => {
      // Prepare / Act
      await failWith(reply(403, { message: MSG.forbidden }, 'Forbidden'));
      // Assess
      expect(notified).toEqual([]);
      expect(assign).not.toHaveBeenCalled();
    });

    it('shows nothing when the caller shows the failure itself', async () => {
      // Prepare
      installFakeApi({ 'POST /api/users/login': () => reply(400, { message: MSG.invalidCredentials }) });
      // Act
      await request(endpoint('POST', 'users', 'login'), { body: {}, notify: false }).catch(() => undefined);
      // Assess
      expect(notified).toEqual([]);
    });
  });
});

describe('typed calls', () => {
  it('types the answer from the route table and the input from its schemas', () => {
    // Prepare / Act: only the types are checked (the call is never made)
    const typed = () => call(endpoint('GET', 'users', 'Get'), { query: { id: 1 } });
    type Answer = Awaited<ReturnType<typeof typed>>;
    expect(typeof typed).toBe('function');
    const email: Answer['email'] = 'a@b.c';
    // @ts-expect-error an unknown query key of the route is refused
    const wrong = () => call(endpoint('GET', 'users', 'Get'), { query: { nope: 1 } });
    // Assess
    expect(email).toBe('a@b.c');
    expect(typeof wrong).toBe('function');
  });

  it('accepts only the method, resource and action combinations of the route table', () => {
    // Prepare / Act: only the types are checked
    const known = endpoint('POST', 'update', 'GetList');
    // @ts-expect-error GetList of update is a POST, not a GET
    const wrongMethod = endpoint('GET', 'update', 'GetList');
    // @ts-expect-error no such action on the resource
    const wrongAction = endpoint('POST', 'update', 'NoSuchAction');
    // Assess
    expect(known).toEqual({ method: 'POST', resource: 'update', action: 'GetList' });
    expect(wrongMethod.method).toBe('GET');
    expect(wrongAction.action).toBe('NoSuchAction');
  });
});
