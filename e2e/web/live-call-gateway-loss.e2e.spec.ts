import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, WebSocket as PageSocket } from 'playwright-core';
import type { ServerMessage } from '@vi/contracts';
import { SERVICE_PORTS } from '@vi/platform-config';
import { createTestDatabase, testServers, uniqueName, waitFor, type TestDatabase } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { en } from '../../apps/web/src/i18n/en';
import { Browserish, newColleague } from '../identity/session-helpers';
import { createInterview, getInterview, inFuture, liveBody, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { ApiClient } from '../support/api-client';
import { describeInBrowser, launchChromium, withSteps } from '../support/browser';
import { CandidateLinkIssuer } from '../support/candidate-links';
import { oneHeavySpecAtATime } from '../support/heavy-specs';
import { startServicesRunner, type ServicesRunner } from '../support/start-services-runner';
import { TcpBalancer } from '../support/tcp-balancer';
import type { TestSystem } from '../support/test-system';
import { callPage, callStats, checkAndJoin, mediaAdvances, recordingRequests, tileOf } from './live-call-helpers';

/**
 * A gateway replica dies mid-call (issue 37): `npm run start:services` with two gateway processes behind a TCP
 * balancer (one origin for the pages, as a cluster's Service), the candidate's signaling socket on replica A, the
 * interviewer's on B; A is killed with SIGKILL. The media is peer to peer and goes on; the candidate's page
 * reconnects through the balancer to B by itself; nobody is told anyone left; the recording (uploaded through B)
 * goes on and is saved at End. start:services needs PostgreSQL, NATS and Redis: the real-server mode only (jest.config.js
 * leaves it out of the embedded run).
 */

const CANDIDATE = 'Casey Candidate';
const INTERVIEWER = 'Colleague Person';
/** A relayed call is not needed here (both browsers on this machine): media shows in seconds, 45 s allowed. */
const CALL_TEST_TIMEOUT_MS = 360_000;
/** What the page allows itself to save the recording (live-call.e2e.spec.ts). */
const SAVING_SETTLES_MS = 150_000;
/** A page whose gateway died is back in the call through another one within this (issue 37). */
const RECONNECT_MS = 10_000;
/** Three heartbeats of the rooms and more (live-rooms.ts): long enough for a replica to take a silent participant as gone. */
const GHOST_AFTER_MS = 20_000;

/** The page's signaling sockets and what came over them. */
function signalingOf(page: Page) {
  const sockets: Array<{ socket: PageSocket; openedAt: number; closedAt?: number; welcomedAt?: number; received: Array<ServerMessage['type']> }> = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/live')) return;
    const entry = {
      socket,
      openedAt: Date.now(),
      closedAt: undefined as number | undefined,
      welcomedAt: undefined as number | undefined,
      received: [] as Array<ServerMessage['type']>,
    };
    sockets.push(entry);
    socket.on('framereceived', ({ payload }) => {
      const { type } = JSON.parse(String(payload)) as ServerMessage;
      entry.received.push(type);
      if (type === 'welcome') entry.welcomedAt ??= Date.now();
    });
    socket.on('close', () => (entry.closedAt = Date.now()));
  });
  return {
    sockets,
    received: () => sockets.flatMap((s) => s.received),
  };
}

/** The longest time, while `during` runs, that the page decoded no new frame of the others' video. */
async function longestFreeze<T>(page: Page, during: () => Promise<T>): Promise<{ result: T; freezeMs: number }> {
  let running = true;
  let longest = 0;
  const sampler = (async () => {
    let last = await callStats(page);
    let since = Date.now();
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await callStats(page).catch(() => last);
      if (now.frames > last.frames) since = Date.now();
      longest = Math.max(longest, Date.now() - since);
      last = now;
    }
  })();
  try {
    return { result: await during(), freezeMs: longest };
  } finally {
    running = false;
    await sampler;
  }
}

