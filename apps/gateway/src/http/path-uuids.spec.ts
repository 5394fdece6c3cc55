import { Router } from 'express';
import { listRoute } from './list-route';
import { pathUuid } from './path-uuids';
import { resource } from './resource';
import { serveRouter } from '../../test/serve-router';

/** What a test route says of itself in the description: nothing these specs look at. */
const described = { summary: 'A test route', tag: 'Test', ok: { 200: null } };
const JOB = '0B1C2D3E-0000-4000-8000-000000000003';

describe('UUID path parameters of a resource', () => {
  let server: Awaited<ReturnType<typeof serveRouter>>;

  beforeAll(async () => {
    const router = Router();
    resource(router, '/jobs/:jobUuid', { get: { ...described, handler: (req, res) => void res.json({ job: pathUuid(req, 'jobUuid') }) } });
    resource(router, '/webhooks/:webhookUuid/deliveries', {
      get: { ...described, ...listRoute({ fetch: async () => ({ items: [], total: 0 }), page: (page) => page }) },
    });
    resource(router, '/interviews/:interviewUuid/share_link/:linkUuid', { get: { ...described, handler: (_req, res) => void res.json({}) } });
    server = await serveRouter(router);
  });
  afterAll(() => server.close());

  it('reach the handler lower-cased', async () => {
    expect((await server.get(`/jobs/${JOB}`)).body).toEqual({ job: JOB.toLowerCase() });
  });

  it('are 404 naming the resource when they cannot be a UUID', async () => {
    const sut = await server.get('/jobs/not-a-uuid');
    expect(sut.status).toBe(404);
    expect(sut.body).toEqual({ reason: 'Job not found', code: 'api.not_found', lang: 'error.not_found' });
  });

  it('are checked in path order, before the query: a missing webhook is 404 even with a bad range', async () => {
    expect((await server.get('/webhooks/nope/deliveries?range=9-1')).body.reason).toBe('Webhook not found');
    expect((await server.get(`/interviews/nope/share_link/nope`)).body.reason).toBe('Interview not found');
    expect((await server.get(`/interviews/${JOB}/share_link/nope`)).body.reason).toBe('Share link not found');
  });

  it('do not hide a method the path does not support: 405 comes first', async () => {
    const sut = await server.request('DELETE', '/jobs/not-a-uuid');
    expect(sut.status).toBe(405);
    expect(sut.headers.get('allow')).toBe('GET, HEAD');
  });

  it('must be known: a route with an unknown :…Uuid parameter fails when it is registered', () => {
    expect(() => resource(Router(), '/gadgets/:gadgetUuid', { get: { ...described, handler: (_req, res) => void res.end() } })).toThrow(
      /:gadgetUuid is not a known UUID path parameter/,
    );
  });
});
