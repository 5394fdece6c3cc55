/**
 * Benchmark: what one gateway replica's live-call signaling holds (issue 37): N concurrent calls of two headless
 * participants each, speaking the room page's protocol (decision 039) over the `ws` package, no browser.
 *
 * At each step of N (BENCH_STEPS, 25, 50, 100, 200, 400 calls by default) every call starts at the same moment: the
 * candidate (token in the join) and the interviewer (a signed-in colleague's session cookie) of each of N live
 * interviews join together (2N joins sent at once, on sockets opened just before). The interviewer, once it knows the
 * candidate is in (welcome or peer-joined), sends an offer (an SDP-sized payload of 3-6 KB), 10 ICE candidates
 * (~200 B each) and 3 state changes; the candidate answers the offer the same way. The calls then stay open
 * (BENCH_HOLD_MS, 3 s), the server's memory is sampled after a full garbage collection, and everyone leaves. It
 * measures join → welcome (p50/p99/max), the delivery of every relayed message (offers, answers, candidates,
 * states: send → receipt, p50/p99), the target process's CPU during the step, and its memory per participant: heap
 * and external memory over the same process's level just before the step, resident memory (RSS) over its idle level
 * before the first step (RSS is not given back between steps). It goes up until join p99 passes 200 ms, a step does
 * not complete, or the steps end.
 *
 * The clients run in this process; the product in others (forked children, `--expose-gc`), so the gateway's latency
 * is not this process's event loop:
 *   - `single`: the embedded default (`npm start`'s shape): the gateway and every service in ONE process (the TEST_*
 *     servers instead when set, as the tests do). Its memory and CPU are the whole product's.
 *   - `gateway`: the gateway alone in a second process (`startGateway`, as `apps/gateway/src/main.ts` composes it;
 *     its own in-process bus, or NATS with TEST_NATS_URL) against the services of the first: memory and CPU are the
 *     replica's own (its sockets, rooms, gRPC clients); join latency includes the services' answers.
 * BENCH_MODES picks one (`single`, `gateway`; both by default). Loopback only; stops by itself (a step waits at most
 * 60 s, the run at most 20 minutes).
 *
 *   npm run bench:live-signaling
 *   BENCH_MODES=gateway BENCH_STEPS=50,100,200,400,800 npm run bench:live-signaling
 *
 * Exit code 0: every step completed (whatever the latency); 1: a join was refused or a message lost; 2: could not run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import WebSocket from 'ws';

const STEPS = (process.env.BENCH_STEPS ?? '25,50,100,200,400').split(',').map(Number);
const MODES = (process.env.BENCH_MODES ?? 'single,gateway').split(',').map((m) => m.trim());
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 3_000);
const JOIN_P99_BUDGET_MS = 200;
const CANDIDATES = 10;
const STATES = 3;
const WARM_UP_CALLS = 5;
const STEP_TIMEOUT_MS = 60_000;
const RUN_DEADLINE_MS = 20 * 60_000;
/** /proc/<pid>/stat counts CPU time in clock ticks: 100 per second on Linux. */
const TICKS_PER_SECOND = 100;
const KB = 1024;
const MB = 1024 * 1024;

type Role = 'system' | 'gateway';

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** What the system process hands the driver once the product is up and the interviews exist. */
interface SystemReady {
  type: 'ready';
  baseUrl: string;
  cookie: string;
  calls: { uuid: string; token: string }[];
  /** The services' environment for another gateway replica (null: a variable the system leaves unset). */
  serviceEnv: Record<string, string | null>;
}

// ---------------------------------------------------------------------------------------------------------------
// The product's side: forked children of this file (LIVE_BENCH_ROLE), answering memory samples over IPC.

/** Memory after a full collection (twice, with a turn of the event loop between, so finalizers have run). */
async function collectedMemory(): Promise<Memory> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the product process runs with --expose-gc');
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
}

function answerSamples(stop: () => Promise<void>): void {
  process.on('message', (message: { type: string }) => {
    if (message.type === 'sample') void collectedMemory().then((memory) => process.send?.({ type: 'sample', ...memory }));
    if (message.type === 'stop') void stop().finally(() => process.exit(0));
  });
  // The driver is gone (Ctrl-C, its deadline): so is the product.
  process.on('disconnect', () => process.exit(0));
}

