/**
 * Benchmark: memory while a candidate uploads a 200 MB take.
 *
 * Goal: a take goes from the HTTP request through the gateway and over gRPC
 * client streaming to media storage without being held whole anywhere: the
 * gateway's peak resident memory grows by less than 64 MB over its warmed-up
 * level, and the interviews service's peak retained buffer memory stays under
 * 64 MB, for a 200 MB upload.
 *
 * The gateway runs in a child process (`apps/gateway/src/main.ts`, as in
 * production), so its peak RSS (`VmHWM` in /proc, Linux) is its own. Identity,
 * jobs and interviews run in this process on the embedded defaults (PGlite, the
 * in-process bus); garbage is collected every
 * 250 ms during the upload, so the sampled `arrayBuffers` peak is what something
 * holds, not what is waiting for collection. The upload body is generated 64 KB
 * at a time and written with backpressure, so the client holds nothing either.
 *
 * It runs once per media storage adapter: `local` (MEDIA_DIR in a temporary
 * folder) and `s3` (a bucket of s3rver, in a process of its own on 127.0.0.1, as
 * in the tests; its memory is not ours and is not counted). The S3 adapter holds
 * up to two 5 MiB parts in flight (multipart upload), which the budget covers.
 *
 *   npm run bench:take-upload
 *   BENCH_UPLOAD_MB=500 npm run bench:take-upload
 *   BENCH_MEDIA_STORAGE=s3 npm run bench:take-upload      # one adapter only
 *
 * Exit code 0: both peaks under budget; 1: over budget or the upload failed;
 * 2: the benchmark could not run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import type { InterviewEventPayload } from '@vi/contracts';
import { connectEventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { startS3TestServer, webmHeader } from '@vi/platform-testing';
import { loadIdentityConfig } from '../apps/identity/src/config';
import { startIdentityService } from '../apps/identity/src/composition-root';
import { loadInterviewsConfig } from '../apps/interviews/src/config';
import { startInterviewsService } from '../apps/interviews/src/composition-root';
import { loadJobsConfig } from '../apps/jobs/src/config';
import { startJobsService } from '../apps/jobs/src/composition-root';
import { CandidateLinkIssuer } from '../e2e/support/candidate-links';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const STORAGES = (process.env.BENCH_MEDIA_STORAGE ?? 'local,s3').split(',').map((s) => s.trim());
const BUDGET_MB = 64;
const CHUNK = 64 * 1024;
// Per adapter.
const DEADLINE_MS = 5 * 60_000;
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/** Resident and peak resident memory of a process, in bytes (Linux `/proc/<pid>/status`). */
function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The few response fields the benchmark reads. */
interface Reply {
  status: number;
  body: { uuid?: string; size?: number; questions?: { uuid: string }[] } | undefined;
}

async function json(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Reply['body']) : undefined };
}

/**
 * Chunk `index` of a real WebM video (the server measures what it stores):
 * each chunk is one Cluster of exactly CHUNK bytes holding one frame, 5 ms
 * after the previous one (a 200 MB take is 16 s long); the first starts with
 * the file's header.
 */
function videoChunk(index: number): Buffer {
  const header = index === 0 ? webmHeader({ audio: false }) : Buffer.alloc(0);
  // Cluster ID, unknown size, Timecode (4 bytes); SimpleBlock ID, 8-byte size, track 1, relative time 0, keyframe.
  const frameBytes = CHUNK - header.length - 4 - 8 - 6 - 1 - 8 - 4;
  const cluster = Buffer.alloc(CHUNK - header.length, 7);
  cluster.write('1f43b67501ffffffffffffffe784', 0, 'hex');
  cluster.writeUInt32BE(index * 5, 14);
  cluster.write('a3', 18, 'hex');
  cluster.writeBigUInt64BE(BigInt(frameBytes + 4) | (1n << 56n), 19);
  cluster.write('81000080', 27, 'hex');
  return Buffer.concat([header, cluster]);
}

