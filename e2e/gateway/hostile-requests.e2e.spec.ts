import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createGatewayApp } from '../../apps/gateway/src/gateway.app';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';

interface RouteTemplate {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As registered, `:param` placeholders included, e.g. `/v1.0/jobs/:jobUuid`. */
  path: string;
  /** Behind the API key and the JSON body parser (everything under /v1.0 but the public share endpoints and the API description). */
  authenticated: boolean;
}

/** Every method + path the gateway serves, read from its Express router: a new route is covered without listing it here. */
function gatewayRoutes(): RouteTemplate[] {
  const app = createGatewayApp({
    upstreams: {} as never,
    cache: {} as never,
    limits: {} as never,
    logger: {} as never,
    requestTimeoutMs: 1,
    uploadTimeoutMs: 1,
    trustProxy: 'loopback',
    corsAllowedOrigins: [],
    idempotency: {} as never,
  });
  const routes: RouteTemplate[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
          const path = prefix + layer.route.path;
          routes.push({
            method: method.toUpperCase() as RouteTemplate['method'],
            path,
            authenticated: path.startsWith('/v1.0/') && !path.startsWith('/v1.0/public/') && path !== '/v1.0/openapi.json',
          });
        }
      } else if (layer.handle?.stack) {
        const mount = layer.slash ? '' : ['/v1.0'].find((candidate) => layer.match(candidate));
        if (mount === undefined) throw new Error('a router mounted at an unexpected path: add it to the walk');
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as any).router.stack, '');
  return routes;
}

const UUID = '0b9f5a3c-1d2e-4f60-8a7b-9c0d1e2f3a4b';
const withParams = (path: string, value: (param: string) => string = () => UUID) => path.replace(/:(\w+)/g, (_m, param: string) => value(param));
const HOSTILE_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%00', 'a%00b'];
const HOSTILE_BODY = '{"name": "a\\u0000b", "questions": [{"text": "\\u0000"}], "job_post": {"uuid": "x\\u0000"}, "k\\u0000": 1}';
const HOSTILE_BODY_FIELDS = ['name', 'questions.0.text', 'job_post.uuid', 'k\u0000'];

function expectJsonError(response: ApiResponse, label: string): void {
  expect({ label, status: response.status, isServerError: response.status >= 500 }).toEqual({ label, status: response.status, isServerError: false });
  expect({ label, code: typeof response.body?.code, lang: typeof response.body?.lang, reason: typeof response.body?.reason }).toEqual({
    label,
    code: 'string',
    lang: 'string',
    reason: 'string',
  });
}

/** Raw bytes to the gateway's port; the whole answer once the server closes the connection. */
function rawRequest(port: number, bytes: Buffer | string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
  });
}

