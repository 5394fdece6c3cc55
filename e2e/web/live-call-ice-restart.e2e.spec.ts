import type { Browser } from 'playwright-core';
import { testServers } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { companyWithJob, createInterview, inFuture, liveBody, seekerEmail } from '../interviews/interview-helpers';
import { signedInColleague } from '../live/live-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { launchChromium, withSteps } from '../support/browser';
import { oneHeavySpecAtATime } from '../support/heavy-specs';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { describeWithCoturn, startCoturn, type TurnServer } from '../support/turn-server';
import { callPage, callStats, checkAndJoin, localIceUfrags, mediaAdvances, mediaStops, tileOf } from './live-call-helpers';

/**
 * A network change under a live call, for real (issue 37): both pages are forced through the test's coturn
 * (`iceTransportPolicy: 'relay'`), then that coturn is killed (SIGKILL) and a new one started on the same port with
 * the same secret 3 s later. The old relay allocations are gone with the old process, so the media can only come
 * back if the pages restart ICE (apps/web/src/live/peer-link.ts: "disconnected" for 2 s, or "failed", and again
 * until connected) and gather new relay candidates. `context.setOffline` does not cut WebRTC's UDP in Chromium; this
 * does. Once for 3 s, then for 40 s (the restarts made while the relay is gone gather nothing: a restart that stopped
 * at one attempt left the call frozen for good). The servers play no part in it beyond signaling, and it takes
 * about two minutes: it runs under the embedded single process (`npm start`'s shape) only, not again with the real
 * servers.
 */

/**
 * Once in a CI run (2026-12-06, the merged main's first run) the first relayed connection of this call never showed
 * media in 90 s, the remote tile black on both pages, while the same spec passed alone 4 times before and after: the
 * first negotiation under load, not the restart this spec is about (decision 039 names a like failure of Chromium's,
 * 1 call in about 25). It is tried once more, its first error logged, until that is understood (the closing note of
 * that session says so).
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });

/** A relayed call took 44 s to show media on a loaded machine (live-call.e2e.spec.ts): the same allowance here. */
const MEDIA_MS = 90_000;
/** Longer than the ~30 s after which Chromium's old connections die and ICE says "failed". */
const LONG_OUTAGE_MS = 40_000;

(testServers.databaseUrl ? describe.skip : describeWithCoturn)('live call: ICE restart after the relay was lost (browser, coturn)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let turn: TurnServer;
  let browser: Browser;
  oneHeavySpecAtATime();

  beforeAll(async () => {
    await ensureWebBundle();
    turn = await startCoturn();
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, TURN_URLS: turn.url, TURN_SECRET: turn.secret });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await inbox?.close();
    await turn?.stop();
  });

  it('stops the media when the relay dies, and brings it back with an ICE restart on both pages once a relay answers again, after 3 s and after 40 s, without a reload', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Network Engineer' });
    const interviewer = await signedInColleague(t, company, inbox, `interviewer.${Date.now()}@ice.example`);
    const created = await createInterview(
      company.api,
      liveBody(company.job.uuid, { scheduled_at: inFuture(5 * 60_000), assigned_to: { name: 'Casey Candidate', email: seekerEmail('ice') } }),
    );
    const sent = new URL(await t.candidateLinks.url(created.uuid));
    const origin = new URL(t.baseUrl).origin;
    const candidate = await callPage(browser, { relay: true });
    const office = await callPage(browser, { relay: true, viewport: { width: 1280, height: 800 } });
    await office.context.addCookies([{ name: 'vi_session', value: interviewer.cookie.split('=')[1], url: origin }]);
    try {
      await withSteps(candidate.page, 'live-call-ice-restart', async (step) => {
        await candidate.page.goto(`${origin}${sent.pathname}${sent.search}`);
        await checkAndJoin(candidate.page);
        await office.page.goto(`${origin}/interview/${created.uuid}/live`);
        await checkAndJoin(office.page);
        await Promise.all([mediaAdvances(candidate.page, MEDIA_MS), mediaAdvances(office.page, MEDIA_MS)]);
        expect((await callStats(candidate.page)).relayed).toBe(true);
        expect((await callStats(office.page)).relayed).toBe(true);
        await step('relayed');

        // The relay is lost, and back after `outageMs`: nothing arrives on either side meanwhile; then it comes back by
        // itself, with new ICE credentials on both pages (a restart), relayed again.
        const loseRelay = async (outageMs: number) => {
          const before = { candidate: await localIceUfrags(candidate.page), office: await localIceUfrags(office.page) };
          expect([before.candidate.length, before.office.length]).toEqual([1, 1]);
          const cut = Date.now();
          await turn.stop('SIGKILL');
          await Promise.all([mediaStops(candidate.page), mediaStops(office.page)]);
          const stoppedMs = Date.now() - cut;
          await candidate.page.waitForTimeout(Math.max(0, outageMs - stoppedMs));
          turn = await startCoturn(turn);
          const backMs = Date.now() - cut;
          await Promise.all([mediaAdvances(candidate.page, MEDIA_MS), mediaAdvances(office.page, MEDIA_MS)]);
          const gapMs = Date.now() - cut;
          const after = { candidate: await localIceUfrags(candidate.page), office: await localIceUfrags(office.page) };
          expect([after.candidate.length, after.office.length]).toEqual([1, 1]);
          expect(after.candidate[0]).not.toBe(before.candidate[0]);
          expect(after.office[0]).not.toBe(before.office[0]);
          expect((await callStats(candidate.page)).relayed).toBe(true);
          expect((await callStats(office.page)).relayed).toBe(true);
          return `media stopped ${stoppedMs} ms after the relay was killed, the relay was back after ${backMs} ms, media again after ${gapMs} ms`;
        };
        // A network change: back before the pages' first restart (2 s after ICE says "disconnected").
        const short = await loseRelay(3_000);
        await step('restarted-after-3-s');
        // A longer loss (a train's tunnel): the first restarts gather nothing, and later ones bring the call back.
        const long = await loseRelay(LONG_OUTAGE_MS);
        // Nobody left, nobody reloaded.
        await tileOf(candidate.page, 'Colleague Person').waitFor();
        await tileOf(office.page, 'Casey Candidate').waitFor();
        process.stdout.write(`ICE restart after 3 s without the relay: ${short}\nafter ${LONG_OUTAGE_MS / 1000} s: ${long}\n`);
        await step('restarted-after-long');
      });
    } finally {
      await candidate.context.close();
      await office.context.close();
    }
  }, 360_000);
});
