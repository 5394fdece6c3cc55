import { Router } from 'express';
import { csrfTokenFor, requireCsrfTokenOfSession } from '../auth/session-cookie';
import { resource } from './resource';
import { serveRouter } from '../../test/serve-router';

describe('a resource whose GET changes something (the webhook replay)', () => {
  let server: Awaited<ReturnType<typeof serveRouter>>;
  let runs: number;

  beforeAll(async () => {
    const router = Router();
    // Stands in for the gateway's authentication: a request "signed in with the cookie" names its session here.
    router.use((req, res, next) => {
      const sessionId = req.get('x-test-session');
      if (sessionId) res.locals.context = { sessionId };
      next();
    });
    const described = { summary: 'A test route', tag: 'Test', ok: { 200: null } };
    resource(
      router,
      '/replay/:eventType',
      { get: { ...described, handler: (_req, res) => void (runs++, res.status(204).end()) } },
      { getChangesState: requireCsrfTokenOfSession },
    );
    resource(router, '/jobs', { get: { ...described, handler: (_req, res) => void (runs++, res.json([])) } });
    server = await serveRouter(router);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    runs = 0;
  });

  it('refuses HEAD with 405 instead of doing it, and does not list HEAD as allowed', async () => {
    const head = await server.request('HEAD', '/replay/JobCreated');
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    expect(runs).toBe(0);
    expect((await server.request('POST', '/replay/JobCreated')).headers.get('allow')).toBe('GET');
  });

  it('runs for an API key; with the session cookie only when the CSRF token comes with it', async () => {
    expect((await server.get('/replay/JobCreated')).status).toBe(204);
    expect(runs).toBe(1);

    const forged = await server.request('GET', '/replay/JobCreated', { 'x-test-session': 'session-1' });
    expect({ status: forged.status, code: forged.body.code }).toEqual({ status: 403, code: 'api.csrf_token_invalid' });
    const otherSessionsToken = await server.request('GET', '/replay/JobCreated', { 'x-test-session': 'session-1', 'x-csrf-token': csrfTokenFor('session-2') });
    expect(otherSessionsToken.status).toBe(403);
    expect(runs).toBe(1);

    const fromOurPage = await server.request('GET', '/replay/JobCreated', { 'x-test-session': 'session-1', 'x-csrf-token': csrfTokenFor('session-1') });
    expect(fromOurPage.status).toBe(204);
    expect(runs).toBe(2);
  });

  it('leaves safe GETs as they are: HEAD allowed, no token asked of a session', async () => {
    expect((await server.request('HEAD', '/jobs')).status).toBe(200);
    expect((await server.request('GET', '/jobs', { 'x-test-session': 'session-1' })).status).toBe(200);
    expect((await server.request('PUT', '/jobs')).headers.get('allow')).toBe('GET, HEAD');
  });
});
