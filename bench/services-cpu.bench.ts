/**
 * Benchmark: CPU per request of each service process on the hot paths, against a running
 * `npm run start:services` (every service its own process).
 *
 * For each path it loads the gateway with BENCH_CONNECTIONS keep-alive connections (2 s unmeasured, then
 * BENCH_SECONDS measured), and reads each service process's CPU time (utime + stime in /proc/<pid>/stat) at the
 * start and end of the measured window: CPU ms per request = CPU time used / 2xx responses. Replicas of a
 * service are summed. `pg` is every postgres process alive through the window (other users of the server count
 * too), or with BENCH_DATABASE=<name> only the backends connected to that database, `nats` and `redis` the machine's
 * NATS and Redis servers;
 * `loadgen` is this process.
 *
 *   BENCH_KEY=vik_… npm run bench:services
 *   BENCH_URL=http://localhost:9080/v1.0 BENCH_KEY=vik_… BENCH_SECONDS=10 BENCH_PATHS=get-jobs,get-me npm run bench:services
 *
 * Paths: get-jobs, get-jobs?range=0-0, post-jobs, get-interviews, post-interviews, post-interviews-10,
 * post-interviews-100, get-me, post-applications (BENCH_PATHS picks some). The two bulk paths invite 10 or 100 new job seekers per
 * request (three questions each) over BENCH_BULK_CONNECTIONS connections (default 1: the time one recruiter waits).
 *
 * BENCH_SETTLE=1 counts what each request causes after its answer too (events consumed, emails sent): the services
 * are let settle (quiet) before and after BENCH_SECONDS of load, and the CPU between the two quiet points, less what
 * each process used in 4 idle seconds before the load (scaled to that time), is divided by the requests made between
 * them (p50/p99 are then of every request of the load, queueing included).
 *
 * It also prints each service process's resident memory before the run (idle) and its peak since it started.
 *
 * It creates what the paths need in the key's company (one active job for the interviews; 60 interviews so a
 * page of 50 is full) and POSTs more jobs (inactive) and interviews while it measures.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';

const BASE = (process.env.BENCH_URL ?? 'http://localhost:8080/v1.0').replace(/\/$/, '');
const KEY = process.env.BENCH_KEY ?? '';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BULK_CONNECTIONS = Number(process.env.BENCH_BULK_CONNECTIONS ?? 1);
const SETTLE = process.env.BENCH_SETTLE === '1';
const IDLE_SECONDS = 4;
const DATABASE = process.env.BENCH_DATABASE;
const WARMUP_SECONDS = 2;
const CLOCK_TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux
const SERVICES = ['gateway', 'identity', 'jobs', 'interviews', 'sharing', 'notifications', 'evaluations', 'assessments'] as const;

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const auth = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;

interface Answer {
  status: number;
  body: string;
}

function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${BASE}${path}`,
      {
        method,
        agent,
        headers: { authorization: auth, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The service a process runs, when it is one of this checkout's (`npm run start:services` starts them in its own
 * folder): services of another checkout on the same machine are not counted.
 */
function ourService(pid: string, cmdline: string): string | undefined {
  const service = /dist\/services\/(\w+)\/main\.js|apps\/(\w+)\/src\/main\.ts/.exec(cmdline);
  if (!service || readlinkSync(`/proc/${pid}/cwd`) !== process.cwd()) return undefined;
  return service[1] ?? service[2];
}

/** The shared servers the product runs on, which the single-process app uses too (PostgreSQL) or not at all. */
function serverName(cmdline: string): string | undefined {
  // BENCH_DATABASE: only the backends serving that database (their title names it), not the server's other users.
  if (cmdline.startsWith('postgres')) return !DATABASE || cmdline.includes(` ${DATABASE} `) ? 'pg' : undefined;
  if (/(^|\/)nats-server( |$)/.test(cmdline)) return 'nats';
  if (/(^|\/)redis-server( |$)/.test(cmdline)) return 'redis';
  return undefined;
}

