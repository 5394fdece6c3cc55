/**
 * Benchmark: a live call between two Chromium pages on this machine (issue 24).
 *
 * 1. The room's JavaScript: what the candidate's landing page loads plus the room's chunk (loaded on Join), gzip
 *    level 9, against the 100 KB budget.
 * 2. Starts the system (embedded defaults, or the TEST_* servers) with a second gateway replica, then RUNS times:
 *    a candidate (invitation link, gateway 1) and an interviewer (company pages, gateway 2) join; the time from the
 *    second Join click to both pages decoding the other's video (inbound-rtp framesDecoded > 0), and the signaling
 *    messages each page sent and received over the call's WebSocket until then (then the interviewer ends it).
 *    `GATEWAYS=1`: no second replica, both pages on the system's own gateway, the shape of `npm start` (the embedded
 *    single process) and of any deployment of one replica.
 * 3. One more call, recorded (the interviewer's browser records as soon as both are in), held RECORDED_SECONDS
 *    (60; `RECORDED_SECONDS=20 npm run bench:live` for a quick look): the CPU the Chromium processes used (both
 *    pages, every process of the browser) and the CPU of this Node process, which holds every service, both
 *    gateways and the benchmark's Playwright driver (an upper bound for the gateway), per second of call; then the
 *    recording as the API lists it.
 *
 *   npm run bench:live               (two gateway replicas)
 *   GATEWAYS=1 npm run bench:live    (one gateway)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { connectEventBus, NatsJetStreamBus, type EventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { waitFor } from '@vi/platform-testing';
import type { Page } from 'playwright-core';
import { ensureWebBundle, WEB_DIST } from '../apps/web/build/build-web';
import { loadGatewayConfig } from '../apps/gateway/src/config';
import { startGateway } from '../apps/gateway/src/composition-root';
import { en } from '../apps/web/src/i18n/en';
import { Browserish, setPasswordTokenIn } from '../e2e/identity/session-helpers';
import { SmtpInbox } from '../e2e/notifications/notification-helpers';
import { chromiumInstalled, CHROMIUM_PATH, launchChromium } from '../e2e/support/browser';
import { startTestSystem } from '../e2e/support/test-system';
import { callPage, callStats } from '../e2e/web/live-call-helpers';

const RUNS = Number(process.env.RUNS ?? 5);
/** 2: the interviewer on a second replica; 1: both on the system's own gateway. */
const GATEWAYS = Number(process.env.GATEWAYS ?? 2);
const JS_BUDGET_KB = 100;
const RECORDED_SECONDS = Number(process.env.RECORDED_SECONDS ?? 60);
/** /proc/<pid>/stat counts CPU time in clock ticks: 100 per second on Linux. */
const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by every Chromium process on the machine (utime + stime of /proc/<pid>/stat). */
function chromiumCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!/chrom/i.test(stat.slice(stat.indexOf('(') + 1, close))) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** This process's CPU seconds so far (user + system). */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function roomScriptsKb(): number {
  const assets = join(WEB_DIST, 'assets');
  const html = readFileSync(join(WEB_DIST, 'candidate.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/web\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const files = [...new Set([...scripts, ...readdirSync(assets).filter((f) => /^(room|preload-helper)-.*\.js$/.test(f))])];
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length, 0) / 1024;
}

/** Counts the frames a page sends and receives on the call's WebSocket. */
function countSignaling(page: Page): { sent: number; received: number } {
  const counts = { sent: 0, received: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/live')) return;
    ws.on('framesent', () => counts.sent++);
    ws.on('framereceived', () => counts.received++);
  });
  return counts;
}

/** The page's console and the call's WebSocket frames, as lines (shown when a call does not connect). */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`console ${message.type()}: ${message.text()}`));
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => lines.push(`sent ${String(frame.payload).slice(0, 160)}`));
    ws.on('framereceived', (frame) => lines.push(`received ${String(frame.payload).slice(0, 160)}`));
  });
  return lines;
}

