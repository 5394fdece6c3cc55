import { generateApiKey } from '@vi/contracts';
import { createLogger } from '@vi/platform-logger';
import { startGateway } from '../../apps/gateway/src/composition-root';
import { loadGatewayConfig } from '../../apps/gateway/src/config';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';

describe('gateway: authentication and error shapes', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('401 api.key_not_set without credentials', async () => {
    const response = await t.as(undefined).get('/me');
    expectError(response, 401, 'api.key_not_set');
    expect(response.body.reason).toMatch(/authentication is required/i);
  });

  it('401 api.key_invalid for a mistyped, unknown or malformed key', async () => {
    const key = generateApiKey();
    const typo = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    expectError(await t.as(typo).get('/me'), 401, 'api.key_invalid');
    expectError(await t.as(generateApiKey()).get('/me'), 401, 'api.key_invalid');
    expectError(await t.as('something-else').get('/me'), 401, 'api.key_invalid');
    // Bearer carries candidate tokens (interview links), not API keys.
    const bearer = await t.as(undefined).get('/me', { authorization: 'Bearer abc' });
    expectError(bearer, 401, 'api.candidate_token_invalid');
  });

  it('ignores the basic-auth password', async () => {
    const key = (await t.createCompany()).apiKey;
    const response = await t.as(undefined).get('/me', { authorization: `Basic ${Buffer.from(`${key}:whatever`).toString('base64')}` });
    expect(response.status).toBe(200);
  });

  it('404 JSON for an unknown path, 405 with Allow for an unsupported method', async () => {
    expectError(await t.admin.get('/nope'), 404, 'api.not_found');
    const notAllowed = await t.admin.post('/me', {});
    expectError(notAllowed, 405, 'api.method_not_allowed');
    expect(notAllowed.headers.get('allow')).toBe('GET, HEAD');
    const usersPatch = await t.admin.request('PATCH', '/users', {});
    expectError(usersPatch, 405, 'api.method_not_allowed');
    expect(usersPatch.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('400 for malformed JSON and 413 for a body over 1 MB, changing nothing', async () => {
    const before = (await t.admin.get('/users')).body.length;
    expectError(await t.admin.request('POST', '/users', { rawBody: '{"name": "x",' }), 400, 'api.malformed_json');
    const huge = JSON.stringify({ name: 'x'.repeat(1_100_000), email: 'big@x.example', role: 'standard' });
    expectError(await t.admin.request('POST', '/users', { rawBody: huge }), 413, 'api.payload_too_large');
    expect((await t.admin.get('/users')).body.length).toBe(before);
  });

  it('carries a request id for support', async () => {
    const response = await t.admin.get('/me', { 'x-request-id': 'integrator-trace-42' });
    expect(response.headers.get('x-request-id')).toBe('integrator-trace-42');
  });

  it('503 JSON at the request deadline when an upstream is unreachable', async () => {
    const config = loadGatewayConfig(t.serviceEnv({ IDENTITY_GRPC_URL: '127.0.0.1:1', REQUEST_TIMEOUT_MS: '3000' }));
    const gateway = await startGateway(config, { bus: t.system.bus, logger: createLogger('gateway', 'silent'), rateLimitPrefix: `dead-${Date.now()}` });
    try {
      const started = Date.now();
      const response = await new ApiClient(`http://127.0.0.1:${gateway.port}/v1.0`, t.admin.apiKey).get('/me');
      expectError(response, 503, 'api.service_unavailable');
      // The deadline set here (3 s), not the default (10 s): the bound is not a speed, a loaded machine answers late.
      expect(Date.now() - started).toBeLessThan(9_000);
    } finally {
      await gateway.stop();
    }
  });
});
