import type { Browser } from 'playwright-core';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { en } from '../../apps/web/src/i18n/en';
import { ws } from '../../apps/web/src/i18n/workspace';
import { companyWithJob } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { playMuted, recordedWebm } from './page-helpers';
import { expectNoAxeViolation, heading, signedInUser } from './workspace-helpers';

const CUE = 'Hello, I lead the coffee team.';

/**
 * Issue 42: a job video's WebVTT captions, added on the job page (a file that is not WebVTT refused in a sentence,
 * then a good one), and shown on the apply page as a `<track kind="captions" default>` whose track is showing and
 * whose cue is active while the video plays through its time (what a deaf applicant reads).
 */
describeInBrowser('job video captions: the job page adds them, the apply page shows them (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await inbox?.close();
  });

  it('adds captions on the job page; the apply page shows them by default, the cue active at its time', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Barista' });
    const opened = await company.api.put(`/jobs/${company.job.uuid}`, {
      open_interview: { status: 'active', questions: [{ text: 'Why coffee?', time_limit: 60 }] },
    });
    expect(opened.status).toBe(200);
    // A real recording, so that Chromium decodes and plays it; the cue covers all of it.
    const video = await recordedWebm(browser, 2500);
    const set = await company.api.request('PUT', `/jobs/${company.job.uuid}/video`, { rawBody: video, headers: { 'content-type': 'video/webm' } });
    expect(set.status).toBe(200);

    const { page: jobPage } = await signedInUser(t, inbox, browser, company, 'Cora Captioner', 'administrator');
    await withSteps(jobPage, 'job-video-captions-job-page', async (step) => {
      await jobPage.goto(`${new URL(t.baseUrl).origin}/jobs/${company.job.uuid}`);
      await heading(jobPage, ws.jobs.editHeading);
      const panel = jobPage.getByRole('region', { name: ws.jobVideo.heading });
      expect(await panel.textContent()).toContain(ws.jobVideoCaptions.none);
      const field = panel.getByLabel(ws.jobVideoCaptions.file);
      await field.setInputFiles({ name: 'intro.vtt', mimeType: 'text/vtt', buffer: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nSubRip, not WebVTT\n') });
      await panel.getByText(ws.refusals.byCode['api.captions_invalid']).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await step('captions-refused');
      await field.setInputFiles({ name: 'intro.vtt', mimeType: 'text/vtt', buffer: Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:01:00.000\n${CUE}\n`) });
      await jobPage.getByText(ws.jobVideoCaptions.saved('Barista')).waitFor();
      await jobPage.getByRole('region', { name: ws.jobVideo.heading }).getByText(ws.jobVideoCaptions.present).waitFor();
      await expectNoAxeViolation(jobPage);
      await step('captions-added');
    });
    const job = (await company.api.get(`/jobs/${company.job.uuid}`)).body;
    expect(job.job_video.captions_url).toBe(`${job.job_video.url}/captions`);

    const { page } = await newPage(browser);
    await withSteps(page, 'job-video-captions-apply-page', async (step) => {
      const link = new URL(opened.body.open_interview.link);
      await page.goto(`${new URL(t.baseUrl).origin}${link.pathname}`);
      await heading(page, 'Barista');
      const track = page.locator('figure video track');
      expect(await track.getAttribute('kind')).toBe('captions');
      expect(await track.getAttribute('default')).toBe('');
      expect(await track.getAttribute('label')).toBe(en.common.captions);
      expect(await track.getAttribute('src')).toBe(new URL(job.job_video.captions_url).pathname);

      await page.locator('figure video').evaluate(playMuted);
      await page.waitForFunction((cue) => {
        const tracks = (globalThis as any).document.querySelector('figure video').textTracks;
        return tracks.length === 1 && tracks[0].mode === 'showing' && tracks[0].activeCues?.length === 1 && tracks[0].activeCues[0].text === cue;
      }, CUE);
      await step('captions-showing');
    });
  }, 180_000);
});
