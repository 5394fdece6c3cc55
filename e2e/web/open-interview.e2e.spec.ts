import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { en } from '../../apps/web/src/i18n/en';
import { es } from '../../apps/web/src/i18n/es';
import { ws } from '../../apps/web/src/i18n/workspace';
import { companyWithJob, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { webmFile } from '@vi/platform-testing';
import { checkDevicesAndStart, playMuted, recordTake, scrollsHorizontally } from './page-helpers';
import { expectNoAxeViolation, heading, LAPTOP, MAIL_TIMEOUT_MS, PHONE, signedInUser, type Company } from './workspace-helpers';

/**
 * Decision 045 through the pages: the company turns a job's open interview on from the job page and copies its
 * link; an applicant opens it on a phone in a fresh browser context, applies, follows the emailed link, records every
 * answer and finishes; the company finds the interview in its list. And the refusals: a closed link, a bad field,
 * too many attempts. axe at 1280 and 390 px on the job page and the apply page.
 */

/** Applications per client address and minute: low, so that the 429 is reached in a few requests. */
const PER_CLIENT = 4;
const QUESTIONS = ['What makes a good espresso?', 'Tell us about a busy morning you handled.'];

describeInBrowser('open interview: the job page’s link and the apply page (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let browser: Browser;
  let company: Company;
  let page: Page;
  let site: string;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT: String(PER_CLIENT), OPEN_INTERVIEW_DUE_DAYS: '5' });
    site = new URL(t.baseUrl).origin;
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', {
      title: 'Barista',
      description: 'Coffee, people, speed.\nMornings from 6.',
      location: { city: 'Lyon', country: 'France' },
    });
    ({ page } = await signedInUser(t, inbox, browser, company, 'Olga Opener', 'administrator'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await inbox?.close();
  });

  /** The link as this test system serves it (the API writes it under PUBLIC_BASE_URL). */
  const onSite = (link: string) => {
    const url = new URL(link);
    return `${site}${url.pathname}${url.search}`;
  };

  async function axeAtBothWidths(on: Page): Promise<void> {
    await on.setViewportSize(LAPTOP);
    await expectNoAxeViolation(on);
    await on.setViewportSize(PHONE);
    await expectNoAxeViolation(on);
    expect(await scrollsHorizontally(on)).toBe(false);
  }

  it('turns on from the job page (link, copy); an applicant on a phone applies, records from the emailed link; the company sees the interview', async () => {
    const email = seekerEmail('ada');
    let link = '';
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
    await withSteps(page, 'open-interview-company', async (step) => {
      await page.goto(`${site}/jobs/${company.job.uuid}`);
      await heading(page, ws.jobs.editHeading);
      const section = page.getByRole('region', { name: ws.openInterview.heading });
      expect(await section.textContent()).toContain(ws.openInterview.offSentence);
      await section.getByLabel(ws.openInterview.active).check();
      await section.getByLabel(ws.invite.questionText(1), { exact: true }).fill(QUESTIONS[0]);
      await section.getByRole('button', { name: ws.invite.addQuestion }).click();
      await section.getByLabel(ws.invite.questionText(2), { exact: true }).fill(QUESTIONS[1]);
      await section.getByRole('button', { name: ws.openInterview.save }).click();
      await page.getByText(ws.openInterview.turnedOn('Barista')).waitFor();
      await step('turned-on');

      const job = (await company.api.get(`/jobs/${company.job.uuid}`)).body;
      expect(job.open_interview).toMatchObject({ status: 'active', questions: QUESTIONS.map((text) => ({ text, time_limit: 60 })) });
      link = job.open_interview.link;
      expect(await page.locator('#open-interview-link').inputValue()).toBe(link);
      await page.getByRole('button', { name: `${ws.common.copy}: ${ws.openInterview.link}` }).click();
      await page.getByText(ws.common.copied).waitFor();
      expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(link);

      // The job video, recorded on the page with the (fake) camera: stopped once the page counts 3 s, watched, used.
      const videoPanel = page.getByRole('region', { name: ws.jobVideo.heading });
      expect(await videoPanel.textContent()).toContain(ws.jobVideo.none);
      await videoPanel.getByRole('button', { name: ws.jobVideo.record }).click();
      await videoPanel.getByRole('button', { name: ws.jobVideo.start }).click();
      await videoPanel
        .getByRole('timer')
        .filter({ hasText: ws.jobVideo.left('2:57') })
        .waitFor();
      await videoPanel.getByRole('button', { name: ws.jobVideo.stop }).click();
      await videoPanel.getByRole('heading', { name: ws.jobVideo.review }).waitFor();
      await step('job-video-review');
      await videoPanel.getByRole('button', { name: ws.jobVideo.use }).click();
      await page.getByText(ws.jobVideo.saved('Barista')).waitFor();
      const withVideo = (await company.api.get(`/jobs/${company.job.uuid}`)).body;
      expect(withVideo.job_video).toMatchObject({ content_type: 'video/webm', duration_seconds: expect.any(Number) });
      expect(withVideo.job_video.duration_seconds).toBeGreaterThan(2);
      expect(await page.getByRole('region', { name: ws.jobVideo.heading }).getByLabel(ws.jobVideo.current).getAttribute('src')).toBe(
        new URL(withVideo.job_video.url).pathname,
      );
      await step('job-page-laptop');
      await axeAtBothWidths(page);
      await step('job-page-phone');
      await page.setViewportSize(LAPTOP);
    });

    // The applicant: a fresh context (nothing shared with the company's), a 390-px phone, an integrator's pre-filled name.
    const applicant = await newPage(browser, PHONE);
    await withSteps(applicant.page, 'open-interview-applicant', async (step) => {
      const on = applicant.page;
      await on.goto(`${onSite(link)}?name=${encodeURIComponent('Ada Applicant')}`);
      await heading(on, 'Barista');
      const text = await on.textContent('main');
      for (const part of [
        en.apply.eyebrow(company.me.company.name),
        'Lyon',
        'Coffee, people, speed.',
        en.apply.steps(2, 5)[2],
        en.apply.questionLimit(2, en.common.duration(60)),
      ]) {
        expect(text).toContain(part);
      }
      // The recruiter's video, playable from this origin.
      const jobVideo = on.getByRole('figure').locator('video');
      await jobVideo.evaluate(playMuted);
      await on.waitForFunction(() => (globalThis as any).document.querySelector('figure video').currentTime > 0);
      // Unlimited plan: SMS invitations, so a phone with its consent sentence is offered.
      expect(await on.getByLabel(en.apply.smsConsent).count()).toBe(1);
      expect(await on.getByLabel(en.apply.name).inputValue()).toBe('Ada Applicant');
      await on.setViewportSize(LAPTOP);
      await step('apply-page-laptop');
      await axeAtBothWidths(on);
      await step('apply-page');

      // A bad address: refused by the API, said beside the field, nothing typed lost.
      await on.getByLabel(en.apply.email).fill('ada@');
      await on.getByRole('button', { name: en.apply.send }).click();
      await on.getByText(en.apply.fields.emailInvalid).waitFor();
      expect(await on.getByLabel(en.apply.email).getAttribute('aria-invalid')).toBe('true');
      expect(await on.getByLabel(en.apply.name).inputValue()).toBe('Ada Applicant');
      await step('bad-email');

      // By the keyboard: the address typed, Enter sends.
      await on.getByLabel(en.apply.email).fill('');
      await on.getByLabel(en.apply.email).focus();
      await on.keyboard.type(email);
      await on.keyboard.press('Enter');
      await heading(on, en.apply.sentHeading);
      expect(await on.textContent('main')).toContain(en.apply.sent(email));
      await expectNoAxeViolation(on);
      expect(await scrollsHorizontally(on)).toBe(false);
      await step('sent');

      // The invitation email's link, followed on the same phone; every answer recorded, then finished.
      const mail = await inbox.next(email, 1, MAIL_TIMEOUT_MS);
      const candidateLink = /(http\S+\/candidate\/interviews\/\S+)/.exec(mail.text)![1];
      await on.goto(onSite(candidateLink));
      await checkDevicesAndStart(on, en.landing.accept);
      for (const [index, question] of QUESTIONS.entries()) {
        await on.getByRole('heading', { name: question }).waitFor();
        await recordTake(on, 1500);
        await on.getByText(en.question.uploaded).waitFor();
        await on.getByRole('button', { name: index === QUESTIONS.length - 1 ? en.question.submitLast : en.question.submit }).click();
      }
      await on.getByRole('button', { name: en.finish.action }).click();
      await on.getByRole('heading', { name: en.finish.doneHeading }).waitFor();
      await step('finished');
    });
    await applicant.context.close();

    // The company's list shows it like any invited interview: the applicant's, completed, created by the user who turned it on.
    const listed = ((await company.api.get('/interviews?range=0-99')).body as any[]).filter((i) => i.assigned_to?.email === email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: 'one_way', status: 'completed', job_post: { uuid: company.job.uuid } });
    await page.goto(`${site}/interviews`);
    await heading(page, ws.interviews.heading);
    await page.getByRole('link', { name: 'Ada Applicant' }).first().waitFor();
  }, 180_000);

  it('says a closed or unknown link is closed, and too many attempts with when to retry, keeping what was typed', async () => {
    // Closed from the job page.
    await withSteps(page, 'open-interview-close', async (step) => {
      await page.goto(`${site}/jobs/${company.job.uuid}`);
      await heading(page, ws.jobs.editHeading);
      const section = page.getByRole('region', { name: ws.openInterview.heading });
      await section.getByLabel(ws.openInterview.active).uncheck();
      await section.getByRole('button', { name: ws.openInterview.save }).click();
      await page.getByText(ws.openInterview.turnedOff('Barista')).waitFor();
      expect(await page.getByRole('region', { name: ws.openInterview.heading }).textContent()).toContain(ws.openInterview.closedSentence);
      await step('closed');
    });
    const job = (await company.api.get(`/jobs/${company.job.uuid}`)).body;
    expect(job.open_interview.status).toBe('inactive');

    // The job video: a file that is no video is refused beside it; a WebM file replaces the recorded video; Remove, after asking.
    await withSteps(page, 'job-video-file', async (step) => {
      const panel = () => page.getByRole('region', { name: ws.jobVideo.heading });
      await panel()
        .getByLabel(ws.jobVideo.file)
        .setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: Buffer.from('not a video at all') });
      await panel().getByRole('button', { name: ws.jobVideo.use }).click();
      await panel().getByText(ws.refusals.byCode['api.job_video_not_video']).waitFor();
      await step('not-a-video');
      await panel()
        .getByLabel(ws.jobVideo.file)
        .setInputFiles({ name: 'intro.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await panel().getByText(ws.jobVideo.notAVideoFile).waitFor();
      await panel()
        .getByLabel(ws.jobVideo.file)
        .setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: webmFile({ seconds: 4 }) });
      await panel().getByRole('button', { name: ws.jobVideo.use }).click();
      await page.getByText(ws.jobVideo.saved('Barista')).waitFor();
      const replaced = (await company.api.get(`/jobs/${company.job.uuid}`)).body.job_video;
      expect(replaced.content_type).toBe('video/webm');
      expect(replaced.duration_seconds).toBeCloseTo(4, 0);
      expect(replaced.url).not.toBe(job.job_video.url);
      await panel().getByRole('button', { name: ws.jobVideo.remove }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.jobVideo.remove }).click();
      await page.getByText(ws.jobVideo.removed('Barista')).waitFor();
      expect((await company.api.get(`/jobs/${company.job.uuid}`)).body.job_video).toBeNull();
      expect(await panel().textContent()).toContain(ws.jobVideo.none);
    });

    const applicant = await newPage(browser, PHONE);
    const on = applicant.page;
    await withSteps(on, 'open-interview-refusals', async (step) => {
      for (const url of [onSite(job.open_interview.link), `${site}/apply/${randomUUID()}`]) {
        await on.goto(url);
        await heading(on, en.apply.closedHeading);
        expect(await on.getByRole('alert').textContent()).toBe(en.apply.closed);
      }
      await axeAtBothWidths(on);
      await step('closed-link');
      // The candidate pages' switcher: the sentence in Spanish, the focus kept on the switcher.
      await on.getByLabel(en.language.label).selectOption('es');
      await heading(on, es.apply.closedHeading);
      expect(await on.getByRole('alert').textContent()).toBe(es.apply.closed);
      await on.getByLabel(es.language.label).selectOption('en');

      // A link that has taken its applications of the day (issue 38): the sentence says so and keeps what was typed.
      const capped = await company.api.post('/jobs', {
        title: 'Grinder',
        locality: { work_mode: 'on_site', work_place: 'Lyon' },
        open_interview: { status: 'active', applications_per_day: 1, questions: [{ text: 'Burr or blade?', time_limit: 30 }] },
      });
      expect(capped.status).toBe(201);
      const first = await fetch(`${site}/v1.0/public/open_interviews/${capped.body.open_interview.uuid}/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'First Applicant', email: seekerEmail('first') }),
      });
      expect(first.status).toBe(202);
      await on.goto(onSite(capped.body.open_interview.link));
      await heading(on, 'Grinder');
      await on.getByLabel(en.apply.name).fill('Dee Daily');
      await on.getByLabel(en.apply.email).fill(seekerEmail('dee'));
      await on.getByRole('button', { name: en.apply.send }).click();
      const dailyAlert = on.locator('.form-alert');
      await dailyAlert.waitFor();
      expect(await dailyAlert.textContent()).toMatch(
        /^This job has received all the applications it takes in one day\. Try again in .+ \(at .+\); what you typed is kept\.$/,
      );
      expect(await on.getByLabel(en.apply.name).inputValue()).toBe('Dee Daily');
      await step('daily-limit');

      // Another job's open link; the client address has spent its applications of the minute.
      const other = await company.api.post('/jobs', {
        title: 'Roaster',
        locality: { work_mode: 'on_site', work_place: 'Lyon' },
        open_interview: { status: 'active', questions: [{ text: 'Light or dark?', time_limit: 30 }] },
      });
      expect(other.status).toBe(201);
      await on.goto(onSite(other.body.open_interview.link));
      await heading(on, 'Roaster');
      let status = 0;
      for (let i = 0; i <= PER_CLIENT && status !== 429; i++) {
        const sent = await fetch(`${site}/v1.0/public/open_interviews/${other.body.open_interview.uuid}/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Filler', email: seekerEmail('filler') }),
        });
        status = sent.status;
      }
      expect(status).toBe(429);
      await on.getByLabel(en.apply.name).fill('Ben Busy');
      await on.getByLabel(en.apply.email).fill(seekerEmail('ben'));
      await on.getByRole('button', { name: en.apply.send }).click();
      const alert = on.locator('.form-alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /^Too many attempts from this network\. Try again in \d+ (second|minute)s? .*\(at .+\); what you typed is kept\.$/,
      );
      expect(await on.getByLabel(en.apply.name).inputValue()).toBe('Ben Busy');
      await expectNoAxeViolation(on);
      await step('too-many');
    });
    await applicant.context.close();
  }, 120_000);
});