/** CPU seconds used so far by each process of interest: `<name>:<pid>` (services, postgres) and this process. */
function cpuSnapshot(): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      const service = ourService(entry, cmdline);
      const name = service ?? serverName(cmdline);
      if (!name) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime and stime are fields 14 and 15 of stat; index 11 and 12 after the ") " split.
      totals.set(`${name}:${entry}`, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // the process ended between readdir and read
    }
  }
  const own = process.cpuUsage();
  totals.set(`loadgen:${process.pid}`, (own.user + own.system) / 1e6);
  return totals;
}

/** CPU seconds per name between two snapshots, over the processes alive in both (postgres backends come and go). */
function cpuUsed(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [key, seconds] of after) {
    const start = before.get(key);
    if (start === undefined) continue;
    const name = key.split(':')[0];
    used[name] = (used[name] ?? 0) + seconds - start;
  }
  return used;
}

interface Scenario {
  name: string;
  run: (n: number) => Promise<Answer>;
  /** Connections for this path (default CONNECTIONS). */
  connections?: number;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  cpuMsPerRequest: Record<string, number>;
}

/**
 * Waits until this checkout's services are quiet (together under 2 % of a core over two consecutive half seconds, or
 * `maxSeconds`): the work a request caused after its answer (events consumed, emails sent) is then done.
 */
async function settled(maxSeconds = 180): Promise<void> {
  const ours = (snapshot: Map<string, number>) =>
    [...snapshot].filter(([key]) => (SERVICES as readonly string[]).includes(key.split(':')[0])).reduce((sum, [, seconds]) => sum + seconds, 0);
  const deadline = Date.now() + maxSeconds * 1000;
  let quiet = 0;
  let last = ours(cpuSnapshot());
  while (quiet < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = ours(cpuSnapshot());
    quiet = now - last < 0.01 ? quiet + 1 : 0;
    last = now;
  }
}

async function measure(scenario: Scenario): Promise<Result> {
  return SETTLE ? measureSettled(scenario) : measureWindow(scenario);
}

/**
 * BENCH_SETTLE=1: everything a request causes, after its answer included. The services are let settle after the
 * warm-up, then loaded for BENCH_SECONDS, then let settle again; CPU per request = CPU used between the two quiet
 * points / the 2xx answers of every request made between them.
 */
async function measureSettled(scenario: Scenario): Promise<Result> {
  const warm = await load(scenario, WARMUP_SECONDS);
  await settled();
  // What each process uses with nothing to do (polling loops, timers, other users of the servers), subtracted below.
  const idleFrom = cpuSnapshot();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const before = cpuSnapshot();
  const idle = cpuUsed(idleFrom, before);
  // Sampled all along: a PostgreSQL backend the pool closes before the end still counts up to its last sample, and
  // one opened meanwhile from its start.
  const lastSeen = new Map(before);
  const sample = () => cpuSnapshot().forEach((seconds, key) => lastSeen.set(key, seconds));
  const sampler = setInterval(sample, 250);
  const started = performance.now();
  const measured = await load(scenario, SECONDS);
  await settled();
  clearInterval(sampler);
  sample();
  const elapsed = (performance.now() - started) / 1000;
  const used: Record<string, number> = {};
  for (const [key, seconds] of lastSeen) {
    const name = key.split(':')[0];
    used[name] = (used[name] ?? 0) + seconds - (before.get(key) ?? 0);
  }
  const cpuMsPerRequest: Record<string, number> = {};
  for (const [name, seconds] of Object.entries(used)) {
    const busy = Math.max(0, seconds - ((idle[name] ?? 0) * elapsed) / IDLE_SECONDS);
    cpuMsPerRequest[name] = (busy * 1000) / Math.max(1, measured.latencies.length);
  }
  const pick = (q: number) => measured.latencies[Math.min(measured.latencies.length - 1, Math.floor(q * measured.latencies.length))] ?? NaN;
  return {
    name: scenario.name,
    rps: measured.latencies.length / measured.elapsed,
    p50: pick(0.5),
    p99: pick(0.99),
    failed: measured.failed + warm.failed,
    cpuMsPerRequest,
  };
}

