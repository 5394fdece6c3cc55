import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { de } from '../../apps/web/src/i18n/de';
import { en } from '../../apps/web/src/i18n/en';
import { es } from '../../apps/web/src/i18n/es';
import { fr } from '../../apps/web/src/i18n/fr';
import { ws } from '../../apps/web/src/i18n/workspace';
import { companyWithJob, createInterview, interviewBody, liveBody } from '../interviews/interview-helpers';
import { bodyOf, createWebhook, SmtpInbox, WebhookReceiver } from '../notifications/notification-helpers';
import { InterviewCreations } from '../sharing/sharing-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { oneHeavySpecAtATime } from '../support/heavy-specs';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { axeViolations, isFocused, outlineStyle, playMuted } from './page-helpers';
import { LAPTOP, MAIL_TIMEOUT_MS, signedInUser, type Company } from './workspace-helpers';

/** Waits until the page's main region says `text` (a page renders after its request; a click changes it later still). */
async function mainSays(page: Page, text: string): Promise<void> {
  let seen = '';
  await waitFor(async () => (seen = (await page.textContent('main')) ?? '').includes(text), 15_000).catch(() => {
    throw new Error(`the page never said ${JSON.stringify(text)}; it said: ${seen}`);
  });
}

/**
 * Issue 42 through the pages: accommodations change what the candidate can do (more time, sound only), the
 * candidate can ask for one from every page, and the candidate pages meet WCAG 2.2 AA (axe's wcag22aa rules in
 * the four languages, plus what axe cannot see: target sizes measured, a keyboard-only pass of the recorder).
 */

oneHeavySpecAtATime();

const LANGUAGES = [
  ['en-US', en],
  ['es-ES', es],
  ['fr-FR', fr],
  ['de-DE', de],
] as const;

/** Makes the page's camera missing: getUserMedia refuses any request for video, as a computer without a camera does. */
const NO_CAMERA = `{
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (c) => (c && c.video ? Promise.reject(new DOMException('no camera', 'NotFoundError')) : original(c));
}`;

/**
 * The page's targets (buttons, links, form controls) smaller than 24×24 CSS px without the spacing 2.5.8 allows (a
 * 24-px circle on the target's centre touching no other target), as `tag "name" w×h`. Links inside a sentence are
 * exempt (2.5.8's inline exception), as are hidden elements.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const document: any = (globalThis as any).document;
    const window: any = globalThis;
    const targets = [...document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]')].filter(
      (node: any) => {
        const rect = node.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && window.getComputedStyle(node).visibility !== 'hidden';
      },
    );
    const inline = (node: any) => node.tagName === 'A' && (node.parentElement?.textContent ?? '').trim() !== (node.textContent ?? '').trim();
    const distance = (x: number, y: number, r: any) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    const small: string[] = [];
    for (const node of targets) {
      const rect = node.getBoundingClientRect();
      if ((rect.width >= 24 && rect.height >= 24) || inline(node)) continue;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const crowded = targets.some(
        (other: any) => other !== node && !node.contains(other) && !other.contains(node) && distance(x, y, other.getBoundingClientRect()) < 12,
      );
      if (crowded)
        small.push(
          `${node.tagName.toLowerCase()} "${(node.textContent || node.getAttribute('aria-label') || node.name || '').trim().slice(0, 40)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
    }
    return small;
  });
}

/** Presses Tab until the focused element's accessible text is `name` (at most 40 times); fails naming where it stopped. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active: any = (globalThis as any).document.activeElement;
      return (active?.textContent || active?.getAttribute('aria-label') || '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** The element with focus is `name` and shows its focus ring (2.4.7, and not hidden under anything: 2.4.11). */
async function expectFocusVisible(page: Page, name: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name });
  await button.waitFor();
  await page.waitForFunction(() => (globalThis as any).document.activeElement?.tagName === 'BUTTON');
  expect(await button.evaluate(isFocused)).toBe(true);
  expect(await button.evaluate(outlineStyle)).not.toBe('none');
  // Nothing covers its centre: the element at that point is the button (or inside it).
  const covered = await button.evaluate((node: any) => {
    const rect = node.getBoundingClientRect();
    const top = (globalThis as any).document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !(top && (top === node || node.contains(top)));
  });
  expect(covered).toBe(false);
}