describeInBrowser('live call when a gateway replica dies (browser, npm run start:services, two gateways)', () => {
  oneHeavySpecAtATime();
  let database: TestDatabase;
  let services: ServicesRunner;
  let inbox: SmtpInbox;
  let balancer: TcpBalancer;
  let browser: Browser;
  const dataDir = mkdtempSync(join(tmpdir(), 'vi-gateway-loss-'));
  // As start-services.e2e.spec.ts: gRPC ports above Linux's ephemeral range, gateway ports below it.
  const portOffset = 11_000 + Math.floor(Math.random() * 3_400);

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    database = await createTestDatabase();
    services = await startServicesRunner(['--replicas', 'gateway=2', '--port-offset', String(portOffset)], {
      DATABASE_URL: database.url,
      NATS_URL: testServers.natsUrl,
      REDIS_URL: testServers.redisUrl,
      EVENT_STREAM: uniqueName('loss').toLowerCase(),
      DATA_DIR: dataDir,
      SMTP_URL: inbox.url,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    });
    balancer = await new TcpBalancer([8080 + portOffset, 8081 + portOffset]).listen();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await balancer?.close();
    await services?.stop();
    await database?.drop();
    await inbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    "keeps the call going when the candidate's gateway is killed: media flows, the candidate's page reconnects through the other replica by itself, nobody sees anyone leave, the recording goes on and is saved at End",
    async () => {
      const [a, b] = [8080 + portOffset, 8081 + portOffset];
      const gatewayA = Number(new RegExp(`gateway #0\\s+pid (\\d+)\\s+port ${a}\\b`).exec(services.output())?.[1]);
      expect(gatewayA).toBeGreaterThan(0);
      const key = /Admin API key\s+(\S+)/.exec(services.output())![1];
      const api = new ApiClient(`${balancer.origin}/v1.0`, key);

      // A live interview of the demo company, its candidate link, and a signed-in colleague to hold it.
      const job = await api.post('/jobs', { title: 'Site Reliability Engineer', status: 'active', locality: { work_mode: 'remote', work_place: '' } });
      expect(job.status).toBe(201);
      const interview = await createInterview(
        api,
        liveBody(job.body.uuid, { scheduled_at: inFuture(5 * 60_000), assigned_to: { name: CANDIDATE, email: seekerEmail('loss') } }),
      );
      const secrets = JSON.parse(readFileSync(join(dataDir, 'local-secrets.json'), 'utf8')) as { INTERNAL_JWT_SECRET: string };
      const links = new CandidateLinkIssuer(`127.0.0.1:${SERVICE_PORTS.interviews.grpc + portOffset}`, secrets.INTERNAL_JWT_SECRET);
      const sent = new URL(await links.url(interview.uuid));
      links.close();
      const { token } = await newColleague({ api }, inbox, `interviewer.${Date.now()}@loss.example`);
      const session = new Browserish({ baseUrl: `${balancer.origin}/v1.0` } as TestSystem);
      expect((await session.setPassword(token)).status).toBe(201);

      const candidate = await callPage(browser, { viewport: { width: 390, height: 844 } });
      const office = await callPage(browser, { viewport: { width: 1280, height: 800 } });
      await office.context.addCookies([{ name: 'vi_session', value: session.cookie!.split('=')[1], url: balancer.origin }]);
      const candidateSignaling = signalingOf(candidate.page);
      const officeSignaling = signalingOf(office.page);
      const recordingTraffic = recordingRequests(office.page);
      try {
        await withSteps(candidate.page, 'live-call-gateway-loss', async (step) => {
          // The candidate's page reaches replica A, the interviewer's B.
          balancer.order = [a, b];
          await candidate.page.goto(`${balancer.origin}${sent.pathname}${sent.search}`);
          await checkAndJoin(candidate.page);
          await candidate.page.getByText(en.live.waiting).waitFor();
          expect(balancer.accepted.get(b) ?? 0).toBe(0);
          balancer.order = [b, a];
          await office.page.goto(`${balancer.origin}/interview/${interview.uuid}/live`);
          await checkAndJoin(office.page);
          await tileOf(office.page, CANDIDATE).waitFor();
          await tileOf(candidate.page, INTERVIEWER).waitFor();
          await Promise.all([mediaAdvances(candidate.page), mediaAdvances(office.page)]);
          const recordingShown = (page: Page) => page.getByRole('status').filter({ hasText: en.live.recording }).waitFor();
          await Promise.all([recordingShown(candidate.page), recordingShown(office.page)]);
          const recordingSince = Date.now();
          await step('in-call');

          // Gateway A dies. Media is peer to peer: it never waits for the signaling to come back.
          const killedAt = Date.now();
          const { freezeMs: candidateFreezeMs, result: reconnectMs } = await longestFreeze(candidate.page, async () => {
            process.kill(gatewayA, 'SIGKILL');
            // The candidate's socket was on A: it closes, and a new one is welcomed through the balancer (B).
            await waitFor(() => candidateSignaling.sockets[0].closedAt !== undefined, 5_000, 20);
            await waitFor(() => candidateSignaling.sockets.some((s, i) => i > 0 && s.welcomedAt !== undefined), RECONNECT_MS, 20);
            const reconnected = candidateSignaling.sockets.find((s, i) => i > 0 && s.welcomedAt !== undefined)!.welcomedAt! - killedAt;
            await Promise.all([mediaAdvances(candidate.page), mediaAdvances(office.page)]);
            return reconnected;
          });
          // The interviewer's socket, on B, never dropped.
          expect(officeSignaling.sockets.map((s) => s.closedAt)).toEqual([undefined]);
          await step('after-kill');

          // Past the time a replica takes a silent participant as gone: nobody left, on either page, and the
          // recording still shows on both.
          await candidate.page.waitForTimeout(GHOST_AFTER_MS);
          await Promise.all([mediaAdvances(candidate.page), mediaAdvances(office.page)]);
          expect(candidateSignaling.received()).not.toContain('peer-left');
          expect(officeSignaling.received()).not.toContain('peer-left');
          expect(await candidate.page.getByText(en.live.left(INTERVIEWER)).count()).toBe(0);
          expect(await office.page.getByText(en.live.left(CANDIDATE)).count()).toBe(0);
          await tileOf(office.page, CANDIDATE).waitFor();
          await tileOf(candidate.page, INTERVIEWER).waitFor();
          await Promise.all([recordingShown(candidate.page), recordingShown(office.page)]);
          await step('still-together');

          // End: completed, and the recording saved whole, as long as the call was recorded.
          await office.page.getByRole('button', { name: en.live.end }).click();
          await office.page.getByRole('button', { name: en.live.endConfirmYes }).click();
          await candidate.page.getByRole('heading', { name: en.live.endedHeading }).waitFor();
          expect((await getInterview(api, interview.uuid)).status).toBe('completed');
          const callSeconds = (Date.now() - recordingSince) / 1000;
          const saving = office.page
            .getByText(en.live.recordingSaved)
            .or(office.page.getByText(en.live.recordingSavedPartly))
            .or(office.page.getByText(en.live.recordingSavedLater));
          const said = await saving.waitFor({ timeout: SAVING_SETTLES_MS }).then(
            () => saving.textContent(),
            (error: Error) => error.message,
          );
          if (said !== en.live.recordingSaved) throw new Error(`The page said: ${said}\nThe interviewer's recording requests:\n${recordingTraffic()}`);
          const recordings: Array<{ ended_at: string; duration_seconds: number }> = (await api.get(`/interviews/${interview.uuid}/recordings`)).body;
          expect(recordings).toHaveLength(1);
          expect(recordings[0].ended_at).toEqual(expect.any(String));
          expect(recordings[0].duration_seconds).toBeGreaterThan(callSeconds / 2);
          process.stdout.write(
            `Gateway killed: the candidate's page was welcomed again through the other replica ${reconnectMs} ms later; the longest time the candidate's page decoded no new frame meanwhile: ${candidateFreezeMs} ms\n`,
          );
        });
      } finally {
        await candidate.context.close();
        await office.context.close();
      }
    },
    CALL_TEST_TIMEOUT_MS,
  );
});
