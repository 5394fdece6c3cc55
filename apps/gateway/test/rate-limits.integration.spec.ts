import { Redis } from 'ioredis';
import { testServers, uniqueName, waitFor } from '@vi/platform-testing';
import { RateLimits } from '../src/rate-limit/rate-limits';

describe('rate limits on Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((c) => c.disconnect()));

  function replica(prefix: string, url = testServers.redisUrl ?? 'redis://127.0.0.1:1') {
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', () => undefined);
    clients.push(redis);
    return new RateLimits({ perMinute: 10, authFailuresPerMinute: 3, redis, keyPrefix: prefix });
  }

  // Needs a real Redis: registered where TEST_REDIS_URL is set (CI always sets it).
  const withRedis = testServers.redisUrl ? it : () => undefined;

  withRedis('shares one counter between replicas, atomically', async () => {
    const prefix = uniqueName('rl');
    const a = replica(prefix);
    const b = replica(prefix);
    // Until its connection is ready a replica falls back to its own memory limit: wait for both, not for a while.
    await waitFor(() => clients.slice(-2).every((c) => c.status === 'ready'), 10_000, 20);
    const decisions = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).consumeRequest('key-1')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0 && d.resetSeconds > 0)).toBe(true);
  });

  it('falls back to a per-replica memory limit when Redis is unreachable', async () => {
    const limits = replica(uniqueName('rl'), 'redis://127.0.0.1:1');
    const decisions = [];
    for (let i = 0; i < 11; i++) decisions.push(await limits.consumeRequest('key-2'));
    expect(decisions.map((d) => d.allowed)).toEqual([...Array(10).fill(true), false]);
  });
});
