import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { de } from '../../apps/web/src/i18n/de';
import { en } from '../../apps/web/src/i18n/en';
import { companyWithJob, createInterview, interviewBody, liveBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { axeViolations, currentTime, isFocused, outlineStyle, playMuted, recordTake, scrollsHorizontally } from './page-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The core loop in a real browser: the invitation email's link, the camera
 * (Chromium's fake device), every question answered with a retake on one,
 * finish; then the reviewer watches the answers through the share link.
 */

/** The invitation link of the email, on this test system's gateway (the email names PUBLIC_BASE_URL). */
function linkOnGateway(t: TestSystem, emailText: string): string {
  const link = new URL(/(http\S+\/candidate\/interviews\/\S+)/.exec(emailText)![1]);
  return new URL(`${link.pathname}${link.search}`, t.baseUrl).toString();
}

/** Records (see recordTake) and waits until the server accepted the take. */
async function recordAndUpload(page: Page, stopAfterMs?: number): Promise<void> {
  await recordTake(page, stopAfterMs);
  await page.getByText(en.question.uploaded).waitFor({ timeout: 45_000 });
}

describeInBrowser('candidate and reviewer pages (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let browser: Browser;
  let company: Awaited<ReturnType<typeof companyWithJob>>;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Camera Operator' });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await inbox?.close();
  });

  it('invitation email → accept → every question recorded (one retake) → finish; the company sees the takes; the reviewer watches them until the link is deactivated', async () => {
    const email = seekerEmail('browser');
    const questions = [
      { text: 'Introduce yourself.', time_limit: 30, takes: 2, think_time: '0' },
      { text: 'Describe a shot you are proud of.', time_limit: 30, takes: 1, think_time: '15' },
    ];
    const created = await createInterview(
      company.api,
      interviewBody(company.job.uuid, { questions, assigned_to: { name: 'Robin Recorder', email }, timezone: 'Asia/Tokyo' }),
    );
    const mail = await inbox.next(email);
    const { page } = await newPage(browser);

    await withSteps(page, 'core-loop', async (step) => {
      await page.goto(linkOnGateway(t, mail.text));
      await page.getByRole('heading', { name: en.landing.heading('Camera Operator') }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.textContent('main')).toContain(company.me.company.name);
      // The due time in the candidate's zone (the context's New York) and the interview's zone named.
      expect(await page.textContent('main')).toContain('Asia/Tokyo');
      expect(await page.getByText(en.landing.questionLimits(1, en.common.duration(30), 2)).count()).toBe(1);
      expect(await scrollsHorizontally(page)).toBe(false);
      await step('landing');

      // Keyboard only: Tab reaches the device check, which shows a visible focus ring, and Enter runs it.
      const check = page.getByRole('button', { name: en.device.check });
      for (let i = 0; i < 10 && !(await check.evaluate(isFocused)); i++) await page.keyboard.press('Tab');
      expect(await check.evaluate(isFocused)).toBe(true);
      expect(await check.evaluate(outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');
      await page.getByText(en.device.ok).waitFor();
      await page.getByRole('meter', { name: en.device.micLevel }).waitFor();
      await step('device-check');

      await page.getByRole('button', { name: en.landing.accept }).click();
      await page.getByRole('heading', { name: questions[0].text }).waitFor();
      expect(await page.textContent('main')).toContain(en.question.takesLeft(2));
      expect(await scrollsHorizontally(page)).toBe(false);

      // Question 1: a take stopped by the candidate, and a retake.
      await recordAndUpload(page, 1500);
      expect(await page.locator('video[controls]').count()).toBe(1);
      await step('first-take');
      await page.getByRole('button', { name: en.question.retake(1) }).click();
      await recordAndUpload(page, 2500);
      // No takes remain: only submitting is offered.
      expect(await page.getByRole('button', { name: /Record again/ }).count()).toBe(0);
      await step('retake');
      await page.getByRole('button', { name: en.question.submit }).click();

      // Question 2: think time counts down (cut short here); the 30 s time limit stops the recording by itself.
      await page.getByRole('heading', { name: questions[1].text }).waitFor();
      await page.getByRole('heading', { name: en.question.thinkHeading }).waitFor();
      expect(await page.textContent('main')).toContain(en.question.progress(2, 2));
      await recordAndUpload(page);
      await page.getByRole('button', { name: en.question.submitLast }).click();

      await page.getByRole('button', { name: en.finish.action }).click();
      await page.getByRole('heading', { name: en.finish.doneHeading }).waitFor();
      await step('done');
    });

    // The company's side: completed, with the takes the browser recorded and plausible lengths.
    const read = await company.api.get(`/interviews/${created.uuid}`);
    expect(read.body.status).toBe('completed');
    const takesOf = async (index: number) => (await company.api.get(`/interviews/${created.uuid}/questions/${read.body.questions[index].uuid}/takes`)).body;
    const [first, second] = [await takesOf(0), await takesOf(1)];
    expect(first.map((take: any) => take.number)).toEqual([1, 2]);
    expect(second).toHaveLength(1);
    for (const take of [...first, ...second]) {
      expect(take.content_type).toBe('video/webm');
      expect(take.size).toBeGreaterThan(1000);
    }
    // Stopped by hand after 1.5 and 2.5 s (plus the test's own latency on a busy machine); stopped by the 30 s limit.
    for (const take of first) {
      expect(take.duration_seconds).toBeGreaterThan(1);
      expect(take.duration_seconds).toBeLessThan(10);
    }
    expect(second[0].duration_seconds).toBeGreaterThan(28);
    expect(second[0].duration_seconds).toBeLessThanOrEqual(32);

    // Reopening the invitation says it is done.
    const { page: again } = await newPage(browser);
    await again.goto(linkOnGateway(t, mail.text));
    await again.getByText(en.errors.interviewCompleted).waitFor();

    // The reviewer: the basic share link plays the answers.
    const link = (await company.api.post(`/interviews/${created.uuid}/share_link`)).body;
    const shareUrl = new URL(new URL(link.url).pathname, t.baseUrl).toString();
    const { page: reviewer } = await newPage(browser, { width: 1280, height: 900 });
    await withSteps(reviewer, 'reviewer', async (step) => {
      await reviewer.goto(shareUrl);
      await reviewer.getByRole('heading', { name: 'Robin Recorder' }).waitFor();
      const main = await reviewer.textContent('main');
      expect(main).toContain(en.share.job('Camera Operator'));
      expect(main).toContain(questions[0].text);
      expect(main).toContain(questions[1].text);
      expect(await reviewer.locator('video').count()).toBe(3);
      const video = reviewer.locator('video').first();
      await video.evaluate(playMuted);
      // Polled from here: the page's CSP (no eval) refuses waitForFunction's string predicates.
      await waitFor(async () => (await video.evaluate(currentTime)) > 0.3, 10_000, 100);
      await step('playing');

      expect((await company.api.put(`/interviews/${created.uuid}/share_link/${link.uuid}`, { status: 'inactive' })).status).toBe(201);
      await reviewer.reload();
      await reviewer.getByRole('heading', { name: en.share.notAvailable }).waitFor();
      expect((await reviewer.textContent('body'))?.trim()).toBe(en.share.notAvailable);
      await step('deactivated');
    });
  }, 150_000);

  it('an advanced share link lists its interviews and opens each; an unknown link shows only "not available"', async () => {
    const completed = [];
    for (const name of ['Ada Answer', 'Ben Bright']) {
      const live = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name, email: seekerEmail('live') } }));
      completed.push(await putInterview(company.api, live.uuid, { status: 'completed' }));
    }
    const created = await company.api.post('/share_links', {
      reviewers: [{ name: 'Rita Reviewer', email: seekerEmail('rita') }],
      interviews: completed.map((i) => ({ uuid: i.uuid })),
    });
    expect(created.status).toBe(201);
    const { page } = await newPage(browser);
    await withSteps(page, 'advanced-link', async (step) => {
      await page.goto(new URL(new URL(created.body[0].url).pathname, t.baseUrl).toString());
      await page.getByRole('heading', { name: en.share.interviewsHeading(2) }).waitFor();
      await step('list');
      await page.getByRole('link', { name: en.share.open('Ben Bright', 'Camera Operator') }).click();
      await page.getByRole('heading', { name: 'Ben Bright' }).waitFor();
      await page.getByRole('link', { name: en.share.back }).click();
      await page.getByRole('link', { name: en.share.open('Ada Answer', 'Camera Operator') }).click();
      await page.getByRole('heading', { name: 'Ada Answer' }).waitFor();
      expect(await scrollsHorizontally(page)).toBe(false);
      await step('opened');

      // The reviewer's language, switched on the page: the same screen again, in German, the switcher still focused.
      await page.getByLabel(en.language.label).selectOption('de');
      await page.getByRole('link', { name: de.share.back }).waitFor();
      expect(await page.textContent('main')).toContain(de.share.job('Camera Operator'));
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.getByLabel(de.language.label).evaluate(isFocused)).toBe(true);
      await page.getByRole('link', { name: de.share.back }).click();
      await page.getByRole('heading', { name: de.share.interviewsHeading(2) }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await step('german');

      // The choice is remembered on this browser: the next link opens in German.
      await page.goto(new URL('/share/unknown-token-0000000000000000000000000000000', t.baseUrl).toString());
      await page.getByRole('heading', { name: de.share.notAvailable }).waitFor();
      expect((await page.textContent('body'))?.trim()).toBe(de.share.notAvailable);
    });
  });
});