/** The whole product on the embedded defaults (or the TEST_* servers), a company, a signed-in colleague, live interviews. */
async function serveSystem(): Promise<void> {
  const { startTestSystem } = await import('../e2e/support/test-system.js');
  const { SmtpInbox } = await import('../e2e/notifications/notification-helpers.js');
  const { Browserish, setPasswordTokenIn } = await import('../e2e/identity/session-helpers.js');
  const inbox = await new SmtpInbox().start();
  // The setup invites hundreds of candidates in a few requests: no per-minute limit in the way.
  const t = await startTestSystem({ SMTP_URL: inbox.url, RATE_LIMIT_PER_MINUTE: '100000' });
  answerSamples(async () => {
    await t.stop();
    await inbox.close();
  });
  const company = await t.createCompany();
  const job = await company.api.post<{ uuid: string }>('/jobs', {
    title: 'Bench',
    description: 'Bench.',
    status: 'active',
    location: { city: 'Austin', state: 'TX', country: 'United States' },
  });
  if (job.status !== 201) throw new Error(`creating the job: ${job.status} ${JSON.stringify(job.body)}`);
  const email = `interviewer.${Date.now()}@bench.example`;
  const user = await company.api.post('/users', { name: 'Ivy Interviewer', email, role: 'standard' });
  if (user.status !== 201) throw new Error(`creating the interviewer: ${user.status} ${JSON.stringify(user.body)}`);
  const browserish = new Browserish(t);
  await browserish.setPassword(setPasswordTokenIn((await inbox.next(email, 1, 30_000)).text));
  if (!browserish.cookie) throw new Error('setting the password gave no session cookie');

  // Live interviews starting in 5 minutes: their call is open (from 15 minutes before) for the whole run.
  const scheduledAt = new Date(Date.now() + 5 * 60_000).toISOString().replace(/\.\d+Z$/, '+00:00');
  const uuids: string[] = [];
  const wanted = Math.max(...STEPS, WARM_UP_CALLS);
  while (uuids.length < wanted) {
    const batch = Math.min(100, wanted - uuids.length);
    const created = await company.api.post<{ uuid: string }[]>('/interviews', {
      type: 'live',
      scheduled_at: scheduledAt,
      timezone: 'UTC',
      job_post: { uuid: job.body.uuid },
      assigned_to: Array.from({ length: batch }, (_, i) => ({
        name: `Casey ${uuids.length + i}`,
        email: `casey.${uuids.length + i}.${Date.now()}@bench.example`,
      })),
    });
    if (created.status !== 201) throw new Error(`creating interviews: ${created.status} ${JSON.stringify(created.body)}`);
    uuids.push(...created.body.map((interview) => interview.uuid));
  }
  const calls = [];
  for (const uuid of uuids) calls.push({ uuid, token: await t.candidateLinks.token(uuid) });
  const serviceEnv: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(t.serviceEnv())) serviceEnv[name] = value ?? null;
  const ready: SystemReady = { type: 'ready', baseUrl: t.baseUrl, cookie: browserish.cookie, calls, serviceEnv };
  process.send?.(ready);
}

/** One gateway replica alone in this process, as `apps/gateway/src/main.ts` starts it, against the system's services. */
async function serveGateway(): Promise<void> {
  const { loadGatewayConfig } = await import('../apps/gateway/src/config.js');
  const { startGateway } = await import('../apps/gateway/src/composition-root.js');
  const { createLogger } = await import('@vi/platform-logger');
  const gateway = await startGateway(loadGatewayConfig(process.env), { logger: createLogger('gateway', 'warn') });
  answerSamples(() => gateway.stop());
  process.send?.({ type: 'ready', baseUrl: `http://127.0.0.1:${gateway.port}/v1.0` });
}

// ---------------------------------------------------------------------------------------------------------------
// The driver: this process, the clients.

