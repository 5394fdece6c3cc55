import { connectEventBus, NatsJetStreamBus, type EventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import type { Browser, Locator } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { loadGatewayConfig } from '../../apps/gateway/src/config';
import { startGateway } from '../../apps/gateway/src/composition-root';
import { en } from '../../apps/web/src/i18n/en';
import { es } from '../../apps/web/src/i18n/es';
import { fr } from '../../apps/web/src/i18n/fr';
import { ws } from '../../apps/web/src/i18n/workspace';
import { companyWithJob, createInterview, getInterview, inFuture, liveBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { oneHeavySpecAtATime } from '../support/heavy-specs';
import { startTestSystem } from '../support/test-system';
import { describeWithCoturn, startCoturn, type TurnServer } from '../support/turn-server';
import { signedInColleague } from '../live/live-helpers';
import {
  callPage,
  callStats,
  checkAndJoin,
  mediaAdvances,
  recordingRequests,
  tileOf,
  playsShapeOf,
  videoDrawings,
  watchVideoDrawing,
} from './live-call-helpers';
import { axeViolations, currentTime, isFocused, playMuted, scrollsHorizontally } from './page-helpers';

/**
 * A live interview held in two browsers (issue 24): the candidate from the invitation email on one gateway, a
 * signed-in interviewer from the company pages on another replica; each sees and hears the other, a mute shows on
 * the other side, a network drop and a reload resume by themselves, and "End the interview" completes it.
 */

const CANDIDATE = 'Casey Candidate';
const CHAT_FROM_CANDIDATE = 'No sound here: call me on +44 20 7946 0958';
const CHAT_FROM_INTERVIEWER = 'Calling you now. Notes: https://example.com/notes';
/**
 * A whole call in two browsers: about 45 s on a quiet machine, 85 s with both cores busy, 140 s and more in a CI run
 * beside another browser spec (jest's default is 60 s), and the saving's own allowance below.
 */
const CALL_TEST_TIMEOUT_MS = 360_000;
/**
 * How long the interviewer's page may take to say whether the recording is saved, once the call has ended: what the
 * page allows itself, a part retried for up to 110 s after transient failures (call-recording.ts), then the end.
 */
const SAVING_SETTLES_MS = 150_000;

async function liveSystem(overrides: NodeJS.ProcessEnv = {}) {
  const inbox = await new SmtpInbox().start();
  const t = await startTestSystem({ SMTP_URL: inbox.url, ...overrides });
  const config = loadGatewayConfig(t.serviceEnv(overrides));
  // The interviewer's replica, with its own bus connection when NATS is used, as in a cluster.
  const replicaBus: EventBus =
    t.system.bus instanceof NatsJetStreamBus ? await connectEventBus({ ...config.bus, logger: createLogger('replica', 'silent') }) : t.system.bus;
  const replica = await startGateway(config, { bus: replicaBus, logger: createLogger('replica', 'silent'), rateLimitPrefix: t.env.EVENT_STREAM });
  const company = await companyWithJob(t, 'unlimited', { title: 'Stage Manager' });
  const interviewer = await signedInColleague(t, company, inbox, `interviewer.${Date.now()}@live.example`);
  return {
    t,
    inbox,
    company,
    interviewer,
    replicaUrl: `http://127.0.0.1:${replica.port}`,
    stop: async () => {
      await replica.stop();
      if (replicaBus !== t.system.bus) await replicaBus.close();
      await t.stop();
      await inbox.close();
    },
  };
}
type LiveSystem = Awaited<ReturnType<typeof liveSystem>>;

/** A recording's player decodes video and its position advances past a second. */
async function plays(video: Locator): Promise<void> {
  await video.evaluate(playMuted);
  await waitFor(async () => (await video.evaluate(currentTime)) > 1, 15_000, 100);
  expect(await video.evaluate((v: any) => v.videoWidth)).toBeGreaterThan(0);
}

/** A live interview starting in `minutes`, and the candidate link of its invitation email, on this system's gateway. */
async function invite(s: LiveSystem, minutes = 5): Promise<{ uuid: string; link: string }> {
  const email = seekerEmail('live');
  const created = await createInterview(
    s.company.api,
    liveBody(s.company.job.uuid, { scheduled_at: inFuture(minutes * 60_000), assigned_to: { name: CANDIDATE, email }, timezone: 'Europe/Paris' }),
  );
  const mail = await s.inbox.next(email);
  const link = new URL(/(http\S+\/candidate\/interviews\/[^\s>"]+)/.exec(mail.text)![1]);
  return { uuid: created.uuid, link: new URL(`${link.pathname}${link.search}`, s.t.baseUrl).toString() };
}

/** The interviewer's page, signed in, on the replica gateway (the session cookie is the host's, whatever the port). */
async function interviewerPage(browser: Browser, s: LiveSystem, options: { relay?: boolean } = {}) {
  const opened = await callPage(browser, { ...options, viewport: { width: 1280, height: 800 } });
  await opened.context.addCookies([{ name: 'vi_session', value: s.interviewer.cookie.split('=')[1], url: s.replicaUrl }]);
  return opened;
}

oneHeavySpecAtATime();

describeInBrowser('live interview call (browser)', () => {
  let s: LiveSystem;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBundle();
    s = await liveSystem();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  it(
    'candidate (invitation email, phone) and interviewer (company pages, another gateway) see and hear each other; mute shows; offline 3 s and a reload resume; the call is recorded, stopped and recorded again; End completes it; the recordings play on the watch and share pages',
    async () => {
      const { uuid, link } = await invite(s);
      const candidate = await callPage(browser, { viewport: { width: 390, height: 844 } });
      const company = await interviewerPage(browser, s);
      const recordingTraffic = recordingRequests(company.page);
      await watchVideoDrawing(company.context);

      try {
        await withSteps(candidate.page, 'live-call', async (step) => {
          // The landing page: company, job, when, recording notice; attendance confirmed (InterviewAccepted).
          await candidate.page.goto(link);
          await candidate.page.getByRole('heading', { name: en.live.heading('Stage Manager') }).waitFor();
          expect(await candidate.page.textContent('main')).toContain(s.company.me.company.name);
          expect(await candidate.page.textContent('main')).toContain('Europe/Paris');
          await candidate.page.getByText(en.live.recordedNotice).waitFor();
          await candidate.page.getByRole('button', { name: en.live.attend }).click();
          await candidate.page.getByText(en.live.attendanceConfirmed).waitFor();
          expect((await getInterview(s.company.api, uuid)).status).toBe('accepted');
          expect(await scrollsHorizontally(candidate.page)).toBe(false);
          expect(await axeViolations(candidate.page)).toEqual([]);
          await step('landing');

          await checkAndJoin(candidate.page);
          await candidate.page.getByText(en.live.waiting).waitFor();
          await step('waiting-room');

          // The interviewer opens the call from the interviews list.
          await company.page.goto(`${s.replicaUrl}/interviews`);
          await company.page.locator(`a[href="/interview/${uuid}/live"]`, { hasText: en.live.joinFromList }).click();
          await checkAndJoin(company.page);
          await tileOf(company.page, CANDIDATE).waitFor();
          await tileOf(candidate.page, 'Colleague Person').waitFor();
          await candidate.page.getByText(en.live.waiting).waitFor({ state: 'hidden' });

          // Each side decodes the other's video and receives sound.
          await Promise.all([mediaAdvances(candidate.page), mediaAdvances(company.page)]);
          // The interviewer's browser records once both are in, and everyone sees that it does.
          const recordingShown = (page: typeof candidate.page) => page.getByRole('status').filter({ hasText: en.live.recording }).waitFor();
          await Promise.all([recordingShown(candidate.page), recordingShown(company.page)]);
          const recordingSince = Date.now();
          // The interviewer stops it (the candidate sees it stop) and starts it again: two recordings of one call.
          await company.page.getByRole('button', { name: en.live.recordingStop }).click();
          await candidate.page.getByRole('status').filter({ hasText: en.live.recording }).waitFor({ state: 'hidden' });
          await company.page.getByRole('button', { name: en.live.recordingStart }).click();
          await Promise.all([recordingShown(candidate.page), recordingShown(company.page)]);
          // They write to each other in the chat (Enter sends; a link opens apart, a phone number stays text).
          const candidateChat = candidate.page.getByRole('textbox', { name: en.live.chat.label });
          await candidateChat.fill(CHAT_FROM_CANDIDATE);
          await candidateChat.press('Enter');
          await company.page.getByRole('log').getByText(CHAT_FROM_CANDIDATE).waitFor();
          await company.page.getByRole('textbox', { name: en.live.chat.label }).fill(CHAT_FROM_INTERVIEWER);
          await company.page.getByRole('button', { name: en.live.chat.send }).click();
          await candidate.page.getByRole('log').getByRole('link', { name: 'https://example.com/notes' }).waitFor();
          expect(await candidateChat.inputValue()).toBe('');
          expect(await scrollsHorizontally(candidate.page)).toBe(false);
          expect(await axeViolations(candidate.page)).toEqual([]);
          expect(await axeViolations(company.page)).toEqual([]);
          await step('in-call');

          // A mute on the candidate's side shows on the interviewer's.
          await candidate.page.getByRole('button', { name: en.live.mute }).click();
          await tileOf(company.page, `${CANDIDATE}: ${en.live.micOff}`).waitFor();
          await candidate.page.getByRole('button', { name: en.live.unmute }).click();
          await company.page.locator('.tile figcaption', { hasText: new RegExp(`^${CANDIDATE}$`) }).waitFor();

          // The candidate's network drops for 3 seconds: the call resumes without anyone reloading.
          await candidate.context.setOffline(true);
          await candidate.page.waitForTimeout(3_000);
          await candidate.context.setOffline(false);
          await Promise.all([mediaAdvances(candidate.page), mediaAdvances(company.page)]);

          // A reload goes straight back into the call.
          await candidate.page.reload();
          await tileOf(candidate.page, 'Colleague Person').waitFor();
          // With the call's chat so far.
          await candidate.page.getByRole('log').getByText(CHAT_FROM_CANDIDATE).waitFor();
          await Promise.all([mediaAdvances(candidate.page), mediaAdvances(company.page)]);
          await step('after-reload');

          // The interviewer shares a screen (Chromium's fake capture shares the interviewer's own tab: 1280×800, 16:10; the
          // camera is 1280×720, 16:9). The candidate sees that tile large, playing the screen; the recording draws it on
          // most of its frame.
          const tab = { width: 1280, height: 800 };
          await company.page.getByRole('button', { name: en.live.screenShare }).click();
          await company.page.getByRole('button', { name: en.live.screenShareStop, pressed: true }).waitFor();
          const presenter = candidate.page.locator('.tile.presenter', { hasText: en.live.presenting('Colleague Person') });
          await presenter.waitFor();
          await playsShapeOf(presenter, tab);
          const [large, own] = await Promise.all([presenter.boundingBox(), candidate.page.locator('.tile.own').boundingBox()]);
          expect(large!.width).toBeGreaterThan(own!.width * 1.5);
          await waitFor(
            async () => (await videoDrawings(company.page)).some((d) => d.width === tab.width && d.height === tab.height && d.drawnWidth > 1280 / 2),
            15_000,
            200,
          );
          expect(await scrollsHorizontally(candidate.page)).toBe(false);
          expect(await axeViolations(candidate.page)).toEqual([]);
          expect(await axeViolations(company.page)).toEqual([]);
          await step('screen-shared');
          // A camera turned off while sharing stays off when the sharing stops; the candidate sees the camera again.
          await company.page.getByRole('button', { name: en.live.cameraStop }).click();
          await company.page.getByRole('button', { name: en.live.screenShareStop }).click();
          await tileOf(candidate.page, `Colleague Person: ${en.live.cameraOff}`).waitFor();
          await company.page.getByRole('button', { name: en.live.cameraStart }).click();
          await candidate.page.locator('.tile.presenter').waitFor({ state: 'detached' });
          await playsShapeOf(candidate.page.locator('.tile', { hasText: 'Colleague Person' }), { width: 1280, height: 720 });

          // The interviewer ends the interview: completed for the API, and the candidate is told.
          await company.page.getByRole('button', { name: en.live.end }).click();
          await company.page.getByRole('button', { name: en.live.endConfirmYes }).click();
          await candidate.page.getByRole('heading', { name: en.live.endedHeading }).waitFor();
          await company.page.getByRole('heading', { name: en.live.endedHeading }).waitFor();
          expect((await getInterview(s.company.api, uuid)).status).toBe('completed');
          const callSeconds = (Date.now() - recordingSince) / 1000;
          await step('ended');

          // The interviewer's page says when the recording is saved (the candidate was told the end before that). The
          // parts still queued are sent one after another, each retried after transient failures, before the server
          // joins them: seconds on a quiet machine, more than 60 s twice on CI machines (2026-11-28), so the page gets
          // what it allows itself, and a failure names its last sentence and every recording request it made.
          const saving = company.page
            .getByText(en.live.recordingSaved)
            .or(company.page.getByText(en.live.recordingSavedPartly))
            .or(company.page.getByText(en.live.recordingSavedLater));
          const said = await saving.waitFor({ timeout: SAVING_SETTLES_MS }).then(
            () => saving.textContent(),
            (error: Error) => error.message,
          );
          if (said !== en.live.recordingSaved) {
            throw new Error(`The page said: ${said}\nThe interviewer's recording requests:\n${recordingTraffic()}`);
          }
          // Two recordings, ended and measured by the server: together about as long as the call was recorded.
          const recordings: Array<{ ended_at: string; size: number; duration_seconds: number }> = (await s.company.api.get(`/interviews/${uuid}/recordings`))
            .body;
          expect(recordings).toHaveLength(2);
          for (const recording of recordings) {
            expect(recording).toMatchObject({ ended_at: expect.any(String), content_type: 'video/webm' });
            expect(recording.size).toBeGreaterThan(1_000);
          }
          const recordedSeconds = recordings[0].duration_seconds + recordings[1].duration_seconds;
          expect(recordedSeconds).toBeGreaterThan(callSeconds / 2);
          expect(recordedSeconds).toBeLessThan(callSeconds + 10);

          // The watch page plays them.
          await company.page.getByRole('link', { name: ws.watch.watchRecordings }).click();
          await company.page.getByRole('heading', { name: ws.watch.recordingsHeading }).waitFor();
          // The chat beside them, each message with its time into the call.
          expect(await company.page.getByRole('list', { name: ws.watch.chatMessages }).locator('li').allTextContents()).toEqual([
            expect.stringMatching(new RegExp(`^\\d+:\\d\\d into the call · ${CANDIDATE} \\(candidate\\)${CHAT_FROM_CANDIDATE.replace(/[+]/g, '\\+')}$`)),
            expect.stringMatching(/^\d+:\d\d into the call · Colleague Person \(interviewer\)Calling you now/),
          ]);
          await plays(company.page.locator('.recordings video').nth(1));
          expect(await axeViolations(company.page)).toEqual([]);
          await step('watch-recording');

          // So does the share page, to a reviewer with only the link.
          const shared = await s.company.api.post(`/interviews/${uuid}/share_link`, {});
          expect(shared.status).toBe(201);
          const reviewer = await newPage(browser);
          await reviewer.page.goto(new URL(new URL(shared.body.url).pathname, s.t.baseUrl).toString());
          await reviewer.page.getByRole('heading', { name: en.share.recordingsHeading }).waitFor();
          await plays(reviewer.page.locator('video').first());
          expect(await axeViolations(reviewer.page)).toEqual([]);
          await reviewer.context.close();

          // Its link now says the call is closed, in a sentence.
          await candidate.page.goto(link);
          await candidate.page.getByText(en.live.refusals['api.interview_already_completed']).waitFor();
        });
      } finally {
        // Closed whatever happened: a call left running would starve the next tests' pages.
        await candidate.context.close();
        await company.context.close();
      }
    },
    CALL_TEST_TIMEOUT_MS,
  );

  it('speaks Spanish to a Spanish-speaking candidate (locale es-ES): the invitation email, the landing with Spanish dates and its switcher, the room', async () => {
    const email = seekerEmail('vivo');
    // A company of its own: its interview stays out of the interviewer's list that the other tests read.
    const spanish = await companyWithJob(s.t, 'unlimited', { title: 'Stage Manager' });
    await createInterview(
      spanish.api,
      liveBody(spanish.job.uuid, {
        scheduled_at: inFuture(5 * 60_000),
        assigned_to: { name: 'Lucía Llamada', email },
        timezone: 'America/Mexico_City',
        language: 'es',
      }),
    );
    // The email is in the interview's language (decision 047).
    const mail = await s.inbox.next(email);
    expect(mail.subject).toBe(`Entrevista en directo por vídeo para Stage Manager en ${spanish.me.company.name}`);
    expect(mail.text).toContain('Hola, Lucía Llamada:');
    expect(mail.text).toMatch(/Cuándo: el [a-záéíóúñ]+, \d{1,2} de [a-z]+ de \d{4}/);
    const sent = new URL(/(http\S+\/candidate\/interviews\/[^\s>"]+)/.exec(mail.text)![1]);
    const link = new URL(`${sent.pathname}${sent.search}`, s.t.baseUrl).toString();

    const { page, context } = await callPage(browser, { viewport: { width: 390, height: 844 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    await withSteps(page, 'live-spanish', async (step) => {
      await page.goto(link);
      await page.getByRole('heading', { name: es.live.heading('Stage Manager') }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      const main = (await page.textContent('main')) ?? '';
      // Both times in Spanish words: the candidate's (Madrid) and the interview's zone.
      expect(main).toMatch(/[a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}.*\(su hora\)/);
      expect(main).toContain('en America/Mexico_City, como en su correo de invitación.');
      await page.getByText(es.live.recordedNotice).waitFor();
      expect(await scrollsHorizontally(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await step('landing');

      // The switcher: French, then back to Spanish; it keeps the focus.
      await page.getByLabel(es.language.label).selectOption('fr');
      await page.getByRole('heading', { name: fr.live.heading('Stage Manager') }).waitFor();
      expect(await page.getByLabel(fr.language.label).evaluate(isFocused)).toBe(true);
      await page.getByLabel(fr.language.label).selectOption('es');
      await page.getByRole('heading', { name: es.live.heading('Stage Manager') }).waitFor();

      await page.getByRole('button', { name: es.live.attend }).click();
      await page.getByText(es.live.attendanceConfirmed).waitFor();
      await page.getByRole('button', { name: es.device.check }).click();
      await page.getByText(es.device.ok).waitFor();
      await page.getByRole('button', { name: es.live.join }).click();
      await page.getByText(es.live.waiting).waitFor();
      await page.getByRole('toolbar', { name: es.live.controls }).waitFor();
      await page.getByRole('button', { name: es.live.mute }).click();
      await page.getByRole('button', { name: es.live.unmute }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await step('room');
      await page.getByRole('button', { name: es.live.leave }).click();
      await page.getByRole('heading', { name: es.live.youLeftHeading }).waitFor();
    });
    await context.close();
  });

  it('refuses in sentences: Join before the window opens, a canceled interview, another company’s interview', async () => {
    const { page, context } = await callPage(browser);
    const later = await invite(s, 60);
    await page.goto(later.link);
    await page.getByRole('button', { name: en.device.check }).click();
    await page.getByText(en.device.ok).waitFor();
    expect(await page.getByRole('button', { name: en.live.join }).isDisabled()).toBe(true);
    await page.getByText(/You can join from/).waitFor();

    await putInterview(s.company.api, later.uuid, { status: 'canceled' });
    await page.goto(later.link);
    await page.getByText(en.live.refusals['api.interview_already_canceled']).waitFor();

    const stranger = await companyWithJob(s.t);
    const theirs = await createInterview(stranger.api, liveBody(stranger.job.uuid, { scheduled_at: inFuture(5 * 60_000) }));
    const company = await interviewerPage(browser, s);
    await company.page.goto(`${s.replicaUrl}/interview/${theirs.uuid}/live`);
    await company.page.getByText(ws.watch.notFound).waitFor();
    await company.context.close();
    await context.close();
  });
});

describeWithCoturn('live interview call through TURN (browser, coturn)', () => {
  // A relayed call is the slowest to show media: on this 2-core machine at a load average of 26 (other engineers'
  // tests) it took 44 s, against 7 s on a quiet one; one in two CI phases once missed the 45-s wait. It gets 90 s.
  let s: LiveSystem;
  let turn: TurnServer;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBundle();
    turn = await startCoturn();
    s = await liveSystem({ TURN_URLS: turn.url, TURN_SECRET: turn.secret });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    await turn?.stop();
  });

  it(
    'both sides forced to relay (iceTransportPolicy relay), both on the same replica of two, see and hear each other through coturn with derived credentials',
    async () => {
      const { uuid, link: linkOnFirst } = await invite(s);
      // Both people on the interviewer's replica: the shape a balancer gives about half the calls (issue 37).
      const sent = new URL(linkOnFirst);
      const link = new URL(`${sent.pathname}${sent.search}`, s.replicaUrl).toString();
      const candidate = await callPage(browser, { relay: true });
      const company = await interviewerPage(browser, s, { relay: true });
      try {
        await withSteps(candidate.page, 'live-call-turn', async () => {
          await candidate.page.goto(link);
          await checkAndJoin(candidate.page);
          await company.page.goto(`${s.replicaUrl}/interview/${uuid}/live`);
          await checkAndJoin(company.page);
          await Promise.all([mediaAdvances(candidate.page, 90_000), mediaAdvances(company.page, 90_000)]);
          expect((await callStats(candidate.page)).relayed).toBe(true);
          expect((await callStats(company.page)).relayed).toBe(true);
        });
      } finally {
        await candidate.context.close();
        await company.context.close();
      }
    },
    CALL_TEST_TIMEOUT_MS,
  );
});
