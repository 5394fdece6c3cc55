import { startTestSystem, type TestSystem } from '../support/test-system';

const APP = 'https://ats.example.com';

/** Each `rel` of a Link header and its target. */
function linksOf(header: string | null): Record<string, string> {
  return Object.fromEntries((header ?? '').split(', ').map((l) => [/rel="(\w+)"/.exec(l)![1], /^<([^>]+)>/.exec(l)![1]]));
}

describe('gateway: browser apps of other origins (CORS)', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ CORS_ALLOWED_ORIGINS: `${APP}, https://hr.example.org` });
  });
  afterAll(() => t.stop());

  const preflight = (origin: string, method = 'POST', headers = 'authorization, content-type, idempotency-key') =>
    fetch(`${t.baseUrl}/interviews`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('answers a preflight from a listed origin without credentials, allowing the key, JSON and Idempotency-Key', async () => {
    const response = await preflight(APP);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowedHeaders = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['authorization', 'content-type', 'idempotency-key', 'x-request-id']) expect(allowedHeaders).toContain(header);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('gives an origin not listed no CORS headers, so the browser stops before sending the request', async () => {
    const response = await preflight('https://evil.example.net');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('lets a listed origin read the headers a client needs, errors included', async () => {
    const { apiKey } = await t.createCompany();
    const auth = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    const list = await fetch(`${t.baseUrl}/jobs?range=0-9`, { headers: { origin: APP, authorization: auth } });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(APP);
    const exposed = list.headers.get('access-control-expose-headers')!.split(', ');
    expect(exposed).toEqual(expect.arrayContaining(['Content-Range', 'Link', 'Retry-After', 'X-Request-Id', 'X-RateLimit-Remaining', 'Idempotent-Replayed']));

    const refused = await fetch(`${t.baseUrl}/jobs`, { headers: { origin: APP } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP);
  });
});

describe('gateway: CORS is off unless configured', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('answers no origin, and still never asks a preflight for credentials', async () => {
    const response = await fetch(`${t.baseUrl}/jobs`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();

    const { api } = await t.createCompany();
    const list = await api.get('/jobs', { origin: APP });
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('pages every list with an RFC 8288 Link header that a client can follow to the end', async () => {
    const { api } = await t.createCompany();
    for (let i = 0; i < 5; i++) {
      expect((await api.post('/users', { name: `User ${i}`, email: `user${i}-${Date.now()}@links.example`, role: 'standard' })).status).toBe(201);
    }
    // Six users (the administrator and five), two per page: follow `next` from the first page.
    const seen: string[] = [];
    let target: string | undefined = '/users?range=0-1';
    let pages = 0;
    while (target) {
      const page = await api.get(target);
      expect(page.status).toBe(200);
      seen.push(...(page.body as Array<{ uuid: string }>).map((u) => u.uuid));
      const links = linksOf(page.headers.get('link'));
      expect(links.first).toBe('/v1.0/users?range=0-1');
      expect(links.last).toBe('/v1.0/users?range=4-5');
      if (pages > 0) expect(links.prev).toBeDefined();
      else expect(links.prev).toBeUndefined();
      target = links.next?.replace(/^\/v1\.0/, '');
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(6);

    // Filters and order survive in every link.
    const jobs = await api.get('/jobs?status[]=active&orderby=title_asc&range=0-9');
    const links = linksOf(jobs.headers.get('link'));
    expect(links.first).toBe('/v1.0/jobs?status%5B%5D=active&orderby=title_asc&range=0-9');
    expect(links.next).toBeUndefined();
  });
});