describeInBrowser('accommodations and WCAG 2.2 on the candidate pages (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let creations: InterviewCreations;
  let browser: Browser;
  let company: Company;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let site: string;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({ SMTP_URL: inbox.url });
    site = new URL(t.baseUrl).origin;
    creations = await new InterviewCreations().start(t);
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Piano Tuner' });
    await createWebhook(company.api, { description: 'ATS', url: receiver.url() });
    admin = await signedInUser(t, inbox, browser, company, 'Avery Admin', 'administrator');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await creations?.close();
    await t?.stop();
    await receiver?.close();
    await inbox?.close();
  });

  async function invitation(overrides: Record<string, unknown> = {}) {
    const created = await createInterview(company.api, interviewBody(company.job.uuid, overrides));
    const token = await creations.candidateToken(created.uuid);
    return { created, url: `${site}/candidate/interviews/${created.uuid}?token=${encodeURIComponent(token)}` };
  }

  it('a candidate with time_multiplier 1.5 records 80 s on a 60-s question and it is accepted; the countdown is announced at 60 and 30 s left, not every second', async () => {
    const { created, url } = await invitation({
      questions: [{ text: 'Tell us about a piano you restored.', time_limit: 60, takes: 1, think_time: '0' }],
      accommodations: { time_multiplier: 1.5 },
    });
    // Every rendering shows the effective limit: 90 s.
    const read = (await company.api.get(`/interviews/${created.uuid}`)).body;
    expect(read.accommodations).toEqual({ time_multiplier: 1.5, unlimited_time: false, extra_takes: 0, audio_only: false });
    expect(read.questions[0].time_limit).toBe(90);

    const { page } = await newPage(browser);
    await withSteps(page, 'time-multiplier', async (step) => {
      await page.goto(url);
      await mainSays(page, en.landing.questionLimits(1, en.common.duration(90), 1));
      await mainSays(page, en.accommodation.extended);
      await page.getByRole('button', { name: en.device.check }).click();
      await page.getByText(en.device.ok).waitFor();
      await page.getByRole('button', { name: en.landing.accept }).click();
      await page.getByRole('button', { name: en.question.start, exact: true }).click();
      await page.getByText(en.question.recording, { exact: true }).waitFor();
      await step('recording');
      // Announced once at 60 s left (30 s in), once at 30 s left (60 s in); the visible clock is not announced.
      await page.getByText(en.accommodation.announceLeft(en.common.clock(60))).waitFor({ state: 'attached', timeout: 40_000 });
      expect(await page.getByRole('timer').getAttribute('aria-live')).toBe('off');
      await page.getByText(en.accommodation.announceLeft(en.common.clock(30))).waitFor({ state: 'attached', timeout: 40_000 });
      await page.waitForFunction(() => /0:(10|0\d) /.test((globalThis as any).document.querySelector('[role="timer"]')?.textContent ?? ''), undefined, {
        timeout: 30_000,
      });
      await page.getByRole('button', { name: en.question.stop }).click();
      await page.getByText(en.question.uploaded).waitFor({ timeout: 60_000 });
      await step('uploaded');
      // The company sees takes once the interview is completed.
      await page.getByRole('button', { name: en.question.submitLast }).click();
      await page.getByRole('button', { name: en.finish.action }).click();
      await page.getByRole('heading', { name: en.finish.doneHeading }).waitFor();
    });
    const takes = (await company.api.get(`/interviews/${created.uuid}/questions/${read.questions[0].uuid}/takes`)).body;
    expect(takes).toHaveLength(1);
    expect(takes[0].duration_seconds).toBeGreaterThan(75);
    expect(takes[0].duration_seconds).toBeLessThanOrEqual(90);
  }, 240_000);

  it('an audio_only candidate completes without a camera, and the company plays the audio named after the candidate', async () => {
    const { created, url } = await invitation({
      assigned_to: { name: 'Sam Sound', email: `sam.${Date.now()}@seekers.example` },
      questions: [{ text: 'Describe a sound you love.', time_limit: 30, takes: 1, think_time: '0' }],
      accommodations: { audio_only: true },
    });
    const { page, context } = await newPage(browser);
    await page.addInitScript({ content: NO_CAMERA });
    await withSteps(page, 'audio-only', async (step) => {
      await page.goto(url);
      await mainSays(page, en.accommodation.audioOnly);
      await page.getByRole('button', { name: en.accommodation.micOnlyCheck }).click();
      await page.getByText(en.accommodation.micOk).waitFor();
      expect(await page.locator('video').count()).toBe(0);
      await page.getByRole('button', { name: en.landing.accept }).click();
      await page.getByRole('button', { name: en.question.start, exact: true }).click();
      await page.getByText(en.accommodation.recordingAudio, { exact: true }).waitFor();
      await page.waitForTimeout(2000);
      await page.getByRole('button', { name: en.question.stop }).click();
      await page.getByText(en.question.uploaded).waitFor();
      expect(await page.locator('audio').count()).toBe(1);
      await step('uploaded');
      await page.getByRole('button', { name: en.question.submitLast }).click();
      await page.getByRole('button', { name: en.finish.action }).click();
      await page.getByRole('heading', { name: en.finish.doneHeading }).waitFor();
    });
    await context.close();

    const question = (await company.api.get(`/interviews/${created.uuid}`)).body.questions[0];
    const takes = (await company.api.get(`/interviews/${created.uuid}/questions/${question.uuid}/takes`)).body;
    expect(takes).toEqual([expect.objectContaining({ kind: 'audio' })]);

    await withSteps(admin.page, 'audio-only-watch', async () => {
      await admin.page.goto(`${site}/interview/${created.uuid}/watch`);
      await admin.page.getByText(ws.accommodations.audioAnswer('Sam Sound')).first().waitFor();
      const audio = admin.page.locator('audio');
      expect(await audio.getAttribute('aria-label')).toContain('Sam Sound');
      await audio.evaluate(playMuted);
      expect(await admin.page.locator('video').count()).toBe(0);
    });
  }, 120_000);

  it('unlimited_time: the pages say there is no time limit and show the time recorded, with no countdown', async () => {
    const { url } = await invitation({
      questions: [{ text: 'Take your time: what makes a piano sing?', time_limit: 30, takes: 1, think_time: '0' }],
      accommodations: { unlimited_time: true },
    });
    const { page, context } = await newPage(browser);
    await withSteps(page, 'unlimited-time', async (step) => {
      await page.goto(url);
      await mainSays(page, en.accommodation.questionNoLimit(1, 1));
      await page.getByRole('button', { name: en.device.check }).click();
      await page.getByText(en.device.ok).waitFor();
      await page.getByRole('button', { name: en.landing.accept }).click();
      await mainSays(page, en.accommodation.noTimeLimit);
      await page.getByRole('button', { name: en.question.start, exact: true }).click();
      await page
        .getByRole('timer')
        .filter({ hasText: en.accommodation.elapsed(en.common.clock(2)) })
        .waitFor();
      // A clock that counts up, never down.
      expect(await page.getByRole('timer').textContent()).toMatch(/^\d+:\d\d recorded$/);
      await step('recording');
      await page.getByRole('button', { name: en.question.stop }).click();
      await page.getByText(en.question.uploaded).waitFor();
    });
    await context.close();
  }, 60_000);

  it("a candidate's request reaches the creator's mailbox, the webhook and the interview page; the fourth of a day is refused as a sentence", async () => {
    const { created, url } = await invitation();
    const message = 'I use a screen reader and would like twice the time, please.';
    const { page, context } = await newPage(browser);
    await withSteps(page, 'accommodation-request', async (step) => {
      await page.goto(url);
      const help = page.getByRole('button', { name: en.accommodation.help });
      expect(await help.getAttribute('aria-expanded')).toBe('false');
      await help.click();
      expect(await help.getAttribute('aria-expanded')).toBe('true');
      // An empty request is refused on the page, beside the field.
      await page.getByRole('button', { name: en.accommodation.send }).click();
      await page.getByRole('alert').filter({ hasText: en.accommodation.empty }).waitFor();
      await page.getByLabel(en.accommodation.label).fill(message);
      await page.getByRole('button', { name: en.accommodation.send }).click();
      await page.getByText(en.accommodation.sent).waitFor();
      await step('sent');
      // Nothing is asked twice: the form is gone once the request is sent.
      expect(await page.getByLabel(en.accommodation.label).count()).toBe(0);
    });

    // The administrator's mailbox holds other mail too (the set-password email): the request's is the one with its words.
    await waitFor(() => inbox.to(admin.email).some((mail) => mail.text.includes(message)), MAIL_TIMEOUT_MS);
    // The payload is {interview, message, requested_at}: found by its interview's uuid.
    const delivered = () => receiver.of('AccommodationRequested').find((r) => bodyOf(r).interview?.uuid === created.uuid);
    await waitFor(() => delivered() !== undefined, 30_000);
    const hook = delivered()!;
    expect(bodyOf(hook)).toMatchObject({ message, requested_at: expect.stringMatching(/\+00:00$/) });
    expect((await company.api.get(`/interviews/${created.uuid}`)).body.accommodation_requests).toEqual([
      { message, requested_at: expect.stringMatching(/\+00:00$/) },
    ]);

    // The interview page shows it, with the form to set accommodations; saving them changes the interview.
    await withSteps(admin.page, 'accommodation-request-watch', async () => {
      await admin.page.goto(`${site}/interview/${created.uuid}/watch`);
      await admin.page.getByText(message).waitFor();
      await admin.page.getByLabel(ws.accommodations.multiplier).fill('2');
      await admin.page.getByRole('button', { name: ws.accommodations.save }).click();
      await admin.page.getByText(ws.accommodations.saved).waitFor();
    });
    expect((await company.api.get(`/interviews/${created.uuid}`)).body.accommodations).toMatchObject({ time_multiplier: 2 });

    // Two more the same day are taken; the fourth is a sentence, not JSON.
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await page.getByRole('button', { name: en.accommodation.help }).click();
      await page.getByLabel(en.accommodation.label).fill(`${message} (${i + 2})`);
      await page.getByRole('button', { name: en.accommodation.send }).click();
      await page.getByText(en.accommodation.sent).waitFor();
    }
    await page.reload();
    await page.getByRole('button', { name: en.accommodation.help }).click();
    await page.getByLabel(en.accommodation.label).fill(`${message} (4)`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/accommodation_request') && r.status() === 429);
    await page.getByRole('button', { name: en.accommodation.send }).click();
    const retryAfter = Number((await refused).headers()['retry-after']);
    const refusal = page.getByRole('alert').filter({ hasText: /most requests allowed in a day/ });
    await refusal.waitFor();
    // The wait until the next UTC day, as people say it ('7 hours 5 minutes', never '425 minutes'), and its local time.
    const said = (await refusal.textContent()) ?? '';
    expect(said).toContain(`in ${en.common.duration(retryAfter)} (at `);
    expect(said).not.toMatch(/\d{3,} minutes|api\./);
    await context.close();
  }, 120_000);

  it('keyboard only: the recorder is driven with Tab, Enter and Space, focus visible after each step', async () => {
    const { url } = await invitation({ questions: [{ text: 'Which tool do you reach for first?', time_limit: 30, takes: 1, think_time: '0' }] });
    const { page, context } = await newPage(browser, LAPTOP);
    await withSteps(page, 'keyboard-recorder', async (step) => {
      await page.goto(url);
      await tabTo(page, en.device.check);
      await page.keyboard.press('Enter');
      await page.getByText(en.device.ok).waitFor();
      // The check passed: focus moves to Start by itself.
      await expectFocusVisible(page, en.landing.accept);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Which tool do you reach for first?' }).waitFor();
      await step('question');
      // The question's heading takes focus when the screen appears (screen readers read it): Tab goes on to Start.
      await tabTo(page, en.question.start);
      await page.keyboard.press(' ');
      await expectFocusVisible(page, en.question.stop);
      await page.waitForTimeout(2000);
      await page.keyboard.press('Enter');
      await page.getByText(en.question.uploaded).waitFor();
      await expectFocusVisible(page, en.question.submitLast);
      await step('review');
      await page.keyboard.press('Enter');
      await tabTo(page, en.finish.action);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: en.finish.doneHeading }).waitFor();
      // The help stays reachable by keyboard at the end too, in the same place.
      await tabTo(page, en.accommodation.help);
      await page.keyboard.press('Enter');
      await page.getByLabel(en.accommodation.label).waitFor();
    });
    await context.close();
  }, 90_000);

  it('keyboard only: the live landing page (attend, device check, the help) with Tab and Enter, focus visible after each step', async () => {
    const live = await createInterview(company.api, liveBody(company.job.uuid));
    const url = `${site}/candidate/interviews/${live.uuid}?token=${encodeURIComponent(await creations.candidateToken(live.uuid))}`;
    const { page, context } = await newPage(browser, LAPTOP);
    await withSteps(page, 'keyboard-live-landing', async (step) => {
      await page.goto(url);
      await page.getByRole('heading', { name: en.live.heading('Piano Tuner') }).waitFor();
      await tabTo(page, en.live.attend);
      await expectFocusVisible(page, en.live.attend);
      await page.keyboard.press('Enter');
      await page.getByText(en.live.attendanceConfirmed).waitFor();
      // The button gave way to its confirmation, which holds the focus: the next Tab goes on from there.
      expect(await page.getByText(en.live.attendanceConfirmed).evaluate(isFocused)).toBe(true);
      await tabTo(page, en.device.check);
      await expectFocusVisible(page, en.device.check);
      await page.keyboard.press('Enter');
      await page.getByText(en.device.ok).waitFor();
      await step('checked');
      await tabTo(page, en.accommodation.help);
      await expectFocusVisible(page, en.accommodation.help);
      await page.keyboard.press('Enter');
      await page.getByLabel(en.accommodation.label).waitFor();
      expect(await page.getByLabel(en.accommodation.label).evaluate(isFocused)).toBe(true);
    });
    await context.close();
  }, 60_000);

  it('every candidate page, in each of the four languages: axe wcag22aa finds nothing, every target measures 24×24 or is spaced, the help is in the same place', async () => {
    const oneWay = await invitation({ questions: [{ text: 'Why tuning?', time_limit: 30, takes: 1, think_time: '0' }] });
    const live = await createInterview(company.api, liveBody(company.job.uuid));
    const liveUrl = `${site}/candidate/interviews/${live.uuid}?token=${encodeURIComponent(await creations.candidateToken(live.uuid))}`;
    const job = await company.api.post('/jobs', {
      title: 'Tuning Apprentice',
      locality: { work_mode: 'on_site', work_place: 'Lyon' },
      open_interview: { status: 'active', questions: [{ text: 'Why tuning?', time_limit: 30 }] },
    });
    expect(job.status).toBe(201);
    const applyUrl = `${site}${new URL(job.body.open_interview.link).pathname}`;

    for (const [locale, texts] of LANGUAGES) {
      const { page, context } = await newPage(browser, undefined, { locale });
      const check = async (name: string) => {
        // The help, open, is part of every page.
        const help = page.getByRole('button', { name: texts.accommodation.help });
        await help.click();
        const where = `${name} in ${locale}`;
        expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] });
        expect({ where, small: await smallTargets(page) }).toEqual({ where, small: [] });
        // Same place: the help comes right after the page's content, its own landmark.
        expect(await page.evaluate(() => (globalThis as any).document.getElementById('app')?.nextElementSibling?.id)).toBe('accommodation-help');
        await help.click();
      };
      await withSteps(page, `wcag22-${locale}`, async (step) => {
        await page.goto(oneWay.url);
        await page.getByRole('heading', { name: texts.landing.heading('Piano Tuner') }).waitFor();
        await check('landing');
        await page.getByRole('button', { name: texts.device.check }).click();
        await page.getByText(texts.device.ok).waitFor();
        await page.getByRole('button', { name: locale === 'en-US' ? texts.landing.accept : texts.landing.resume }).click();
        await page.getByRole('heading', { name: 'Why tuning?' }).waitFor();
        await check('question');
        await step('question');

        await page.goto(liveUrl);
        await page.getByRole('heading', { name: texts.live.heading('Piano Tuner') }).waitFor();
        await check('live landing');

        await page.goto(applyUrl);
        await page.getByRole('heading', { name: 'Tuning Apprentice' }).first().waitFor();
        const help = page.getByRole('button', { name: texts.accommodation.help });
        await help.click();
        await page.getByText(texts.accommodation.applyNote).waitFor();
        await help.click();
        await check('apply');
        await step('apply');
      });
      await context.close();
    }
  }, 240_000);
});
