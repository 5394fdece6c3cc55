import { Redis } from 'ioredis';
import { testServers, uniqueName, waitFor } from '@vi/platform-testing';
import { RateLimits } from '../src/rate-limit/rate-limits';

describe('rate limits on Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((c) => c.status !== 'end' && c.disconnect()));

  function replica(prefix: string, url = testServers.redisUrl ?? 'redis://127.0.0.1:1') {
    // An unreachable server is not retried: a client still connecting when the suite ends would keep its worker up.
    const unreachable = url === 'redis://127.0.0.1:1';
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, ...(unreachable && { retryStrategy: () => null }) });
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
    // A known credential's admission too: the key's count and the IP's failures, each in this replica's memory.
    const admitted = [];
    for (let i = 0; i < 11; i++) admitted.push((await limits.admit('10.0.0.4', 'key-6')).decision?.allowed);
    expect(admitted).toEqual([...Array(10).fill(true), false]);
    for (let i = 0; i < 3; i++) await limits.recordAuthFailure('10.0.0.5');
    expect((await limits.admit('10.0.0.5', 'key-7')).blocked).toMatchObject({ allowed: false, limit: 3 });
    expect((await limits.admit('10.0.0.6', 'key-7')).decision).toMatchObject({ allowed: true, remaining: 9 });
  });

  withRedis('admits a known credential in one command: the same counts as the separate checks, nothing counted for a blocked IP', async () => {
    const prefix = uniqueName('rl');
    const a = replica(prefix);
    const b = replica(prefix);
    await waitFor(() => clients.slice(-2).every((c) => c.status === 'ready'), 10_000, 20);
    // One counter whichever way a replica asks: admit and consumeRequest share the key's window.
    const first = await a.admit('10.0.0.1', 'key-3');
    expect(first).toEqual({ blocked: null, decision: { allowed: true, limit: 10, remaining: 9, resetSeconds: 60 } });
    expect((await b.consumeRequest('key-3')).remaining).toBe(8);
    const decisions = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).admit('10.0.0.1', 'key-3')));
    expect(decisions.filter((d) => d.decision?.allowed)).toHaveLength(8);
    expect(decisions.filter((d) => d.decision && !d.decision.allowed).every((d) => d.decision!.remaining === 0 && d.decision!.resetSeconds > 0)).toBe(true);

    // Failures recorded by one replica block the IP on the other; the blocked request is not counted against its key.
    for (let i = 0; i < 3; i++) await a.recordAuthFailure('10.0.0.2');
    const blocked = await b.admit('10.0.0.2', 'key-4');
    expect(blocked.blocked).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
    expect(blocked.blocked!.resetSeconds).toBeGreaterThan(0);
    expect(blocked.decision).toBeUndefined();
    expect((await a.consumeRequest('key-4')).remaining).toBe(9);
    // Two failures do not block.
    for (let i = 0; i < 2; i++) await a.recordAuthFailure('10.0.0.3');
    expect((await b.admit('10.0.0.3', 'key-5')).blocked).toBeNull();
  });
});
