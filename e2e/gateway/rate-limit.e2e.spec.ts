import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';

describe('gateway: rate limits', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ RATE_LIMIT_PER_MINUTE: '5', AUTH_FAILURES_PER_MINUTE: '3' });
  });
  afterAll(() => t.stop());

  it('counts requests per key, with headers on every response and a 429 past the limit', async () => {
    const { api } = await t.createCompany();
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await api.get('/me');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('5');
      expect(response.headers.get('ratelimit-policy')).toBe('"default";q=5;w=60');
      expect(response.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
      remaining.push(response.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);

    const limited = await api.get('/me');
    expectError(limited, 429, 'api.too_many_requests');
    expect(limited.body.reason).toBe('Too Many Requests');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-rate-limit-try-again-seconds')).toBe(String(retryAfter));
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

    // Another key is counted on its own.
    const other = await t.createCompany();
    expect((await other.api.get('/me')).status).toBe(200);
  });

  it('limits failed authentications per client IP, even for keys that would be valid', async () => {
    const { apiKey } = await t.createCompany();
    for (let i = 0; i < 3; i++) expectError(await t.as(`wrong-key-${i}`).get('/me'), 401, 'api.key_invalid');
    const blocked = await t.as(apiKey).get('/me');
    expectError(blocked, 429, 'api.too_many_requests');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
