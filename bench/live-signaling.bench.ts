/**
 * Benchmark: what one gateway replica's live-call signaling holds (issue 37): concurrent calls of two headless
 * participants each, speaking the room page's protocol (decision 039) over the `ws` package, no browser.
 *
 * A call: the candidate (token in the join) and the interviewer (a signed-in colleague's session cookie) of a live
 * interview join together; the interviewer, once it knows the candidate is in (welcome or peer-joined), sends an
 * offer (an SDP-sized payload of 3-6 KB), 10 ICE candidates (~200 B each) and 3 state changes; the candidate answers
 * the offer the same way. Measured: join → welcome (p50/p99/max), the delivery of every relayed message (offers,
 * answers, candidates, states: send → receipt, p50/p99), the product process's CPU per call (/proc, beyond what it uses idle), and its memory
 * after a full garbage collection. Two phases, each in steps:
 *   1. Held: calls added at BENCH_CALLS_PER_SECOND (10) until 25, 50, 100, 200, 400 are open (BENCH_STEPS), every
 *      earlier call kept open (once connected a call's signaling is idle, as between browsers); after each step and
 *      BENCH_HOLD_MS (3 s), memory per participant held: RSS, heap and external memory over the idle level (after 5
 *      warm-up calls, before the first step). Goes to the last step unless a step does not complete.
 *   2. Bursts: N calls begun at the same instant (every socket opened first, then the 2N joins sent in one go), 5, 10,
 *      25, 50, 100, 200, 400 (BENCH_BURSTS), each left before the next, up to the first whose join p99 reaches 200 ms.
 *
 * The clients run in this process; the product in others (forked children, `--expose-gc`), so the gateway's latency
 * is not measured through this process's event loop:
 *   - `single`: the embedded default (`npm start`'s shape): the gateway and every service in ONE process (the TEST_*
 *     servers instead when set, as the tests do). Its memory and CPU are the whole product's.
 *   - `gateway`: the gateway alone in a second process (`startGateway`, as `apps/gateway/src/main.ts` composes it;
 *     its own in-process bus, or NATS with TEST_NATS_URL) against the services of the first: memory and CPU are the
 *     replica's own (its sockets, rooms, gRPC clients); join latency includes the services' answers.
 * BENCH_MODES picks one (`single`, `gateway`; both by default). Loopback only; stops by itself (a step waits at most
 * 60 s, the run at most 20 minutes).
 *
 *   npm run bench:live-signaling
 *   BENCH_MODES=gateway BENCH_STEPS=100,400,800 BENCH_BURSTS=25,50 npm run bench:live-signaling
 *
 * Exit code 0: every step completed, whatever the latency; 1: a join was refused or a message lost; 2: could not run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import WebSocket from 'ws';
import type { ClientMessage, ServerMessage, SignalData } from '@vi/contracts';

const STEPS = (process.env.BENCH_STEPS ?? '25,50,100,200,400').split(',').map(Number);
const BURSTS = (process.env.BENCH_BURSTS ?? '5,10,25,50,100,200,400').split(',').map(Number);
const CALLS_PER_SECOND = Number(process.env.BENCH_CALLS_PER_SECOND ?? 10);
const MODES = (process.env.BENCH_MODES ?? 'single,gateway').split(',').map((m) => m.trim());
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 3_000);
const JOIN_P99_BUDGET_MS = 200;
const CANDIDATES = 10;
const STATES = 3;
const WARM_UP_CALLS = 5;
const IDLE_CPU_MS = 5_000;
/** Idle means under this share of a core, waited for at most QUIET_WAIT_MS. */
const QUIET_CPU = 0.15;
const QUIET_WAIT_MS = 120_000;
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
  // The setup invites hundreds of candidates in a few requests: no per-minute limit in the way. The outbox and
  // notifications poll at their defaults (`npm start`'s), not the tests' 100 ms, so the idle process is as deployed.
  const t = await startTestSystem({ SMTP_URL: inbox.url, RATE_LIMIT_PER_MINUTE: '100000', OUTBOX_POLL_MS: '500', NOTIFICATIONS_POLL_MS: '1000' });
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
  const wanted = Math.max(...STEPS, ...BURSTS, WARM_UP_CALLS);
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
  // Every invitation sent (the colleague's email and one per interview) before anything is measured: otherwise the
  // notifications service is still rendering and sending them while the calls run.
  const until = Date.now() + 5 * 60_000;
  while (inbox.messages.length < uuids.length + 1 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 500));
  if (inbox.messages.length < uuids.length + 1) console.error(`only ${inbox.messages.length} of ${uuids.length + 1} emails sent after 5 minutes`);
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

