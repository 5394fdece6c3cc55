import { randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';

describe('gateway: rate limits', () => {
  let t: TestSystem;
  beforeAll(async () => {
    // The gateway believes X-Forwarded-For from this machine, so each request can come from an address of its own.
    t = await startTestSystem({
      RATE_LIMIT_PER_MINUTE: '5',
      AUTH_FAILURES_PER_MINUTE: '3',
      OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT: '5',
      TRUST_PROXY: 'loopback',
    });
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

  // Decision 004: one client is an IPv4 address or an IPv6 /64, for every per-IP limit.
  describe('an IPv6 client is its /64', () => {
    const from = (prefix: string, host: number) => ({ 'x-forwarded-for': `2001:db8:${prefix}::${host.toString(16)}` });
    const anyone = () => t.as(undefined);
    /** The statuses of 8 requests, each from another address of the /64. */
    const eightFrom = async (prefix: string, send: (headers: Record<string, string>) => Promise<{ status: number }>) => {
      const statuses: number[] = [];
      for (let host = 1; host <= 8; host++) statuses.push((await send(from(prefix, host))).status);
      return statuses;
    };

    it('counts failed authentications of the whole /64 together', async () => {
      const { apiKey } = await t.createCompany();
      for (let host = 1; host <= 3; host++) {
        expectError(await t.as(`wrong-key-${host}`).get('/me', from('38:11', host)), 401, 'api.key_invalid');
      }
      expectError(await t.as(apiKey).get('/me', from('38:11', 99)), 429, 'api.too_many_requests');
      // The next /64 is another client.
      expect((await t.as(apiKey).get('/me', from('38:12', 1))).status).toBe(200);
    });

    it('counts reads of share links and job videos per /64', async () => {
      const share = await eightFrom('38:21', (headers) => anyone().get(`/public/share/${'x'.repeat(43)}`, headers));
      expect(share.slice(0, 5).every((s) => s !== 429)).toBe(true);
      expect(share.slice(5)).toEqual([429, 429, 429]);
      const video = await eightFrom('38:22', (headers) => anyone().get(`/public/job_videos/${randomUUID()}`, headers));
      expect(video).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    });

    it("counts an open interview's applications per /64", async () => {
      const link = randomUUID();
      const statuses = await eightFrom('38:31', (headers) =>
        anyone().request('POST', `/public/open_interviews/${link}/applications`, { body: { name: 'Ada', email: `ada-${randomUUID()}@example.com` }, headers }),
      );
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    });
  });
});