/** Loads the path for `seconds` and waits for the requests under way: every request made counts. */
async function load(scenario: Scenario, seconds: number): Promise<{ latencies: number[]; failed: number; elapsed: number }> {
  let stop = false;
  let n = 0;
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const loop = async () => {
    while (!stop) {
      const begun = performance.now();
      const answer = await scenario.run(n++).catch((error: Error) => ({ status: 0, body: error.message }));
      if (answer.status >= 200 && answer.status < 300) latencies.push(performance.now() - begun);
      else if (failed++ === 0) process.stderr.write(`${scenario.name}: first failure: ${answer.status} ${answer.body.slice(0, 200)}\n`);
    }
  };
  const loops = Array.from({ length: scenario.connections ?? CONNECTIONS }, loop);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return { latencies, failed, elapsed: (performance.now() - started) / 1000 };
}

async function measureWindow(scenario: Scenario): Promise<Result> {
  let counting = false;
  let stop = false;
  let n = 0;
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure = '';
  const loop = async () => {
    while (!stop) {
      const started = performance.now();
      const answer = await scenario.run(n++).catch((error: Error) => ({ status: 0, body: error.message }));
      if (!counting) continue;
      if (answer.status >= 200 && answer.status < 300) latencies.push(performance.now() - started);
      else {
        failed++;
        firstFailure ||= `${answer.status} ${answer.body.slice(0, 200)}`;
      }
    }
  };
  const loops = Array.from({ length: scenario.connections ?? CONNECTIONS }, loop);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  const before = cpuSnapshot();
  const started = performance.now();
  counting = true;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  counting = false;
  const after = cpuSnapshot();
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  if (firstFailure) process.stderr.write(`${scenario.name}: ${failed} failed, first: ${firstFailure}\n`);
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const cpuMsPerRequest: Record<string, number> = {};
  for (const [name, seconds] of Object.entries(cpuUsed(before, after))) cpuMsPerRequest[name] = (seconds * 1000) / Math.max(1, latencies.length);
  return { name: scenario.name, rps: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99), failed, cpuMsPerRequest };
}

async function prepare(): Promise<{ jobUuid: string; openInterviewUuid: string }> {
  const me = await call('GET', '/me');
  if (me.status !== 200) throw new Error(`GET /me answered ${me.status}: set BENCH_KEY to an administrator's key (${me.body.slice(0, 200)})`);
  const job = await call('POST', '/jobs', {
    title: 'Benchmark interviews',
    description: 'Holds the benchmark interviews.',
    status: 'active',
    location: { city: 'Austin', state: 'TX', country: 'United States' },
  });
  if (job.status !== 201) throw new Error(`POST /jobs answered ${job.status}: ${job.body.slice(0, 200)}`);
  const jobUuid = (JSON.parse(job.body) as { uuid: string }).uuid;
  for (let i = 0; i < 60; i++) {
    const created = await call('POST', '/interviews', interviewBody(jobUuid, i));
    if (created.status !== 201) throw new Error(`POST /interviews answered ${created.status}: ${created.body.slice(0, 200)}`);
  }
  // The job's open interview (decision 045), for the applications path.
  const opened = await call('PUT', `/jobs/${jobUuid}`, { open_interview: { status: 'active', questions: QUESTIONS.slice(0, 2) } });
  if (opened.status !== 200) throw new Error(`PUT /jobs/<uuid> (open interview) answered ${opened.status}: ${opened.body.slice(0, 200)}`);
  const openInterviewUuid = (JSON.parse(opened.body) as { open_interview: { uuid: string } }).open_interview.uuid;
  return { jobUuid, openInterviewUuid };
}

const QUESTIONS = [
  { text: 'Tell us about yourself.', time_limit: 60, takes: 2 },
  { text: 'Why this job?', time_limit: 90 },
  { text: 'What would you change first?', time_limit: 120 },
];

/** An application through the open interview, from a new address each time (a repeat would create nothing). */
function applicationBody(n: number): unknown {
  return { name: `Applicant ${n}`, email: `applicant-${process.pid.toString(36)}-${n}@bench.example` };
}

/** One interview (`assignees` absent: a single assignee object), or one per assignee of an array of new job seekers. */
function interviewBody(jobUuid: string, n: number, assignees?: number): unknown {
  const due = new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 19) + '+00:00';
  const run = process.pid.toString(36);
  return {
    type: 'one_way',
    scheduled_at: due,
    timezone: 'Europe/Paris',
    job_post: { uuid: jobUuid },
    assigned_to:
      assignees === undefined
        ? { name: `Candidate ${n}`, email: `candidate${n}@bench.example` }
        : Array.from({ length: assignees }, (_, i) => ({ name: `Bulk ${n}.${i}`, email: `bulk${assignees}-${run}-${n}-${i}@bench.example` })),
    questions: QUESTIONS,
  };
}