/** What the driver puts in `signal.data`: a page's description or candidate, and when it was sent (the server relays it unread). */
interface TimedSignal extends SignalData {
  sentAt: number;
}

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

/**
 * Starts `calls`: all at the same instant (`perSecond` undefined: every socket opened first, 50 at a time, then every
 * join sent in one go), or one call after another at `perSecond` (each call's two sockets opened just before its two
 * joins). Each call then exchanges its offer, answer, candidates and states; resolves once every call has received
 * everything (or STEP_TIMEOUT_MS after the last join), the calls left open.
 */
async function runCalls(baseUrl: string, cookie: string, calls: { uuid: string; token: string }[], perSecond?: number): Promise<StepResult> {
  const joins: number[] = [];
  const relays: number[] = [];
  const refused: string[] = [];
  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
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
  const pairOf = (token: string, [candidateSocket, interviewerSocket]: WebSocket[]) => {
    const candidate = side(candidateSocket);
    const interviewer = side(interviewerSocket);
    let offered = false;
    let complete = false;
    const send = (from: Side, message: ClientMessage<TimedSignal>) => from.ws.send(JSON.stringify(message));
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
        const message = JSON.parse((raw as Buffer).toString('utf8')) as ServerMessage<TimedSignal>;
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
          case 'chat':
          case 'chat-refused':
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
  };
  const open = ({ uuid }: { uuid: string }) => Promise.all([openSocket(baseUrl, uuid), openSocket(baseUrl, uuid, cookie)]);
  const pairs: ReturnType<typeof pairOf>[] = [];
  const started = performance.now();
  if (perSecond === undefined) {
    const sockets: WebSocket[][] = [];
    for (let i = 0; i < calls.length; i += 50) sockets.push(...(await Promise.all(calls.slice(i, i + 50).map(open))));
    pairs.push(...calls.map(({ token }, i) => pairOf(token, sockets[i])));
    for (const pair of pairs) pair.join();
  } else {
    const launched: Promise<void>[] = [];
    for (const [i, call] of calls.entries()) {
      const wait = started + (i * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      launched.push(
        open(call).then((sockets) => {
          const pair = pairOf(call.token, sockets);
          pairs.push(pair);
          pair.join();
        }),
      );
    }
    await Promise.all(launched);
  }
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
  joins: number[];
  relays: number[];
  lost: number;
  stepMs: number;
  cpuMsPerCall: number;
  /** With the gateway alone: the services' process, beyond its idle rate. */
  servicesCpuMsPerCall?: number;
  memory?: { rssMb: number; rssKb: number; heapKb: number; externalKb: number };
  load: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A step's figures; logs a line, and whether a join was refused or a message lost. */
function rowOf(mode: string, calls: number, step: StepResult, busySeconds: number[]): { row: Row; failed: boolean } {
  const expected = calls * 2 * (1 + CANDIDATES + STATES);
  const lost = expected - step.relays.length + (2 * calls - step.joins.length);
  console.log(
    `${mode}: ${calls} new calls, join p99 ${percentile(step.joins, 99).toFixed(0)} ms, relay p99 ${percentile(step.relays, 99).toFixed(0)} ms, in ${(step.ms / 1000).toFixed(1)} s` +
      (step.refused.length ? `, refused ${step.refused.length}: ${[...new Set(step.refused)].join(', ')}` : '') +
      (step.incomplete ? `, ${step.incomplete} calls incomplete after ${STEP_TIMEOUT_MS / 1000} s` : '') +
      (lost ? `, ${lost} messages lost` : ''),
  );
  return {
    // CPU beyond the process's idle rate, per call of the step.
    row: {
      calls,
      joins: step.joins,
      relays: step.relays,
      lost,
      stepMs: step.ms,
      cpuMsPerCall: (busySeconds[0] * 1000) / calls,
      servicesCpuMsPerCall: busySeconds.length > 1 ? (busySeconds[1] * 1000) / calls : undefined,
      load: loadavg()[0],
    },
    failed: step.refused.length > 0 || step.incomplete > 0 || lost > 0,
  };
}

/**
 * The held calls (calls added at CALLS_PER_SECOND, every earlier call kept open; memory with all of them held, over
 * the idle level), then the bursts (N calls begun at the same instant, each burst left before the next, up to the
 * first whose join p99 reaches the budget).
 */
async function runMode(mode: string, target: { child: ChildProcess; baseUrl: string }, system: SystemReady, services: ChildProcess) {
  // The product's process, and with the gateway alone the services' process too.
  const pids = services === target.child ? [target.child.pid!] : [target.child.pid!, services.pid!];
  const warm = await runCalls(target.baseUrl, system.cookie, system.calls.slice(0, WARM_UP_CALLS));
  await warm.leave();
  await sleep(500);
  const idle = await sample(target.child);
  // What each process spends doing nothing (the outbox relays' and consumers' polls, timers): left out of CPU per call.
  const now = () => ({ cpu: pids.map(cpuSeconds), at: performance.now() });
  // First the setup's aftermath (invitations, outbox, the warm-up's events) settles: every process under QUIET_CPU.
  for (let waited = 0; waited < QUIET_WAIT_MS; waited += 1_000) {
    const from = now();
    await sleep(1_000);
    if (pids.every((pid, i) => (cpuSeconds(pid) - from.cpu[i]) / ((performance.now() - from.at) / 1000) < QUIET_CPU)) break;
  }
  const idleFrom = now();
  await sleep(IDLE_CPU_MS);
  const idleCpuPerMs = pids.map((pid, i) => (cpuSeconds(pid) - idleFrom.cpu[i]) / (performance.now() - idleFrom.at));
  /** CPU seconds each process used beyond its idle rate since `from`. */
  const busyCpu = (from: ReturnType<typeof now>) => pids.map((pid, i) => cpuSeconds(pid) - from.cpu[i] - idleCpuPerMs[i] * (performance.now() - from.at));
  console.log(
    `\n${mode}: idle after ${WARM_UP_CALLS} warm-up calls: RSS ${(idle.rss / MB).toFixed(1)} MB, heap ${(idle.heapUsed / MB).toFixed(1)} MB, ` +
      `CPU ${idleCpuPerMs.map((rate) => `${(rate * 100_000).toFixed(1)} %`).join(' (services: ')}${pids.length > 1 ? ')' : ''} of a core`,
  );
  const held: Row[] = [];
  const bursts: Row[] = [];
  let failed = false;
  const open: StepResult[] = [];
  let previous = 0;
  for (const calls of STEPS) {
    if (calls > system.calls.length || calls <= previous) break;
    const from = now();
    const step = await runCalls(target.baseUrl, system.cookie, system.calls.slice(previous, calls), CALLS_PER_SECOND);
    const cpu = busyCpu(from);
    open.push(step);
    await sleep(HOLD_MS);
    const memory = await sample(target.child);
    const { row, failed: stepFailed } = rowOf(`${mode}, held ${calls}`, calls - previous, step, cpu);
    const participants = 2 * calls;
    held.push({
      ...row,
      calls,
      memory: {
        rssMb: memory.rss / MB,
        rssKb: (memory.rss - idle.rss) / participants / KB,
        heapKb: (memory.heapUsed - idle.heapUsed) / participants / KB,
        externalKb: (memory.external - idle.external) / participants / KB,
      },
    });
    failed ||= stepFailed;
    previous = calls;
    if (step.incomplete) break;
  }
  for (const step of open) await step.leave();
  await sleep(1_000);
  for (const calls of BURSTS) {
    if (calls > system.calls.length) break;
    const from = now();
    const step = await runCalls(target.baseUrl, system.cookie, system.calls.slice(0, calls));
    const cpu = busyCpu(from);
    await step.leave();
    const { row, failed: stepFailed } = rowOf(`${mode}, burst`, calls, step, cpu);
    bursts.push(row);
    failed ||= stepFailed;
    if (percentile(row.joins, 99) >= JOIN_P99_BUDGET_MS || step.incomplete) break;
    await sleep(1_000);
  }
  return { held, bursts, failed };
}

function markdownTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

const ms = (value: number) => value.toFixed(1);

function tables(mode: string, held: Row[], bursts: Row[]): string {
  const what = mode === 'single' ? 'single: the gateway and every service in one process' : 'gateway: one replica alone in its process';
  const latency = (r: Row) => [
    ms(percentile(r.joins, 50)),
    ms(percentile(r.joins, 99)),
    ms(Math.max(...r.joins)),
    ms(percentile(r.relays, 50)),
    ms(percentile(r.relays, 99)),
  ];
  const services = (r: Row) => (r.servicesCpuMsPerCall === undefined ? 'in it' : ms(r.servicesCpuMsPerCall));
  const heldTable = markdownTable(
    [
      'calls held',
      'join p50',
      'join p99',
      'join max',
      'relay p50',
      'relay p99',
      'lost',
      'cpu ms/call',
      'services cpu ms/call',
      'RSS MB',
      'RSS KB/part.',
      'heap KB/part.',
      'ext KB/part.',
      'load',
    ],
    held.map((r) => [
      String(r.calls),
      ...latency(r),
      String(r.lost),
      ms(r.cpuMsPerCall),
      services(r),
      r.memory!.rssMb.toFixed(0),
      ms(r.memory!.rssKb),
      ms(r.memory!.heapKb),
      ms(r.memory!.externalKb),
      r.load.toFixed(1),
    ]),
  );
  const burstTable = markdownTable(
    ['calls at once', 'join p50', 'join p99', 'join max', 'relay p50', 'relay p99', 'lost', 'all done s', 'cpu ms/call', 'services cpu ms/call', 'load'],
    bursts.map((r) => [String(r.calls), ...latency(r), String(r.lost), (r.stepMs / 1000).toFixed(1), ms(r.cpuMsPerCall), services(r), r.load.toFixed(1)]),
  );
  const underBudget = bursts.filter((r) => percentile(r.joins, 99) < JOIN_P99_BUDGET_MS && r.lost === 0).map((r) => r.calls);
  return [
    `\n${what}`,
    `\nHeld: calls added at ${CALLS_PER_SECOND} calls/s, the earlier ones kept open; latencies of the calls each step added; memory per participant held, over idle (ms, KB)\n`,
    heldTable,
    `\nBursts: N calls begun at the same instant (2N joins at once); join p99 under ${JOIN_P99_BUDGET_MS} ms ${underBudget.length ? `up to ${Math.max(...underBudget)} calls` : 'at no step'}\n`,
    burstTable,
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
    console.log(`${system.calls.length} live interviews ready; held ${STEPS.join(', ')} calls; bursts ${BURSTS.join(', ')} calls; modes ${MODES.join(', ')}`);
    const printed: string[] = [];
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
      const result = await runMode(mode, target, system, product);
      failed ||= result.failed;
      printed.push(tables(mode, result.held, result.bursts));
      if (target.child !== product) await stopChild(target.child);
    }
    console.log(printed.join('\n'));
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
