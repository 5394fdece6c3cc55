import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { openShared } from './sharing-helpers';

describe('the public share endpoint is rate limited per client IP', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.stop());

  it('answers 429 past the limit, in a key space of its own', async () => {
    const token = 'A'.repeat(43);
    // An API key's request first: it is counted apart (and the gateway's Redis connection is up by then).
    expect((await t.admin.get('/me')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const miss = await openShared(t, token);
      expectError(miss, 404, 'api.share_link_not_found');
      expect(miss.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
    }
    const limited = await openShared(t, token);
    expectError(limited, 429, 'api.too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Video URLs count against the same allowance.
    expect((await fetch(`${t.baseUrl}/public/share/${token}/takes/00000000-0000-4000-8000-000000000000/video`)).status).toBe(429);
    // API keys keep their own allowance.
    expect((await t.admin.get('/me')).status).toBe(200);
  });
});