/** Every RTCPeerConnection of the page (callPage keeps them): its connection, ICE and signaling states. */
function connectionStates(page: Page): Promise<string> {
  type States = { connectionState: string; iceConnectionState: string; signalingState: string };
  return page.evaluate(() =>
    JSON.stringify(
      ((globalThis as { __peerConnections?: States[] }).__peerConnections ?? []).map((pc) => [pc.connectionState, pc.iceConnectionState, pc.signalingState]),
    ),
  );
}

async function main(): Promise<void> {
  if (!chromiumInstalled) {
    console.error(`no Chromium at ${CHROMIUM_PATH}`);
    process.exit(2);
  }
  await ensureWebBundle();
  const js = roomScriptsKb();
  const inbox = await new SmtpInbox().start();
  const t = await startTestSystem({ SMTP_URL: inbox.url });
  const config = loadGatewayConfig(t.serviceEnv());
  if (GATEWAYS !== 1 && GATEWAYS !== 2) throw new Error(`GATEWAYS is 1 or 2, not ${process.env.GATEWAYS}`);
  const replicaBus: EventBus =
    GATEWAYS === 2 && t.system.bus instanceof NatsJetStreamBus
      ? await connectEventBus({ ...config.bus, logger: createLogger('replica', 'silent') })
      : t.system.bus;
  const replica =
    GATEWAYS === 2
      ? await startGateway(config, { bus: replicaBus, logger: createLogger('replica', 'silent'), rateLimitPrefix: t.env.EVENT_STREAM })
      : undefined;
  // The interviewer's gateway: the replica, or the same one as the candidate's.
  const interviewerGateway = `http://127.0.0.1:${replica?.port ?? t.system.gateway.port}`;
  const company = await t.createCompany();
  const job = (
    await company.api.post<{ uuid: string }>('/jobs', {
      title: 'Bench',
      description: 'Bench.',
      status: 'active',
      location: { city: 'Austin', state: 'TX', country: 'United States' },
    })
  ).body;
  const email = `interviewer.${Date.now()}@bench.example`;
  await company.api.post('/users', { name: 'Ivy Interviewer', email, role: 'standard' });
  const browserish = new Browserish(t);
  await browserish.setPassword(setPasswordTokenIn((await inbox.next(email, 1, 30_000)).text));
  const browser = await launchChromium();
  const times: number[] = [];
  const messages: number[] = [];
  /** A live interview, both pages through the device check, the candidate in the waiting room. */
  async function callReady() {
    const seeker = `seeker.${Date.now()}@bench.example`;
    const at = new Date(Date.now() + 5 * 60_000).toISOString().replace(/\.\d+Z$/, '+00:00');
    const interview = (
      await company.api.post<{ uuid: string }>('/interviews', {
        type: 'live',
        scheduled_at: at,
        timezone: 'UTC',
        job_post: { uuid: job.uuid },
        assigned_to: { name: 'Casey', email: seeker },
      })
    ).body;
    const link = await t.candidateLinks.url(interview.uuid);
    const candidate = await callPage(browser);
    const interviewer = await callPage(browser, { viewport: { width: 1280, height: 800 } });
    await interviewer.context.addCookies([{ name: 'vi_session', value: browserish.cookie!.split('=')[1], url: interviewerGateway }]);
    const counts = [countSignaling(candidate.page), countSignaling(interviewer.page)];
    const logs = { candidate: consoleOf(candidate.page), interviewer: consoleOf(interviewer.page) };
    await candidate.page.goto(new URL(new URL(link).pathname + new URL(link).search, t.baseUrl).toString());
    await interviewer.page.goto(`${interviewerGateway}/interview/${interview.uuid}/live`);
    for (const page of [candidate.page, interviewer.page]) {
      await page.getByRole('button', { name: en.device.check }).click();
      await page.getByText(en.device.ok).waitFor();
    }
    await candidate.page.getByRole('button', { name: en.live.join }).click();
    await candidate.page.getByText(en.live.waiting).waitFor();
    /** "End the interview" and confirm: the milliseconds until the candidate is told, and until the recording is saved (if any). */
    const ended = async (recorded = false): Promise<{ toldMs: number; savedMs: number }> => {
      await interviewer.page.getByRole('button', { name: en.live.end }).click();
      const clicked = performance.now();
      await interviewer.page.getByRole('button', { name: en.live.endConfirmYes }).click();
      await candidate.page.getByRole('heading', { name: en.live.endedHeading }).waitFor({ timeout: 120_000 });
      const toldMs = performance.now() - clicked;
      if (recorded) await interviewer.page.getByText(en.live.recordingSaved).waitFor({ timeout: 120_000 });
      const savedMs = performance.now() - clicked;
      await candidate.context.close();
      await interviewer.context.close();
      return { toldMs, savedMs };
    };
    return { uuid: interview.uuid, candidate, interviewer, counts, logs, ended };
  }

  for (let run = 0; run < RUNS; run++) {
    const call = await callReady();
    const started = performance.now();
    await call.interviewer.page.getByRole('button', { name: en.live.join }).click();
    await waitFor(async () => (await callStats(call.candidate.page)).frames > 0 && (await callStats(call.interviewer.page)).frames > 0, 30_000, 10).catch(
      async (error: unknown) => {
        // What each page's connections were doing, to tell a call that never connected from one that connected late.
        for (const [who, page] of [
          ['candidate', call.candidate.page],
          ['interviewer', call.interviewer.page],
        ] as const)
          console.error(who, await connectionStates(page), call.logs[who].slice(-30).join('\n'));
        throw error;
      },
    );
    times.push(performance.now() - started);
    messages.push(call.counts.reduce((sum, c) => sum + c.sent + c.received, 0));
    await call.ended();
  }

  // A recorded call: CPU per second of call while both talk and the interviewer's page records.
  const recorded = await callReady();
  await recorded.interviewer.page.getByRole('button', { name: en.live.join }).click();
  await recorded.interviewer.page.getByRole('status').filter({ hasText: en.live.recording }).waitFor();
  const cpuBefore = { chromium: chromiumCpuSeconds(), node: ownCpuSeconds(), at: performance.now() };
  await new Promise((resolve) => setTimeout(resolve, RECORDED_SECONDS * 1000));
  const callSeconds = (performance.now() - cpuBefore.at) / 1000;
  const cpu = { chromium: (chromiumCpuSeconds() - cpuBefore.chromium) / callSeconds, node: (ownCpuSeconds() - cpuBefore.node) / callSeconds };
  const end = await recorded.ended(true);
  const [recording] = (await company.api.get<Array<{ duration_seconds: number; size: number }>>(`/interviews/${recorded.uuid}/recordings`)).body;
  await browser.close();
  await replica?.stop();
  if (replicaBus !== t.system.bus) await replicaBus.close();
  await t.stop();
  await inbox.close();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `gateways: ${GATEWAYS === 1 ? "one (the candidate and the interviewer on the system's own)" : 'two replicas (the candidate on one, the interviewer on the other)'}`,
  );
  console.log(`room JavaScript (landing + room chunk, gzip -9): ${js.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB)`);
  console.log(
    `second Join → both pages decoding remote video: median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms, min ${sorted[0].toFixed(0)}, max ${sorted[RUNS - 1].toFixed(0)} (${RUNS} calls)`,
  );
  console.log(`signaling messages until then, both pages, sent + received: ${messages.join(', ')}`);
  console.log(
    `recorded call of ${callSeconds.toFixed(0)} s: Chromium (both pages) ${(cpu.chromium * 100).toFixed(0)}% of a core, this Node process (every service, ${GATEWAYS === 1 ? 'the gateway' : 'both gateways'}, the driver) ${(cpu.node * 100).toFixed(0)}% of a core`,
  );
  console.log(
    `its recording: ${recording.duration_seconds} s, ${(recording.size / 1e6).toFixed(1)} MB (${((recording.size * 8) / recording.duration_seconds / 1e3).toFixed(0)} kbit/s); End → the candidate told (the last parts sent, the interview completed): ${end.toldMs.toFixed(0)} ms; → the recording saved (joined and measured): ${end.savedMs.toFixed(0)} ms`,
  );
  process.exit(js <= JS_BUDGET_KB ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
