import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { de } from '../../apps/web/src/i18n/de';
import { en } from '../../apps/web/src/i18n/en';
import { ws } from '../../apps/web/src/i18n/workspace';
import { companyWithJob, createInterview, interviewBody, liveBody, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { completedInterviewWithTakes, InterviewCreations, publicClient } from '../sharing/sharing-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { TranscriptionEngineStandIn } from '../support/transcription-engine-stand-in';
import { currentTime, recordedWebm, scrollsHorizontally } from './page-helpers';
import { expectNoAxeViolation, heading, LAPTOP, PHONE, signedInUser, type Company } from './workspace-helpers';

/** What the candidate says, as the stand-in engine hears it: one segment per sentence, spread over the answer. */
const SPOKEN = ['Hello, I lead the coffee team.', 'Kubernetes clusters are my daily work.'];

/** How long a take waits to be transcribed by the worker and the stand-in engine (an event, a lease, one request). */
const TRANSCRIBED_MS = 30_000;

interface Segment {
  start_ms: number;
  end_ms: number;
  text: string;
}

/** For `page.waitForFunction`: the page's (first) player shows its captions track, a cue of `text` active. */
function captionShowing(cueText: string): boolean {
  const video = (globalThis as any).document.querySelector('video');
  const tracks = video?.textTracks;
  if (!tracks || tracks.length !== 1 || tracks[0].mode !== 'showing') return false;
  return [...(tracks[0].activeCues ?? [])].some((cue: any) => cue.text.trim() === cueText);
}

/** `0:05`: a segment's start as the transcript's buttons name it (the player's clock, under an hour). */
function clockOf(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Issue 43 end to end in the browser, against the system started with TRANSCRIPTION_URL on the stand-in engine: an
 * administrator turns transcription on in Settings; the candidate page says answers are transcribed; a candidate's
 * take is transcribed; on the watch page the reviewer reads the transcript, a segment's button moves the player to
 * its start, the Captions toggle shows the track with the cue of that moment (and is remembered), axe finds nothing;
 * the interviews list's search finds the interview by a word the candidate said and not by a word absent.
 */
describeInBrowser('transcripts and captions on the pages, search in the list (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let engine: TranscriptionEngineStandIn;
  let creations: InterviewCreations;
  let browser: Browser;
  let company: Company;
  let page: Page;
  let site: string;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    engine = await TranscriptionEngineStandIn.start();
    t = await startTestSystem({ SMTP_URL: inbox.url, ...engine.env() });
    site = new URL(t.baseUrl).origin;
    creations = await new InterviewCreations().start(t);
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Barista' });
    ({ page } = await signedInUser(t, inbox, browser, company, 'Tess Transcriber', 'administrator'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await creations?.close();
    await t?.stop();
    await engine?.close();
    await inbox?.close();
  });

  it('turns transcription on; the take is transcribed, captioned and played from a segment; the list finds it by a spoken word', async () => {
    await withSteps(page, 'transcripts-settings', async (step) => {
      await page.goto(`${site}/settings`);
      await heading(page, ws.settings.heading);
      const toggle = page.getByRole('switch', { name: ws.settings.transcribe });
      expect({ checked: await toggle.isChecked(), enabled: await toggle.isEnabled() }).toEqual({ checked: false, enabled: true });
      await toggle.click();
      await page.getByText(ws.settings.savedOn).waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await expectNoAxeViolation(page);
      await step('transcription-on');
    });
    expect((await company.api.get('/settings')).body).toMatchObject({ transcription: true, transcription_available: true });

    // The candidate's page says so, once interviews has the company's setting (an event).
    const invited = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Nia Notice', email: seekerEmail('notice') } }));
    const token = await creations.candidateToken(invited.uuid);
    const candidateApi = publicClient(t);
    await waitFor(
      async () =>
        (await candidateApi.request('GET', `/candidate/interviews/${invited.uuid}`, { headers: { authorization: `Bearer ${token}` } })).body.transcribed ===
        true,
      10_000,
    );
    const { page: candidatePage } = await newPage(browser);
    await candidatePage.goto(`${site}/candidate/interviews/${invited.uuid}?token=${token}`);
    await candidatePage.getByText(en.landing.transcribed).waitFor();
    // A live interview's landing speaks of the call's recording, which is what is transcribed, not of answers.
    const live = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name: 'Lia Live', email: seekerEmail('live-notice') } }));
    await candidatePage.goto(`${site}/candidate/interviews/${live.uuid}?token=${await creations.candidateToken(live.uuid)}`);
    await candidatePage.getByText(en.live.transcribed).waitFor();
    expect(await candidatePage.getByText(en.landing.transcribed).count()).toBe(0);
    await candidatePage.context().close();

    // A real answer with sound (what the engine is sent), taken and completed through the API.
    engine.script(SPOKEN);
    const answered = await completedInterviewWithTakes(t, company, creations, [[await recordedWebm(browser, 7000, { sound: true })]]);
    const [take] = answered.takes;
    const transcriptPath = `/interviews/${answered.interview.uuid}/questions/${take.questionUuid}/takes/${take.uuid}/transcript`;
    await waitFor(async () => (await company.api.get(transcriptPath)).body.status === 'done', TRANSCRIBED_MS, 250);
    const transcript = (await company.api.get(transcriptPath)).body as { segments: Segment[] };
    expect(transcript.segments.map((s) => s.text.trim())).toEqual(SPOKEN);
    expect(engine.transcribed).toHaveLength(1);
    // The second sentence: its start is past 0, so the player visibly moves there.
    const segment = transcript.segments[1];
    expect(segment.start_ms).toBeGreaterThan(1000);
    const label = en.transcript.segment(clockOf(segment.start_ms), SPOKEN[1]);

    await withSteps(page, 'transcripts-watch', async (step) => {
      await page.setViewportSize(LAPTOP);
      await page.goto(`${site}/interview/${answered.interview.uuid}/watch`);
      const panel = page.getByRole('region', { name: en.transcript.heading });
      await panel.waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(transcript.segments.length);
      const video = page.locator('.stage video');
      const track = video.locator('track');
      expect({ kind: await track.getAttribute('kind'), label: await track.getAttribute('label'), src: await track.getAttribute('src') }).toEqual({
        kind: 'captions',
        label: en.common.captions,
        src: `/v1.0${transcriptPath.replace(/\/transcript$/, '/captions.vtt')}`,
      });
      await step('transcript');

      await panel.getByRole('button', { name: label }).click();
      await page.waitForFunction((start) => (globalThis as any).document.querySelector('.stage video').currentTime >= start, segment.start_ms / 1000);
      expect(await video.evaluate(currentTime)).toBeLessThan(segment.end_ms / 1000 + 1);
      await panel.locator('button[aria-current="true"]').waitFor();
      expect(await panel.locator('button[aria-current="true"]').textContent()).toBe(label);

      const captions = page.getByRole('button', { name: en.transcript.captions, exact: true });
      expect(await captions.getAttribute('aria-pressed')).toBe('false');
      await captions.click();
      expect(await captions.getAttribute('aria-pressed')).toBe('true');
      // Played again from the segment: its cue is the active one while the captions show.
      await panel.getByRole('button', { name: label }).click();
      await page.waitForFunction(captionShowing, SPOKEN[1]);
      await expectNoAxeViolation(page);
      await step('captions-showing');

      // Turned on once, captions show by default from then on.
      await page.reload();
      await page.getByRole('button', { name: en.transcript.captions, exact: true, pressed: true }).waitFor();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('.stage video track')?.track.mode === 'showing');
      // On a phone the transcript sits under the player, nothing sideways.
      await page.setViewportSize(PHONE);
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectNoAxeViolation(page);
      await step('phone');
      await page.setViewportSize(LAPTOP);
    });

    // The share link carries the transcript and its captions, in the reviewer's language (German here).
    const link = (await company.api.post(`/interviews/${answered.interview.uuid}/share_link`)).body;
    const { page: reviewer } = await newPage(browser, LAPTOP, { locale: 'de-DE' });
    await withSteps(reviewer, 'transcripts-share', async (step) => {
      await reviewer.goto(`${site}${new URL(link.url).pathname}`);
      const panel = reviewer.getByRole('region', { name: de.transcript.heading });
      await panel.waitFor();
      expect(await reviewer.locator('video track').getAttribute('label')).toBe(de.common.captions);
      await panel.getByRole('button', { name: de.transcript.segment(clockOf(segment.start_ms), SPOKEN[1]) }).click();
      await reviewer.waitForFunction((start) => (globalThis as any).document.querySelector('video').currentTime >= start, segment.start_ms / 1000);
      await reviewer.getByRole('button', { name: de.transcript.captions, exact: true }).click();
      await panel.getByRole('button', { name: de.transcript.segment(clockOf(segment.start_ms), SPOKEN[1]) }).click();
      await reviewer.waitForFunction(captionShowing, SPOKEN[1]);
      await expectNoAxeViolation(reviewer);
      await step('share-captions');
    });
    await reviewer.context().close();

    await withSteps(page, 'transcripts-search', async (step) => {
      const search = async (words: string) => {
        await page.goto(`${site}/interviews`);
        await heading(page, ws.interviews.heading);
        await page.getByRole('searchbox', { name: ws.interviews.search }).fill(words);
        await page.getByRole('button', { name: ws.interviews.searchButton }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === words);
        await heading(page, ws.interviews.heading);
      };
      // A word the candidate said, in neither the candidate's name nor the job's title.
      await search('kubernetes');
      const table = page.locator('table.data');
      await table.waitFor();
      expect(await table.getByRole('link', { name: answered.interview.assigned_to.name, exact: true }).count()).toBe(1);
      expect(await table.getByRole('link', { name: 'Nia Notice', exact: true }).count()).toBe(0);
      await expectNoAxeViolation(page);
      await step('found');

      await search('xylophonequark');
      await page.getByText(ws.interviews.noSearchMatch('xylophonequark')).waitFor();
      await page.getByRole('button', { name: ws.interviews.clearSearch }).click();
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await page.locator('table.data').getByRole('link', { name: 'Nia Notice', exact: true }).waitFor();
      await step('not-found-and-cleared');
    });
  }, 120_000);
});