describe('hostile requests over every route: never a 5xx, always the JSON error, nothing changed', () => {
  let t: TestSystem;
  let company: { api: ApiClient };
  /** The company's administrator at the server's root: paths are the route table's, `/v1.0` included. */
  let root: ApiClient;
  const routes = gatewayRoutes();

  const counts = async () => {
    const lists = ['/users', '/jobs', '/interviews', '/question_sets', '/interview_question_sets', '/share_links', '/webhooks'];
    return Object.fromEntries(await Promise.all(lists.map(async (path) => [path, (await company.api.get(`${path}?range=0-99`)).body.length])));
  };

  beforeAll(async () => {
    t = await startTestSystem({ RATE_LIMIT_PER_MINUTE: '100000' });
    company = await t.createCompany();
    root = new ApiClient(t.baseUrl.replace(/\/v1\.0$/, ''), company.api.apiKey);
    const job = (await company.api.post('/jobs', { title: 'Existing', locality: { work_mode: 'remote', work_place: '' } })).body;
    expect(job.uuid).toBeDefined();
  });
  afterAll(() => t.stop());

  it('reads the route table from the router: every resource of the API is in it', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const key of [
      'POST /v1.0/users',
      'PUT /v1.0/jobs/:jobUuid',
      'POST /v1.0/interviews',
      'POST /v1.0/candidate/interviews/:interviewUuid/questions/:questionUuid/takes',
      'GET /v1.0/public/share/:token/takes/:takeUuid/video',
      'POST /v1.0/webhooks',
      'GET /share/:token',
    ]) {
      expect(keys).toContain(key);
    }
    expect(routes.length).toBeGreaterThan(50);
  });

  it('says X-Content-Type-Options: nosniff on every answer: every GET route, a refusal without a key, an unknown path, a page', async () => {
    // Plain fetch: the pages and assets among the routes are not the API description's.
    const server = t.baseUrl.replace(/\/v1\.0$/, '');
    const authorization = `Basic ${Buffer.from(`${company.api.apiKey}:`).toString('base64')}`;
    const answers: Array<[string, Response]> = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      answers.push([route.path, await fetch(`${server}${withParams(route.path)}`, { headers: { authorization }, redirect: 'manual' })]);
    }
    answers.push(['no key', await fetch(`${server}/v1.0/jobs`)]);
    answers.push(['unknown path', await fetch(`${server}/v1.0/no-such-thing`, { headers: { authorization } })]);
    answers.push(['malformed path', await fetch(`${server}/v1.0/jobs/%zz`, { headers: { authorization } })]);
    expect(answers.length).toBeGreaterThan(20);
    for (const [label, response] of answers) {
      await response.arrayBuffer();
      expect({ label, nosniff: response.headers.get('x-content-type-options') }).toEqual({ label, nosniff: 'nosniff' });
    }
  });

  it('404 api.not_found for a path segment that is not percent-encoded UTF-8 or decodes to NUL, on every route and method', async () => {
    const before = await counts();
    for (const route of routes.filter((r) => r.path.includes(':'))) {
      for (const param of route.path.match(/:\w+/g)!) {
        for (const segment of HOSTILE_SEGMENTS) {
          const path = withParams(route.path, (p) => (`:${p}` === param ? segment : UUID));
          const response = await root.request(route.method, path, {});
          const label = `${route.method} ${path}`;
          expectJsonError(response, label);
          expect({ label, status: response.status, code: response.body.code }).toEqual({ label, status: 404, code: 'api.not_found' });
        }
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('400 api.validation_failed naming every body field that holds U+0000, on every write route', async () => {
    const before = await counts();
    for (const route of routes.filter((r) => r.authenticated && r.method !== 'GET')) {
      const label = `${route.method} ${route.path}`;
      const response = await root.request(route.method, withParams(route.path), { rawBody: HOSTILE_BODY });
      expectError(response, 400, 'api.validation_failed');
      expect({ label, fields: response.body.errors.map((e: any) => e.field) }).toEqual({ label, fields: HOSTILE_BODY_FIELDS });
      expect(response.body.errors[0]).toEqual({ field: 'name', reason: 'must not contain the NUL character', code: 'invalid_format' });
    }
    expect(await counts()).toEqual(before);
  });

  it('400 api.validation_failed for a body nested thousands of levels deep, on every write route, sent plain or gzipped', async () => {
    const before = await counts();
    const deep = ['{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), '['.repeat(5_000) + ']'.repeat(5_000)];
    for (const route of routes.filter((r) => r.authenticated && r.method !== 'GET')) {
      for (const [i, body] of deep.entries()) {
        for (const gzip of [false, true]) {
          const label = `${route.method} ${route.path} body ${i} gzip ${gzip}`;
          const response = await root.request(route.method, withParams(route.path), {
            rawBody: gzip ? gzipSync(body) : body,
            headers: gzip ? { 'content-encoding': 'gzip' } : {},
          });
          expectJsonError(response, label);
          expect({ label, status: response.status, code: response.body.code, errors: response.body.errors }).toEqual({
            label,
            status: 400,
            code: 'api.validation_failed',
            errors: [{ field: 'body', reason: 'must not nest objects and arrays deeper than 32 levels', code: 'too_big' }],
          });
        }
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('400 naming the query parameter that holds U+0000, on every route that reads one', async () => {
    for (const route of routes.filter((r) => r.authenticated && r.method === 'GET')) {
      const label = `${route.method} ${route.path}`;
      const response = await root.get(`${withParams(route.path)}?range=0-9&title=a%00b`);
      expectError(response, 400, 'api.validation_failed');
      expect({ label, fields: response.body.errors.map((e: any) => e.field) }).toEqual({ label, fields: ['title'] });
    }
  });

  it('415 for a coding we do not decode, 400 for a body that is not valid data of its coding, 413 for a gzip bomb: on every write route', async () => {
    const before = await counts();
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20)); // 50 MB of spaces in ~50 kB
    for (const route of routes.filter((r) => r.authenticated && r.method !== 'GET')) {
      const path = withParams(route.path);
      const send = (encoding: string, body: Buffer) => root.request(route.method, path, { rawBody: body, headers: { 'content-encoding': encoding } });
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const response = await send(encoding, Buffer.from('{"name": "not compressed"}'));
        expectError(response, 400, 'api.content_encoding_invalid');
      }
      expectError(await send('gzip', gzipSync('{"name": "cut short"}').subarray(0, 12)), 400, 'api.content_encoding_invalid');
      for (const encoding of ['zstd', 'compress', 'gzip, gzip', 'x-gzip'])
        expectError(await send(encoding, Buffer.from('{}')), 415, 'api.content_encoding_unsupported');
      // Inflated, the bomb passes the body limit: refused there, as a body that large would be.
      expectError(await send('gzip', bomb), 413, 'api.payload_too_large');
      // Compressed NUL is still NUL.
      expectError(await send('gzip', gzipSync(HOSTILE_BODY)), 400, 'api.validation_failed');
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts a JSON body in gzip, deflate or br; a take video only as sent (identity)', async () => {
    const job = { title: 'Compressed', locality: { work_mode: 'remote', work_place: '' } };
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const response = await company.api.request('POST', '/jobs', {
        rawBody: compress(JSON.stringify({ ...job, title: `Compressed ${encoding}` })),
        headers: { 'content-encoding': encoding },
      });
      expect({ encoding, status: response.status, title: response.body.title }).toEqual({ encoding, status: 201, title: `Compressed ${encoding}` });
    }
    const upload = await company.api.request('POST', `/candidate/interviews/${UUID}/questions/${UUID}/takes`, {
      rawBody: gzipSync(Buffer.alloc(1_000)),
      headers: { 'content-type': 'video/webm', 'content-encoding': 'gzip' },
    });
    expectError(upload, 415, 'api.content_encoding_unsupported');
  });

  it('401 for credentials that decode to U+0000 or bytes that are not UTF-8', async () => {
    for (const raw of [Buffer.from('vik_\0abc:'), Buffer.from('\0:'), Buffer.from([0xc0, 0xaf, 0xff, 0x3a]), Buffer.from('bootstrap-\0')]) {
      const response = await t.as(undefined).get('/me', { authorization: `Basic ${raw.toString('base64')}` });
      expectError(response, 401, 'api.key_invalid');
    }
    expectError(await t.as(undefined).get('/me', { authorization: 'Bearer %00' }), 401, 'api.candidate_token_invalid');
  });

  it('answers what the HTTP parser refuses with {reason, code, lang}, never echoing the request', async () => {
    const port = Number(new URL(t.baseUrl).port);
    const marker = 'ECHO-MARKER-7f3a';
    const cases: Array<[string, string | Buffer, number, string]> = [
      ['an invalid method token', `G@T /v1.0/me?${marker} HTTP/1.1\r\nHost: x\r\n\r\n`, 400, 'api.malformed_request'],
      ['a negative Content-Length', `POST /v1.0/jobs HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nX-Marker: ${marker}\r\n\r\n`, 400, 'api.malformed_request'],
      ['a NUL in a header value', Buffer.from(`GET /v1.0/me HTTP/1.1\r\nHost: x\r\nX-Request-Id: a\0${marker}\r\n\r\n`), 400, 'api.malformed_request'],
      ['a space in a header name', `GET /v1.0/me HTTP/1.1\r\nHost: x\r\nBad Header: ${marker}\r\n\r\n`, 400, 'api.malformed_request'],
      [
        'Content-Length and Transfer-Encoding together',
        `POST /v1.0/jobs HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        400,
        'api.malformed_request',
      ],
      ['an invalid HTTP version', `GET /v1.0/me HTTP/9.${marker}\r\nHost: x\r\n\r\n`, 400, 'api.malformed_request'],
      ['no Host header', `GET /v1.0/me?${marker} HTTP/1.1\r\nConnection: close\r\n\r\n`, 400, 'api.malformed_request'],
      ['headers over 16 kB', `GET /v1.0/me HTTP/1.1\r\nHost: x\r\nX-Big: ${marker}${'a'.repeat(20_000)}\r\n\r\n`, 431, 'api.request_headers_too_large'],
    ];
    for (const [label, bytes, status, code] of cases) {
      const answer = await rawRequest(port, bytes).catch((error: Error) => Promise.reject(new Error(`${label}: ${error.message}`)));
      expect({ label, status: answer.status }).toEqual({ label, status });
      expect({ label, json: /content-type: application\/json/i.test(answer.headers) }).toEqual({ label, json: true });
      expect({ label, nosniff: /\r\nx-content-type-options: nosniff\r\n/i.test(answer.headers) }).toEqual({ label, nosniff: true });
      const body = JSON.parse(answer.body);
      expect({ label, body }).toEqual({ label, body: { reason: expect.any(String), code, lang: `error.${code.slice(4)}` } });
      expect(answer.headers + answer.body).not.toContain(marker);
    }
    // The server is still there.
    expect((await company.api.get('/me')).status).toBe(200);
  });
});