/** Resident memory of each service process in MB: now (`VmRSS`) and the most it ever had (`VmHWM`). */
function memory(): Map<string, { rss: number; peak: number }> {
  const found = new Map<string, { rss: number; peak: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const service = ourService(entry, readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
      if (!service) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      found.set(`${service} (pid ${entry})`, { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 });
    } catch {
      // the process ended between readdir and read
    }
  }
  return found;
}

async function main(): Promise<void> {
  if (!KEY) throw new Error('set BENCH_KEY to the administrator key that npm run start:services printed');
  const idle = memory();
  const { jobUuid, openInterviewUuid } = await prepare();
  const scenarios: Scenario[] = [
    { name: 'GET /jobs', run: () => call('GET', '/jobs') },
    // One job from the page cache: the gateway, one gRPC hop and one small read (the list's version) for an answer
    // the size of a creation's: about the least a request through a service costs.
    { name: 'GET /jobs?range=0-0', run: () => call('GET', '/jobs?range=0-0') },
    {
      name: 'POST /jobs',
      run: (n) =>
        call('POST', '/jobs', {
          title: `Benchmark job ${n}`,
          description: 'Made by the services benchmark.',
          status: 'inactive',
          location: { city: 'Austin', state: 'TX', country: 'United States' },
        }),
    },
    { name: 'GET /interviews', run: () => call('GET', '/interviews?range=0-49') },
    { name: 'POST /interviews', run: (n) => call('POST', '/interviews', interviewBody(jobUuid, 1000 + n)) },
    // A bulk invitation (issue 30): the interviews of one request, as one recruiter waits for them.
    { name: 'POST /interviews-10', run: (n) => call('POST', '/interviews', interviewBody(jobUuid, n, 10)), connections: BULK_CONNECTIONS },
    { name: 'POST /interviews-100', run: (n) => call('POST', '/interviews', interviewBody(jobUuid, n, 100)), connections: BULK_CONNECTIONS },
    { name: 'GET /me', run: () => call('GET', '/me') },
    // An applicant through the open interview (decision 045): no key; the gateway's per-address and per-link limits
    // must be raised for a benchmark (OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT and _PER_LINK).
    { name: 'POST /applications', run: (n) => call('POST', `/public/open_interviews/${openInterviewUuid}/applications`, applicationBody(n)) },
  ];
  const wanted = process.env.BENCH_PATHS?.split(',').map((p) =>
    p
      .trim()
      .toLowerCase()
      .replace(/^(get|post)-/, '$1 /'),
  );
  const results: Result[] = [];
  for (const scenario of scenarios) {
    if (wanted && !wanted.includes(scenario.name.toLowerCase())) continue;
    results.push(await measure(scenario));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const columns = [...SERVICES, 'pg', 'nats', 'redis', 'loadgen'];
  const lines = [
    SETTLE
      ? `${CONNECTIONS} connections, ${SECONDS} s of load between two quiet points; CPU in ms per 2xx response, the work after the answers included`
      : `${CONNECTIONS} connections, ${SECONDS} s measured after ${WARMUP_SECONDS} s; CPU in ms per 2xx response`,
    ['path', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', ...columns].join(' | '),
    ...results.map((r) =>
      [r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.failed), ...columns.map((c) => (r.cpuMsPerRequest[c] ?? 0).toFixed(2))].join(
        ' | ',
      ),
    ),
  ];
  const loaded = memory();
  lines.push('', 'memory in MB: idle = RSS before the first request of this run; peak = the highest RSS since the process started (VmHWM)');
  lines.push(['process', 'idle RSS', 'peak RSS'].join(' | '));
  for (const [name, before] of idle) lines.push([name, before.rss.toFixed(0), (loaded.get(name)?.peak ?? NaN).toFixed(0)].join(' | '));
  process.stdout.write(`${lines.join('\n')}\n`);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