/** POSTs `megabytes` of generated video, writing only when the socket takes more. */
function uploadTake(url: string, token: string, megabytes: number): Promise<Reply> {
  return new Promise((done, fail) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/webm', 'x-take-duration-seconds': '30', 'content-length': String(megabytes * MB) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Reply['body']) : undefined }));
    });
    req.on('error', fail);
    let left = (megabytes * MB) / CHUNK;
    const write = () => {
      while (left > 0) {
        left -= 1;
        if (!req.write(videoChunk((megabytes * MB) / CHUNK - left - 1))) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

async function main(storage: string): Promise<number> {
  if (!gc) throw new Error('run with --expose-gc (npm run bench:take-upload does)');
  if (process.platform !== 'linux') throw new Error('reads peak memory from /proc: Linux only');
  if (storage !== 'local' && storage !== 's3') throw new Error(`BENCH_MEDIA_STORAGE: local or s3, not ${storage}`);
  const mediaDir = mkdtempSync(join(tmpdir(), 'vi-bench-media-'));
  const objectStore = storage === 's3' ? await startS3TestServer('bench') : undefined;
  const secret = () => randomBytes(32).toString('base64url');
  const adminKey = `bench-${secret()}`;
  const gatewayPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    INTERNAL_JWT_SECRET: secret(),
    API_KEY_HASH_SECRET: secret(),
    API_KEY_ENCRYPTION_KEY: secret(),
    CANDIDATE_TOKEN_SECRET: secret(),
    BOOTSTRAP_COMPANY_NAME: 'Bench Company',
    BOOTSTRAP_ADMIN_NAME: 'Bench Administrator',
    BOOTSTRAP_ADMIN_EMAIL: 'admin@bench.example',
    BOOTSTRAP_ADMIN_API_KEY: adminKey,
    DATA_DIR: 'memory://',
    MEDIA_DIR: mediaDir,
    ...objectStore?.mediaEnv,
    MAX_TAKE_BYTES: String((UPLOAD_MB + 1) * MB),
    // The filler is no recording of its length: lift the bitrate ceiling (decision 037) to measure a large upload.
    MAX_TAKE_BITRATE: String(UPLOAD_MB * MB * 8),
    OUTBOX_POLL_MS: '50',
    IDENTITY_GRPC_PORT: '0',
    IDENTITY_HEALTH_PORT: '0',
    JOBS_GRPC_PORT: '0',
    JOBS_HEALTH_PORT: '0',
    INTERVIEWS_GRPC_PORT: '0',
    INTERVIEWS_HEALTH_PORT: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  delete env.REDIS_URL;

  const logger = createLogger('bench', 'warn');
  const bus = await connectEventBus({ streamRoot: 'bench', logger });
  // Interviews whose InterviewCreated is out; the link itself is issued as notifications gets it (decision 018).
  const invitations = new Set<string>();
  await bus.subscribe({
    subjects: ['interviews.interview.created'],
    handler: async (message) => {
      const payload = message.payload as InterviewEventPayload;
      if (payload.invitation) invitations.add(payload.interview.uuid);
    },
  });
  const identity = await startIdentityService(loadIdentityConfig(env), { bus, logger });
  const identityUrl = `127.0.0.1:${identity.grpcPort}`;
  const interviewsPort = await freePort();
  const jobs = await startJobsService(
    { ...loadJobsConfig(env), upstreams: { identity: identityUrl, interviews: `127.0.0.1:${interviewsPort}` } },
    { bus, logger },
  );
  const interviews = await startInterviewsService(
    { ...loadInterviewsConfig(env), grpcPort: interviewsPort, upstreams: { identity: identityUrl, jobs: `127.0.0.1:${jobs.grpcPort}` } },
    { bus, logger },
  );
  const candidateLinks = new CandidateLinkIssuer(`127.0.0.1:${interviews.grpcPort}`, env.INTERNAL_JWT_SECRET!);

  let gateway: ChildProcess | undefined;
  try {
    gateway = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, '../apps/gateway/src/main.ts')], {
      env: {
        ...env,
        GATEWAY_PORT: String(gatewayPort),
        GATEWAY_HEALTH_PORT: '0',
        IDENTITY_GRPC_URL: identityUrl,
        JOBS_GRPC_URL: `127.0.0.1:${jobs.grpcPort}`,
        INTERVIEWS_GRPC_URL: `127.0.0.1:${interviews.grpcPort}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${gatewayPort}/v1.0`;
    const admin = { authorization: `Basic ${Buffer.from(`${adminKey}:`).toString('base64')}` };
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${base}/me`, { headers: admin }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (tries > 300 || gateway.exitCode !== null) throw new Error('the gateway did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    const job = await json('POST', `${base}/jobs`, admin, { title: 'Video Editor', locality: { work_mode: 'remote', work_place: '' } });
    if (job.status !== 200 && job.status !== 201) throw new Error(`creating the job: ${job.status} ${JSON.stringify(job.body)}`);
    const interview = async (email: string) => {
      const created = await json('POST', `${base}/interviews`, admin, {
        type: 'one_way',
        scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        assigned_to: { name: 'Bench Candidate', email },
        job_post: { uuid: job.body?.uuid },
        questions: [{ text: 'Show us your reel', time_limit: 60, takes: -1 }],
      });
      if (created.status !== 200 && created.status !== 201) throw new Error(`creating the interview: ${created.status} ${JSON.stringify(created.body)}`);
      const uuid = created.body?.uuid ?? '';
      for (let tries = 0; !invitations.has(uuid); tries++) {
        if (tries > 200) throw new Error('no InterviewCreated event');
        await new Promise((r) => setTimeout(r, 25));
      }
      const token = await candidateLinks.token(uuid);
      await json('POST', `${base}/candidate/interviews/${uuid}/accept`, { authorization: `Bearer ${token}` });
      return { url: `${base}/candidate/interviews/${uuid}/questions/${created.body?.questions?.[0]?.uuid}/takes`, token };
    };

    // Warm up both sides (code paths, pools, HTTP/2 windows) with a small take first.
    const warm = await interview('warm-up@bench.example');
    const warmUp = await uploadTake(warm.url, warm.token, 4);
    if (warmUp.status !== 201) throw new Error(`warm-up upload: ${warmUp.status} ${JSON.stringify(warmUp.body)}`);

    const target = await interview('large@bench.example');
    gc();
    const gatewayBefore = residentMemory(gateway.pid!);
    const buffersBefore = process.memoryUsage().arrayBuffers;
    let buffersPeak = 0;
    const sampler = setInterval(() => {
      gc();
      buffersPeak = Math.max(buffersPeak, process.memoryUsage().arrayBuffers - buffersBefore);
    }, 250);
    const started = process.hrtime.bigint();
    const stored = await uploadTake(target.url, target.token, UPLOAD_MB).finally(() => clearInterval(sampler));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const gatewayAfter = residentMemory(gateway.pid!);

    if (stored.status !== 201 || stored.body?.size !== UPLOAD_MB * MB) {
      console.error(`upload failed: ${stored.status} ${JSON.stringify(stored.body)}`);
      return 1;
    }
    const gatewayGrowth = (Math.max(gatewayAfter.peak, gatewayBefore.peak) - gatewayBefore.rss) / MB;
    const rows = [
      ['gateway peak RSS growth (child process)', gatewayGrowth],
      ['interviews retained buffers peak (this process)', buffersPeak / MB],
    ] as const;
    console.log(
      `\n${storage} media storage: ${UPLOAD_MB} MB take uploaded in ${seconds.toFixed(1)} s (${(UPLOAD_MB / seconds).toFixed(0)} MB/s); budget ${BUDGET_MB} MB each\n`,
    );
    for (const [what, mb] of rows) console.log(`  ${what.padEnd(50)} ${mb.toFixed(1).padStart(7)} MB  ${mb < BUDGET_MB ? 'ok' : 'OVER'}`);
    console.log(
      `  (gateway RSS before ${(gatewayBefore.rss / MB).toFixed(0)} MB, peak before ${(gatewayBefore.peak / MB).toFixed(0)} MB, peak after ${(gatewayAfter.peak / MB).toFixed(0)} MB)\n`,
    );
    return rows.every(([, mb]) => mb < BUDGET_MB) ? 0 : 1;
  } finally {
    if (gateway && gateway.exitCode === null) {
      gateway.kill('SIGTERM');
      await once(gateway, 'exit');
    }
    candidateLinks.close();
    await interviews.stop();
    await jobs.stop();
    await identity.stop();
    await bus.close();
    rmSync(mediaDir, { recursive: true, force: true });
    await objectStore?.stop();
  }
}

const deadline = setTimeout(() => {
  console.error(`benchmark did not finish within ${(DEADLINE_MS * STORAGES.length) / 1000} s`);
  process.exit(2);
}, DEADLINE_MS * STORAGES.length);
deadline.unref();

(async () => {
  let code = 0;
  for (const storage of STORAGES) code = Math.max(code, await main(storage));
  return code;
})().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(2);
  },
);
