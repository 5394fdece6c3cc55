/**
 * Benchmark: what the gateway's rate limits cost per request of a known credential, in the gateway (this process's
 * CPU: ioredis, rate-limiter-flexible) and in Redis (the redis-server processes' CPU, from /proc; other users of
 * the server count too). `separate` is the two calls made before decision 056 (`authBlocked` and `consumeRequest`,
 * together), `admit` the one command since. BENCH_MODES picks and orders the runs (alternate them on a busy machine).
 *
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 BENCH_REQUESTS=40000 npx tsx bench/rate-limit-admission.bench.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { RateLimits } from '../apps/gateway/src/rate-limit/rate-limits';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40_000);
const CONCURRENCY = 50;
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds used so far by the machine's redis-server processes. */
function redisCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!/(^|\/)redis-server/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    } catch {
      // the process ended between readdir and read
    }
  }
  return total;
}

async function run(mode: string, limits: RateLimits): Promise<void> {
  let next = 0;
  const redisBefore = redisCpuSeconds();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const n = next++;
        const ip = `10.1.${n % 50}.1`;
        const key = `key-${n % 50}`;
        if (mode === 'separate') await Promise.all([limits.authBlocked(ip), limits.consumeRequest(key)]);
        else await limits.admit(ip, key);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const redis = redisCpuSeconds() - redisBefore;
  const perRequest = (microseconds: number) => (microseconds / REQUESTS).toFixed(1);
  process.stdout.write(
    `${mode}: ${(REQUESTS / seconds).toFixed(0)} req/s, gateway side ${perRequest(cpu.user + cpu.system)} µs/request, redis-server ${perRequest(redis * 1e6)} µs/request\n`,
  );
}

async function main(): Promise<void> {
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
  });
  await new Promise((resolve) => redis.once('ready', resolve));
  const limits = new RateLimits({ perMinute: 1e9, authFailuresPerMinute: 20, redis, keyPrefix: `bench-rl-${process.pid}` });
  for (const mode of (process.env.BENCH_MODES ?? 'separate,admit,separate,admit,separate,admit').split(',')) await run(mode, limits);
  redis.disconnect();
}

void main();
