import type { Browser } from 'playwright-core';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { en } from '../../apps/web/src/i18n/en';
import { companyWithJob } from '../interviews/interview-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { playMuted, recordedWebm } from './page-helpers';
import { heading } from './workspace-helpers';

const CUE = 'Hello, I lead the coffee team.';

/**
 * Issue 42: a job video's WebVTT captions on the apply page: a `<track kind="captions" default>` whose track is
 * showing, and whose cue is active while the video plays through its time (what a sighted deaf applicant reads).
 */
describeInBrowser('job video captions on the apply page (browser)', () => {
  let t: TestSystem;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBundle();
    t = await startTestSystem();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('shows the captions by default: the track is showing and its cue active at its time', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Barista' });
    const opened = await company.api.put(`/jobs/${company.job.uuid}`, { open_interview: { status: 'active', questions: [{ text: 'Why coffee?', time_limit: 60 }] } });
    expect(opened.status).toBe(200);
    // A real recording, so that Chromium decodes and plays it; the cue covers all of it.
    const video = await recordedWebm(browser, 2500);
    const set = await company.api.request('PUT', `/jobs/${company.job.uuid}/video`, { rawBody: video, headers: { 'content-type': 'video/webm' } });
    expect(set.status).toBe(200);
    const captions = `WEBVTT\n\n00:00:00.000 --> 00:01:00.000\n${CUE}\n`;
    const withCaptions = await company.api.request('PUT', `/jobs/${company.job.uuid}/video/captions`, { rawBody: captions, headers: { 'content-type': 'text/vtt' } });
    expect(withCaptions.status).toBe(200);

    const { page } = await newPage(browser);
    await withSteps(page, 'job-video-captions', async (step) => {
      const link = new URL(opened.body.open_interview.link);
      await page.goto(`${new URL(t.baseUrl).origin}${link.pathname}`);
      await heading(page, 'Barista');
      const track = page.locator('figure video track');
      expect(await track.getAttribute('kind')).toBe('captions');
      expect(await track.getAttribute('default')).toBe('');
      expect(await track.getAttribute('label')).toBe(en.common.captions);
      expect(await track.getAttribute('src')).toBe(new URL(withCaptions.body.job_video.captions_url).pathname);

      const player = page.locator('figure video');
      await player.evaluate(playMuted);
      await page.waitForFunction(
        (cue) => {
          const tracks = (globalThis as any).document.querySelector('figure video').textTracks;
          return tracks.length === 1 && tracks[0].mode === 'showing' && tracks[0].activeCues?.length === 1 && tracks[0].activeCues[0].text === cue;
        },
        CUE,
      );
      await step('captions-showing');
    });
  }, 120_000);
});