function forkRole(role: Role, env: NodeJS.ProcessEnv): ChildProcess {
  return fork(__filename, [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...env, LIVE_BENCH_ROLE: role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's next message of `type`. */
function nextMessage<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${type} from the ${child.pid} process within ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (message: { type: string }) => message.type === type && finish(undefined, message as T);
    const onExit = (code: number | null) => finish(new Error(`the product process ended (${code}) before its ${type}`));
    const finish = (error?: Error, value?: T) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value as T);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function sample(child: ChildProcess): Promise<Memory> {
  const answer = nextMessage<Memory>(child, 'sample', 30_000);
  child.send({ type: 'sample' });
  return answer;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** An SDP-shaped text of `bytes` (the server never reads it, only carries it). */
function sdpOf(bytes: number): string {
  const lines = ['v=0', `o=- ${randomBytes(8).readBigUInt64BE()} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', 'a=group:BUNDLE 0 1'];
  for (let pt = 96; lines.join('\r\n').length < bytes; pt++)
    lines.push(`a=rtpmap:${pt} VP8/90000`, `a=rtcp-fb:${pt} goog-remb`, `a=fmtp:${pt} level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f`);
  return lines.join('\r\n').slice(0, bytes);
}

/** Offers and answers of 3-6 KB, made once (the driver's time goes to the sockets, not to making payloads). */
const SDPS = Array.from({ length: 16 }, (_, i) => sdpOf(3_000 + i * 200));
const fakeSdp = () => SDPS[Math.floor(Math.random() * SDPS.length)];

/** An ICE candidate as RTCIceCandidate.toJSON() gives it, about 200 bytes of JSON. */
function fakeCandidate(n: number) {
  const port = 40_000 + n;
  return {
    candidate: `candidate:${1_000_000 + n} 1 udp 2122260223 192.168.1.${n + 2} ${port} typ host generation 0 ufrag ${randomBytes(2).toString('hex')} network-id 1 network-cost 10`,
    sdpMid: '0',
    sdpMLineIndex: 0,
    usernameFragment: randomBytes(2).toString('hex'),
  };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The server's messages as the driver reads them (apps/gateway/src/live/live-protocol.ts, seen from a client). */
type Received =
  | { type: 'welcome'; peers: { id: string }[] }
  | { type: 'peer-joined'; peer: { id: string } }
  | { type: 'signal'; data: { description?: { type: string }; sentAt: number } }
  | { type: 'state' }
  | { type: 'refused'; code: string }
  | { type: 'peer-left' | 'recording' | 'ended' };

interface Side {
  ws: WebSocket;
  id: string;
  instance: string;
  welcomed: boolean;
  /** What it received of the other side. */
  description: boolean;
  candidates: number;
  states: number;
  /** The send times of this side's state messages not yet received by the other (delivered in order). */
  statesInFlight: number[];
  closed: boolean;
}

interface StepResult {
  joins: number[];
  relays: number[];
  refused: string[];
  incomplete: number;
  ms: number;
  /** Leaves every call (sockets closed by the server). */
  leave(): Promise<void>;
}

function openSocket(baseUrl: string, uuid: string, cookie?: string): Promise<WebSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/interviews/${uuid}/live`;
  const ws = new WebSocket(url, { origin: new URL(baseUrl).origin, headers: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** N calls at once: sockets opened (50 at a time), every join sent together, the exchange, the calls left open. */
async function runCalls(baseUrl: string, cookie: string, calls: { uuid: string; token: string }[]): Promise<StepResult> {
  const joins: number[] = [];
  const relays: number[] = [];
  const refused: string[] = [];
  const sockets: WebSocket[][] = [];
  for (let i = 0; i < calls.length; i += 50)
    sockets.push(
      ...(await Promise.all(calls.slice(i, i + 50).map(async ({ uuid }) => [await openSocket(baseUrl, uuid), await openSocket(baseUrl, uuid, cookie)]))),
    );
  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const started = performance.now();
  const side = (ws: WebSocket): Side => ({
    ws,
    id: randomUUID(),
    instance: randomUUID(),
    welcomed: false,
    description: false,
    candidates: 0,
    states: 0,
    statesInFlight: [],
    closed: false,
  });
  const pairs = calls.map(({ token }, i) => {
    const candidate = side(sockets[i][0]);
    const interviewer = side(sockets[i][1]);
    let offered = false;
    let complete = false;
    const send = (from: Side, message: Record<string, unknown>) => from.ws.send(JSON.stringify(message));
    /** A description, the candidates and the state changes, as a page trickles them after its description. */
    const speak = (from: Side, to: Side, type: 'offer' | 'answer') => {
      send(from, { type: 'signal', to: to.id, data: { description: { type, sdp: fakeSdp() }, sentAt: performance.now() } });
      for (let n = 0; n < CANDIDATES; n++) send(from, { type: 'signal', to: to.id, data: { candidate: fakeCandidate(n), sentAt: performance.now() } });
      for (let n = 0; n < STATES; n++) {
        from.statesInFlight.push(performance.now());
        send(from, { type: 'state', audio: n % 2 === 1, video: true });
      }
    };
    const offer = () => {
      if (offered) return;
      offered = true;
      speak(interviewer, candidate, 'offer');
    };
    const check = () => {
      if (complete) return;
      for (const s of [candidate, interviewer]) if (!s.welcomed || !s.description || s.candidates < CANDIDATES || s.states < STATES) return;
      complete = true;
      if (++done === calls.length) allDone();
    };
    const listen = (self: Side, other: Side, joinSent: () => number) => {
      self.ws.on('close', () => (self.closed = true));
      self.ws.on('message', (raw) => {
        const at = performance.now();
        const message = JSON.parse((raw as Buffer).toString('utf8')) as Received;
        switch (message.type) {
          case 'welcome':
            self.welcomed = true;
            joins.push(at - joinSent());
            if (self === interviewer && message.peers.some((peer) => peer.id === candidate.id)) offer();
            break;
          case 'peer-joined':
            if (self === interviewer && message.peer.id === candidate.id) offer();
            break;
          case 'signal':
            relays.push(at - message.data.sentAt);
            if (message.data.description) {
              self.description = true;
              if (message.data.description.type === 'offer') speak(candidate, interviewer, 'answer');
            } else self.candidates++;
            break;
          case 'state':
            relays.push(at - (other.statesInFlight.shift() ?? at));
            self.states++;
            break;
          case 'refused':
            refused.push(message.code);
            break;
          case 'peer-left':
          case 'recording':
          case 'ended':
            break;
        }
        check();
      });
    };
    let candidateSent = 0;
    let interviewerSent = 0;
    listen(candidate, interviewer, () => candidateSent);
    listen(interviewer, candidate, () => interviewerSent);
    return {
      candidate,
      interviewer,
      isComplete: () => complete,
      join: () => {
        candidateSent = performance.now();
        send(candidate, { type: 'join', id: candidate.id, instance: candidate.instance, token });
        interviewerSent = performance.now();
        send(interviewer, { type: 'join', id: interviewer.id, instance: interviewer.instance });
      },
    };
  });
  for (const pair of pairs) pair.join();
  const timer = setTimeout(allDone, STEP_TIMEOUT_MS);
  await finished;
  clearTimeout(timer);
  const ms = performance.now() - started;
  return {
    joins,
    relays,
    refused,
    ms,
    incomplete: pairs.filter((p) => !p.isComplete()).length,
    leave: async () => {
      const everyone = pairs.flatMap((p) => [p.candidate, p.interviewer]);
      for (const s of everyone) if (s.ws.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify({ type: 'leave' }));
      const until = Date.now() + 10_000;
      while (everyone.some((s) => !s.closed) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const s of everyone) if (!s.closed) s.ws.terminate();
    },
  };
}

interface Row {
  calls: number;
  joinP50: number;
  joinP99: number;
  joinMax: number;
  relayP50: number;
  relayP99: number;
  relayed: number;
  lost: number;
  stepMs: number;
  cpuMsPerCall: number;
  rssMb: number;
  rssPerParticipantKb: number;
  heapPerParticipantKb: number;
  externalPerParticipantKb: number;
  load: number;
}

async function runMode(mode: string, target: { child: ChildProcess; baseUrl: string }, system: SystemReady): Promise<{ rows: Row[]; failed: boolean }> {
  const pid = target.child.pid!;
  const warm = await runCalls(target.baseUrl, system.cookie, system.calls.slice(0, WARM_UP_CALLS));
  await warm.leave();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = await sample(target.child);
  console.log(`\n${mode}: idle after ${WARM_UP_CALLS} warm-up calls: RSS ${(idle.rss / MB).toFixed(1)} MB, heap ${(idle.heapUsed / MB).toFixed(1)} MB`);
  const rows: Row[] = [];
  let failed = false;
  for (const calls of STEPS) {
    if (calls > system.calls.length) break;
    const before = await sample(target.child);
    const cpuBefore = cpuSeconds(pid);
    const step = await runCalls(target.baseUrl, system.cookie, system.calls.slice(0, calls));
    const cpu = cpuSeconds(pid) - cpuBefore;
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    const held = await sample(target.child);
    await step.leave();
    const participants = 2 * calls;
    const expected = calls * 2 * (1 + CANDIDATES + STATES);
    const row: Row = {
      calls,
      joinP50: percentile(step.joins, 50),
      joinP99: percentile(step.joins, 99),
      joinMax: Math.max(...step.joins),
      relayP50: percentile(step.relays, 50),
      relayP99: percentile(step.relays, 99),
      relayed: step.relays.length,
      lost: expected - step.relays.length + (participants - step.joins.length),
      stepMs: step.ms,
      cpuMsPerCall: (cpu * 1000) / calls,
      rssMb: held.rss / MB,
      rssPerParticipantKb: (held.rss - idle.rss) / participants / KB,
      heapPerParticipantKb: (held.heapUsed - before.heapUsed) / participants / KB,
      externalPerParticipantKb: (held.external - before.external) / participants / KB,
      load: loadavg()[0],
    };
    rows.push(row);
    console.log(
      `${mode} ${calls} calls: join p99 ${row.joinP99.toFixed(0)} ms, relay p99 ${row.relayP99.toFixed(0)} ms, all in ${(step.ms / 1000).toFixed(1)} s` +
        (step.refused.length ? `, refused ${step.refused.length}: ${[...new Set(step.refused)].join(', ')}` : '') +
        (step.incomplete ? `, ${step.incomplete} calls incomplete after ${STEP_TIMEOUT_MS / 1000} s` : ''),
    );
    if (step.refused.length || step.incomplete || row.lost) failed = true;
    if (row.joinP99 >= JOIN_P99_BUDGET_MS || step.incomplete) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { rows, failed };
}

function table(mode: string, rows: Row[]): string {
  const header = [
    'calls',
    'join p50',
    'join p99',
    'join max',
    'relay p50',
    'relay p99',
    'relayed',
    'lost',
    'step s',
    'cpu ms/call',
    'RSS MB',
    'RSS KB/part.',
    'heap KB/part.',
    'ext KB/part.',
    'load',
  ];
  const lines = rows.map((r) => [
    String(r.calls),
    r.joinP50.toFixed(1),
    r.joinP99.toFixed(1),
    r.joinMax.toFixed(1),
    r.relayP50.toFixed(1),
    r.relayP99.toFixed(1),
    String(r.relayed),
    String(r.lost),
    (r.stepMs / 1000).toFixed(1),
    r.cpuMsPerCall.toFixed(1),
    r.rssMb.toFixed(0),
    r.rssPerParticipantKb.toFixed(1),
    r.heapPerParticipantKb.toFixed(1),
    r.externalPerParticipantKb.toFixed(1),
    r.load.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  const passing = rows.filter((r) => r.joinP99 < JOIN_P99_BUDGET_MS && r.lost === 0);
  const summary = passing.length
    ? `join p99 under ${JOIN_P99_BUDGET_MS} ms up to ${Math.max(...passing.map((r) => r.calls))} calls begun at once`
    : `join p99 at or over ${JOIN_P99_BUDGET_MS} ms from the first step`;
  return [
    `\n${mode === 'single' ? 'single: gateway and every service in one process' : 'gateway: one replica alone in its process'} (${summary}; ms, KB per participant)\n`,
    format(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}

async function drive(): Promise<number> {
  if (process.platform !== 'linux') throw new Error('reads CPU time from /proc: Linux only');
  for (const mode of MODES) if (mode !== 'single' && mode !== 'gateway') throw new Error(`BENCH_MODES: single or gateway, not ${mode}`);
  const children: ChildProcess[] = [];
  const deadline = setTimeout(() => {
    console.error(`benchmark did not finish within ${RUN_DEADLINE_MS / 1000} s`);
    for (const child of children) child.kill('SIGKILL');
    process.exit(2);
  }, RUN_DEADLINE_MS);
  deadline.unref();
  const product = forkRole('system', process.env);
  children.push(product);
  try {
    const system = await nextMessage<SystemReady>(product, 'ready', 5 * 60_000);
    console.log(`${system.calls.length} live interviews ready; steps ${STEPS.join(', ')} calls; modes ${MODES.join(', ')}`);
    const tables: string[] = [];
    let failed = false;
    for (const mode of MODES) {
      let target = { child: product, baseUrl: system.baseUrl };
      if (mode === 'gateway') {
        const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
        for (const [name, value] of Object.entries(system.serviceEnv)) {
          if (value === null) delete env[name];
          else env[name] = value;
        }
        const gateway = forkRole('gateway', env);
        children.push(gateway);
        target = { child: gateway, baseUrl: (await nextMessage<{ baseUrl: string }>(gateway, 'ready', 120_000)).baseUrl };
      }
      const result = await runMode(mode, target, system);
      failed ||= result.failed;
      tables.push(table(mode, result.rows));
      if (target.child !== product) await stopChild(target.child);
    }
    console.log(tables.join('\n'));
    return failed ? 1 : 0;
  } finally {
    await stopChild(product);
  }
}

const role = process.env.LIVE_BENCH_ROLE as Role | undefined;
if (role === 'system' || role === 'gateway') {
  (role === 'system' ? serveSystem() : serveGateway()).catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(2);
  });
} else {
  drive().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(2);
    },
  );
}
