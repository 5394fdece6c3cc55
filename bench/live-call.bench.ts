/**
 * Benchmark: a live call between two Chromium pages on this machine (issue 24).
 *
 * 1. The room's JavaScript: what the candidate's landing page loads plus the room's chunk (loaded on Join), gzip
 *    level 9, against the 100 KB budget.
 * 2. Starts the system (embedded defaults, or the TEST_* servers) with a second gateway replica, then RUNS times:
 *    a candidate (invitation link, gateway 1) and an interviewer (company pages, gateway 2) join; the time from the
 *    second Join click to both pages decoding the other's video (inbound-rtp framesDecoded > 0), and the signaling
 *    messages each page sent and received over the call's WebSocket until then (then the interviewer ends it).
 *
 *   npm run bench:live
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

const RUNS = 5;
const JS_BUDGET_KB = 100;

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
  const replicaBus: EventBus =
    t.system.bus instanceof NatsJetStreamBus ? await connectEventBus({ ...config.bus, logger: createLogger('replica', 'silent') }) : t.system.bus;
  const replica = await startGateway(config, { bus: replicaBus, logger: createLogger('replica', 'silent'), rateLimitPrefix: t.env.EVENT_STREAM });
  const replicaUrl = `http://127.0.0.1:${replica.port}`;
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
  for (let run = 0; run < RUNS; run++) {
    const seeker = `seeker.${Date.now()}.${run}@bench.example`;
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
    await interviewer.context.addCookies([{ name: 'vi_session', value: browserish.cookie!.split('=')[1], url: replicaUrl }]);
    const counts = [countSignaling(candidate.page), countSignaling(interviewer.page)];
    await candidate.page.goto(new URL(new URL(link).pathname + new URL(link).search, t.baseUrl).toString());
    await interviewer.page.goto(`${replicaUrl}/interview/${interview.uuid}/live`);
    for (const page of [candidate.page, interviewer.page]) {
      await page.getByRole('button', { name: en.device.check }).click();
      await page.getByText(en.device.ok).waitFor();
    }
    await candidate.page.getByRole('button', { name: en.live.join }).click();
    await candidate.page.getByText(en.live.waiting).waitFor();
    const started = performance.now();
    await interviewer.page.getByRole('button', { name: en.live.join }).click();
    await waitFor(async () => (await callStats(candidate.page)).frames > 0 && (await callStats(interviewer.page)).frames > 0, 30_000, 10);
    times.push(performance.now() - started);
    messages.push(counts.reduce((sum, c) => sum + c.sent + c.received, 0));
    await interviewer.page.getByRole('button', { name: en.live.end }).click();
    await interviewer.page.getByRole('button', { name: en.live.endConfirmYes }).click();
    await candidate.page.getByRole('heading', { name: en.live.endedHeading }).waitFor();
    await candidate.context.close();
    await interviewer.context.close();
  }
  await browser.close();
  await replica.stop();
  if (replicaBus !== t.system.bus) await replicaBus.close();
  await t.stop();
  await inbox.close();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`room JavaScript (landing + room chunk, gzip -9): ${js.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB)`);
  console.log(
    `second Join → both pages decoding remote video: median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms, min ${sorted[0].toFixed(0)}, max ${sorted[RUNS - 1].toFixed(0)} (${RUNS} calls)`,
  );
  console.log(`signaling messages until then, both pages, sent + received: ${messages.join(', ')}`);
  process.exit(js <= JS_BUDGET_KB ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
