import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_PORTS } from '@vi/platform-config';
import { createTestDatabase, testServers, uniqueName, waitFor, type TestDatabase } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { CandidateLinkIssuer } from '../support/candidate-links';
import { expectError } from '../support/expectations';
import { oneHeavySpecAtATime } from '../support/heavy-specs';
import { startServicesRunner, type ServicesRunner } from '../support/start-services-runner';

/**
 * `npm run start:services`: every service in a process of its own on the real servers, replicas included; what
 * the benchmark measures and how a platform team tries the distributed shape. It needs those servers, so it runs
 * in the real-server mode only (jest.config.js leaves it out of the embedded run).
 */
describe('npm run start:services', () => {
  // Before its own beforeAll: the processes start only once no recorded call or recorder spec runs beside them.
  oneHeavySpecAtATime();
  let database: TestDatabase;
  let services: ServicesRunner;
  const dataDir = mkdtempSync(join(tmpdir(), 'vi-services-'));
  // The gRPC ports (50051 + offset + 10·replica) kept above Linux's ephemeral range (32768–60999): there an
  // outgoing connection of a parallel test could hold one as its local port (a CI run failed on EADDRINUSE).
  // Gateway and health ports (8080/9100 + offset) stay below it.
  const portOffset = 11_000 + Math.floor(Math.random() * 3_400);
  // An OTLP/HTTP collector: the request bodies (protobuf) every service process exports its spans in.
  const exported: Buffer[] = [];
  const collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      exported.push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });

  beforeAll(async () => {
    collector.listen(0, '127.0.0.1');
    await once(collector, 'listening');
    database = await createTestDatabase();
    services = await startServicesRunner(['--replicas', 'jobs=2,gateway=2', '--port-offset', String(portOffset)], {
      DATABASE_URL: database.url,
      NATS_URL: testServers.natsUrl,
      REDIS_URL: testServers.redisUrl,
      EVENT_STREAM: uniqueName('svc').toLowerCase(),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    });
  }, 120_000);

  afterAll(async () => {
    // A test that failed before its Ctrl-C: stop the runner the same way, and whatever it started if it could not.
    await services?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    collector.close();
  }, 30_000);

  it('refuses a completion sent as soon as the job was made inactive, jobs and interviews being separate processes', async () => {
    const key = /Admin API key\s+(\S+)/.exec(services.output())?.[1];
    const api = new ApiClient(`http://127.0.0.1:${8080 + portOffset}/v1.0`, key);
    const secrets = JSON.parse(readFileSync(join(dataDir, 'local-secrets.json'), 'utf8')) as { INTERNAL_JWT_SECRET: string };
    const links = new CandidateLinkIssuer(`127.0.0.1:${SERVICE_PORTS.interviews.grpc + portOffset}`, secrets.INTERNAL_JWT_SECRET);
    const job = await api.post('/jobs', { title: 'Closing soon', status: 'active', locality: { work_mode: 'remote', work_place: '' } });
    expect(job.status).toBe(201);
    try {
      // Interviews' projection of jobs hears of the change over NATS after the outbox relays it: a few rounds, so
      // that a check against the projection would let at least one completion through (issue 29).
      for (let round = 0; round < 3; round++) {
        const interview = await api.post('/interviews', {
          type: 'one_way',
          scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          assigned_to: { name: 'Rae Race', email: `race-${round}@example.com` },
          job_post: { uuid: job.body.uuid },
          questions: [{ text: 'Only one', time_limit: 30 }],
        });
        expect(interview.status).toBe(201);
        const uuid = interview.body.uuid as string;
        const candidate = new ApiClient(`http://127.0.0.1:${8081 + portOffset}/v1.0`, undefined);
        const headers = { authorization: `Bearer ${await links.token(uuid)}` };
        const accepted = await candidate.request('POST', `/candidate/interviews/${uuid}/accept`, { headers });
        expect(accepted.status).toBe(200);
        await candidate.request('POST', `/candidate/interviews/${uuid}/questions/${accepted.body.questions[0].uuid}/skip`, { headers });

        expect((await api.put(`/jobs/${job.body.uuid}`, { status: 'inactive' })).status).toBe(200);
        expectError(await candidate.request('POST', `/candidate/interviews/${uuid}/complete`, { headers }), 400, 'api.job_inactive');
        expect((await api.get(`/interviews/${uuid}`)).body.status).toBe('accepted');
        expect((await api.put(`/jobs/${job.body.uuid}`, { status: 'active' })).status).toBe(200);
      }
    } finally {
      links.close();
      // The next test counts the jobs listed: this one leaves none.
      await api.delete(`/jobs/${job.body.uuid}`);
    }
  }, 60_000);

  it("keeps answering a company's API calls 2xx while 300 sign-ins with wrong passwords flood identity, each from its own client (issue 29)", async () => {
    const key = /Admin API key\s+(\S+)/.exec(services.output())?.[1];
    const gateway = `http://127.0.0.1:${8080 + portOffset}`;
    const api = new ApiClient(`${gateway}/v1.0`, key);
    const me = (await api.get('/me')).body as { uuid: string };
    // npm run start:services believes X-Forwarded-For from this machine: every sign-in is a client of its own, so
    // only identity's bounded hashing and the sign-in breaker stand between the flood and everyone else.
    const signIn = (i: number) =>
      fetch(`${gateway}/v1.0/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: gateway, 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ email: `flood-${i}@attacker.example`, password: `wrong-password-${i}` }),
      }).then(async (response) => ({ status: response.status, code: ((await response.json()) as { code?: string }).code }));
    const flood = Promise.all(Array.from({ length: 300 }, (_, i) => signIn(i)));
    // Uncached identity calls of another company meanwhile: the user list and a user, over and over. Paced, and at
    // most 200 of them, well inside the key's 400 a minute (RATE_LIMIT_PER_MINUTE): a flood that lasts long on a loaded
    // machine must not turn the company's own calls into 429s (a CI run on Node 24 sent 615 over the limit).
    const during: string[] = [];
    let flooding = true;
    void flood.finally(() => (flooding = false));
    while (flooding && during.length < 200) {
      const [users, user] = await Promise.all([api.get('/users'), api.get(`/users/${me.uuid}`)]);
      // A refusal is named by its code, so a failure says which part gave way.
      for (const answer of [users, user]) during.push(answer.status === 200 ? '200' : `${answer.status} ${(answer.body as { code?: string })?.code}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answers = await flood;
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((status) => status !== '200')).toEqual([]);
    // Every sign-in was told no in a known way: a wrong password, or busy (503 api.sign_in_busy, nothing hashed).
    const kinds = new Set(answers.map((a) => `${a.status} ${a.code}`));
    expect([...kinds].filter((kind) => !['401 api.sign_in_failed', '503 api.sign_in_busy', '503 api.service_unavailable'].includes(kind))).toEqual([]);
    expect(answers.some((a) => a.code === 'api.sign_in_busy')).toBe(true);
    // And after it, nothing stays open against them.
    expect((await api.get('/users')).status).toBe(200);
  }, 120_000);

  it('serves the printed administrator key through every gateway replica, over one database, and stops every process on Ctrl-C', async () => {
    const key = /Admin API key\s+(\S+)/.exec(services.output())?.[1];
    const pids = [...services.output().matchAll(/pid (\d+)/g)].map((match) => Number(match[1]));
    // identity, 2 jobs, interviews, sharing, notifications, evaluations, assessments, transcription, 2 gateways
    expect(pids).toHaveLength(11);
    const first = new ApiClient(`http://127.0.0.1:${8080 + portOffset}/v1.0`, key);
    const second = new ApiClient(`http://127.0.0.1:${8081 + portOffset}/v1.0`, key);
    expect((await first.get('/me')).status).toBe(200);

    // Sent with a trace context of its own (an ingress that traces), to find its trace among the exported spans.
    const traceId = randomBytes(16).toString('hex');
    const created = await first.request('POST', '/jobs', {
      body: {
        title: 'Runner check',
        description: 'Made through one gateway.',
        status: 'inactive',
        location: { city: 'Austin', state: 'TX', country: 'United States' },
      },
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(created.status).toBe(201);
    // The other gateway, through either jobs replica, reads it back: one system, not copies.
    for (let i = 0; i < 4; i++) {
      const listed = await second.get('/jobs');
      expect(listed.headers.get('content-range')).toBe('items 0-0/1');
      expect((listed.body as Array<{ uuid: string }>)[0].uuid).toBe(created.body.uuid);
    }

    // A rename reaches the summary cache of both jobs replicas (identity's event, broadcast over NATS): every
    // following page names the user anew. Within a second on a quiet machine; 10 s allowed, as a loaded CI machine
    // took more than one (2026-11-28), and still far below the 60 s after which the cache would forget it anyway.
    const me = (await first.get('/me')).body as { uuid: string };
    expect((await first.put(`/users/${me.uuid}`, { name: 'Renamed Administrator' })).status).toBe(201);
    const everyReplicaRenamed = async () => {
      const pages = await Promise.all(Array.from({ length: 4 }, () => second.get('/jobs')));
      return pages.every((page) => (page.body as Array<{ created_by: { name: string } }>)[0].created_by.name === 'Renamed Administrator');
    };
    await waitFor(everyReplicaRenamed, 10_000, 20);

    const exited = new Promise<number | null>((resolve) => services.child.once('exit', (code) => resolve(code)));
    services.child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(services.output()).toContain('every service stopped');
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);

    // Each process exported its spans (the last ones as it stopped) under its own service.name, and the request's
    // trace went from the gateway over gRPC to jobs, and over NATS to notifications' consumer of jobs.job.created.
    const traced = exported.filter((body) => body.includes(Buffer.from(traceId, 'hex')));
    const tracing = ['gateway', 'identity', 'jobs', 'interviews', 'sharing', 'notifications', 'evaluations', 'assessments', 'transcription'].filter((name) =>
      traced.some((body) => body.includes(serviceNameAttribute(name))),
    );
    expect(tracing).toEqual(expect.arrayContaining(['gateway', 'jobs', 'notifications']));
  }, 60_000);
});

/** The resource attribute `service.name = <name>` as OTLP's protobuf encodes it (KeyValue{key, AnyValue{string_value}}). */
function serviceNameAttribute(name: string): Buffer {
  const key = Buffer.from('service.name');
  return Buffer.concat([Buffer.from([0x0a, key.length]), key, Buffer.from([0x12, name.length + 2, 0x0a, name.length]), Buffer.from(name)]);
}
