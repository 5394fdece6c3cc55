/**
 * Benchmark: the gateway's own CPU per request, without its upstreams: the Express app as `startGateway` builds it
 * (authentication, limits on the machine's Redis, body, validation, rendering, access log and metrics), with canned
 * gRPC answers (an interview of three questions, a page of interviews read from BENCH_PAGE_JSON). It runs the app in
 * a child process, loads it with 50 keep-alive connections (2 s unmeasured, then BENCH_SECONDS) and divides the
 * child's CPU time (/proc) by the answers. gRPC's own encoding and sockets are not in it: bench:services has them.
 * Run it from two checkouts in turn to compare (alternate on a busy machine).
 *
 *   BENCH_KEY=vik_… BENCH_PATH=post npx tsx bench/gateway-own-cpu.bench.ts      # POST /v1.0/interviews
 *   BENCH_KEY=vik_… BENCH_PATH=get BENCH_PAGE_JSON=page.json npx tsx bench/gateway-own-cpu.bench.ts
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { interviewJson } from '@vi/contracts';
import { createLogger } from '@vi/platform-logger';
import { aQuestion, anInterview } from '../libs/contracts/test/factories';
import { PrincipalCache } from '../apps/gateway/src/auth/principal-cache';
import { createGatewayApp } from '../apps/gateway/src/gateway.app';
import { MemoryIdempotencyStore } from '../apps/gateway/src/idempotency/idempotency-store';
import { RateLimits } from '../apps/gateway/src/rate-limit/rate-limits';
import type { Upstreams } from '../apps/gateway/src/upstream/upstreams';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PATH = process.env.BENCH_PATH ?? 'post';
const KEY = process.env.BENCH_KEY ?? '';
const CONNECTIONS = 50;

function serve(): void {
  // As the interviews service renders a creation (decision 065).
  const created = anInterview({ questions: [aQuestion(), aQuestion(), aQuestion()] });
  const createdJson = Buffer.from(JSON.stringify([interviewJson(created, { questions: true })]));
  const page = process.env.BENCH_PAGE_JSON ? readFileSync(process.env.BENCH_PAGE_JSON) : Buffer.from('[]');
  const answers: Record<string, () => unknown> = {
    resolveApiKey: () => ({ key_uuid: 'bench-key', user_uuid: 'bench-user', company_uuid: 'bench-company', role: 'administrator', user_type: 'company_user' }),
    createInterviews: () => ({ interview_uuids: [created.uuid], json: createdJson, share_link_uuids: [] }),
    listInterviews: () => ({ items_json: page, count: 50, total: 10_000, share_link_uuids: [] }),
  };
  // Which method a route picks: `(c) => c.createInterviews` read off a client that answers its own property names.
  const names = new Proxy({}, { get: (_target, property) => property });
  const upstream = { call: async (pick: (client: unknown) => unknown) => answers[String(pick(names))]() };
  const redis = new Redis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
  });
  const app = createGatewayApp({
    upstreams: {
      identity: upstream,
      jobs: upstream,
      interviews: upstream,
      sharing: upstream,
      notifications: upstream,
      evaluations: upstream,
      assessments: upstream,
    } as unknown as Upstreams,
    cache: new PrincipalCache(60_000),
    limits: new RateLimits({ perMinute: 1e9, authFailuresPerMinute: 20, redis, keyPrefix: `bench-gw-${process.pid}` }),
    logger: createLogger('gateway'),
    requestTimeoutMs: 10_000,
    uploadTimeoutMs: 60_000,
    trustProxy: 'loopback',
    corsAllowedOrigins: [],
    idempotency: { store: new MemoryIdempotencyStore(), keyPrefix: 'idem', sealingSecret: 'bench' },
  });
  const server = createServer(app);
  server.listen(0, () => process.send?.((server.address() as AddressInfo).port));
  process.on('SIGINT', () => process.exit(0));
}

const QUESTIONS = ['Why?', 'How?', 'What?'].map((text) => ({ text, time_limit: 60, takes: 1, think_time: 30 }));
const BODY = JSON.stringify({
  type: 'one_way',
  scheduled_at: '2030-01-07T10:00:00+00:00',
  timezone: 'Europe/Paris',
  job_post: { uuid: '0b1c2d3e-0000-4000-8000-000000000003' },
  assigned_to: { name: 'Candidate 1', email: 'candidate1@bench.example' },
  questions: QUESTIONS,
});

async function load(): Promise<void> {
  if (!KEY) throw new Error('set BENCH_KEY to a plausible API key (any key npm run start:services printed)');
  const child = fork(__filename, [], {
    execArgv: ['--import', 'tsx', '--max-semi-space-size=32'],
    env: { ...process.env, GATEWAY_BENCH_SERVER: '1', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const authorization = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
  const post = PATH === 'post';
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const headers = post ? { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) } : { authorization };
      const req = request({ port, path: post ? '/v1.0/interviews' : '/v1.0/interviews?range=0-49', method: post ? 'POST' : 'GET', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(post ? BODY : undefined);
    });
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const run = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    const statuses: Record<number, number> = {};
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          const status = await one();
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    return statuses;
  };
  await run(2);
  const before = cpuSeconds();
  const started = Date.now();
  const statuses = await run(SECONDS);
  const used = cpuSeconds() - before;
  const answers = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `${post ? 'POST' : 'GET'} /v1.0/interviews: ${(answers / ((Date.now() - started) / 1000)).toFixed(0)} req/s, gateway ${((used * 1000) / answers).toFixed(3)} ms CPU/request, statuses ${JSON.stringify(statuses)}\n`,
  );
  child.kill('SIGINT');
  agent.destroy();
}

if (process.env.GATEWAY_BENCH_SERVER) serve();
else void load();
