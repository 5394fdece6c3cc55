import type { Browser, Page } from 'playwright-core';
import { waitFor, webmFile } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { account } from '../../apps/web/src/i18n/account';
import { ws } from '../../apps/web/src/i18n/workspace';
import { setPasswordTokenIn, STRONG_PASSWORD } from '../identity/session-helpers';
import { companyWithJob } from '../interviews/interview-helpers';
import { bodyOf, createWebhook, SmtpInbox, WebhookReceiver } from '../notifications/notification-helpers';
import { completedInterview, completedInterviewWithTakes, InterviewCreations } from '../sharing/sharing-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { isFocused, playMuted, scrollsHorizontally } from './page-helpers';

/**
 * A company administrator creates a colleague over the API; the colleague sets a password from the email (a weak
 * one refused first), lands signed in on the interview list, watches a completed interview, rates it (the
 * company's webhook receives InterviewRated) and shares it, signs out, and is sent back to sign in from the
 * watch page. Then: forgot-password, another company's interview, and a deleted user's session.
 */

/** Emails and webhooks go through the outbox, the bus and the senders: slow when the machine is busy. */
const MAIL_TIMEOUT_MS = 30_000;

/** An emailed link, on this test system's gateway (emails name PUBLIC_BASE_URL). */
function onGateway(t: TestSystem, link: string): string {
  const url = new URL(link);
  return new URL(`${url.pathname}${url.search}`, t.baseUrl).toString();
}

function setPasswordLink(t: TestSystem, text: string): string {
  return onGateway(t, `http://x/set-password?token=${setPasswordTokenIn(text)}`);
}

async function fillAndSubmit(page: Page, fields: Record<string, string>, button: string): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: button }).click();
}

describeInBrowser('company pages: set a password, sign in, watch and rate (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let creations: InterviewCreations;
  let browser: Browser;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let site: string;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({ SMTP_URL: inbox.url });
    site = new URL(t.baseUrl).origin;
    creations = await new InterviewCreations().start(t);
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Set Designer' });
    await createWebhook(company.api, { url: receiver.url() });
  });
  afterAll(async () => {
    await browser?.close();
    await creations?.close();
    await t?.stop();
    await receiver?.close();
    await inbox?.close();
  });

  it('new colleague: email → weak password refused → signed in → list → watch → rate (InterviewRated) → share → sign out → back to sign-in from the watch page', async () => {
    const video = webmFile({ seconds: 3, fps: 5, audio: false });
    const { interview } = await completedInterviewWithTakes(t, company, creations, [[video], []]);
    const email = `colleague.${Date.now()}@company.example`;
    const created = await company.api.post('/users', { name: 'Casey Colleague', email, role: 'standard' });
    expect(created.status).toBe(201);
    const mail = await inbox.next(email, 1, MAIL_TIMEOUT_MS);
    const { page } = await newPage(browser);

    await withSteps(page, 'company-pages', async (step) => {
      await page.goto(setPasswordLink(t, mail.text));
      await page.getByRole('heading', { name: account.setPasswordHeading }).waitFor();
      await fillAndSubmit(page, { [account.newPassword]: 'password1234' }, account.setPassword);
      await page.getByRole('alert').filter({ hasText: account.refusals['api.password_too_common'] }).waitFor();
      await step('weak-password-refused');

      await fillAndSubmit(page, { [account.newPassword]: STRONG_PASSWORD }, account.setPassword);
      await page.getByRole('heading', { name: ws.interviews.heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/interviews');
      expect(await page.textContent('header')).toContain('Casey Colleague');
      const cookies = await page.context().cookies(site);
      expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite, secure: c.secure }))).toEqual([
        { name: 'vi_session', httpOnly: true, sameSite: 'Lax', secure: false },
      ]);
      await step('signed-in-list');

      await page.getByLabel(ws.interviews.status, { exact: true }).selectOption('completed');
      await page.waitForURL(/status=completed/);
      const row = page.getByRole('link', { name: 'Vera Video', exact: true });
      await row.waitFor();
      expect(await scrollsHorizontally(page)).toBe(false);
      await row.click();

      await page.getByRole('heading', { name: 'Vera Video', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/interview/${interview.uuid}/watch`);
      expect(await page.textContent('main')).toContain(ws.watch.job('Set Designer'));
      expect(await page.getByText(ws.watch.skipped).count()).toBe(1);
      const player = page.locator('video[controls]');
      expect(await player.count()).toBe(1);
      await player.evaluate(playMuted);
      await step('watch');

      // The stars are radio buttons: the keyboard moves from 3 to 4 stars, and that choice is saved.
      await page.getByRole('radio', { name: ws.watch.star(3), exact: true }).check();
      await page.getByText(ws.watch.ratingSaved(3)).waitFor();
      await page.keyboard.press('ArrowRight');
      await page.getByText(ws.watch.ratingSaved(4)).waitFor();
      const rated = bodyOf(await receiver.next('InterviewRated', interview.uuid, 2, MAIL_TIMEOUT_MS));
      expect(rated).toMatchObject({ interview_uuid: interview.uuid, rating: 4, rated_by: { uuid: created.body.uuid } });

      await page.getByRole('button', { name: ws.watch.createShareLink }).click();
      const shareLink = page.getByLabel(ws.watch.shareLink, { exact: true });
      await shareLink.waitFor();
      // The interview's share_link is interviews' projection of sharing's event: on the real bus it follows shortly.
      const shown = await shareLink.inputValue();
      let projected: string | undefined;
      await waitFor(
        async () => {
          projected = (await company.api.get(`/interviews/${interview.uuid}`)).body.share_link?.url;
          return projected !== undefined;
        },
        10_000,
        100,
      );
      expect(projected).toBe(shown);
      await step('rated-and-shared');

      await page.getByRole('button', { name: ws.nav.menu }).click();
      await page.getByRole('button', { name: ws.nav.signOut }).click();
      await page.getByRole('heading', { name: account.signInHeading }).waitFor();
      expect(await page.context().cookies(site)).toEqual([]);
      await page.goto(`${site}/interview/${interview.uuid}/watch`);
      await page.getByRole('heading', { name: account.signInHeading }).waitFor();
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/interview/${interview.uuid}/watch`);
      await step('signed-out');

      // Signing in again, keyboard only (Tab to each field, Enter submits), returns to the watch page with the saved rating.
      const emailField = page.getByLabel(account.email, { exact: true });
      for (let i = 0; i < 5 && !(await emailField.evaluate(isFocused)); i++) await page.keyboard.press('Tab');
      expect(await emailField.evaluate(isFocused)).toBe(true);
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(STRONG_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Vera Video', level: 1 }).waitFor();
      expect(await page.getByRole('radio', { name: ws.watch.star(4), exact: true }).isChecked()).toBe(true);
    });
  }, 180_000);

  it('forgot-password emails a link that sets a new password; a sign-in whose next leaves the site lands on the list; another company\'s interview is "not found"; a deleted user\'s session stops on its next request', async () => {
    const email = `forgetful.${Date.now()}@company.example`;
    const created = await company.api.post('/users', { name: 'Forgetful Fran', email, role: 'standard' });
    await inbox.next(email, 1, MAIL_TIMEOUT_MS);
    const other = await companyWithJob(t);
    const theirs = await completedInterview(other);
    const { page } = await newPage(browser);

    await withSteps(page, 'company-pages-forgot', async (step) => {
      await page.goto(`${site}/sign-in`);
      await page.getByRole('link', { name: account.forgotLink }).click();
      await page.getByRole('heading', { name: account.forgotHeading }).waitFor();
      await fillAndSubmit(page, { [account.email]: email }, account.sendLink);
      await page.getByText(account.linkSent).waitFor();
      await step('link-sent');

      const reset = await inbox.next(email, 2, MAIL_TIMEOUT_MS);
      await page.goto(setPasswordLink(t, reset.text));
      await fillAndSubmit(page, { [account.newPassword]: `${STRONG_PASSWORD}-fran` }, account.setPassword);
      await page.getByRole('heading', { name: ws.interviews.heading, level: 1 }).waitFor();

      // A `next` that leaves the site is refused: the browser strips the tab, so `/\t/evil.example/x` would be `//evil.example/x`.
      await page.goto(`${site}/sign-in?next=%2F%09%2Fevil.example%2Fx`);
      await fillAndSubmit(page, { [account.email]: email, [account.password]: `${STRONG_PASSWORD}-fran` }, account.signIn);
      await page.waitForURL((url) => url.pathname !== '/sign-in');
      expect(page.url()).toBe(`${site}/interviews`);
      await page.getByRole('heading', { name: ws.interviews.heading, level: 1 }).waitFor();

      await page.goto(`${site}/interview/${theirs.uuid}/watch`);
      await page.getByRole('heading', { name: ws.watch.notFoundHeading }).waitFor();
      await page.goto(`${site}/interview/00000000-0000-4000-8000-000000000000/watch`);
      await page.getByRole('heading', { name: ws.watch.notFoundHeading }).waitFor();
      await step('not-found');

      expect((await company.api.delete(`/users/${created.body.uuid}`)).status).toBe(204);
      await page.goto(`${site}/interviews`);
      await page.getByRole('heading', { name: account.signInHeading }).waitFor();
      await fillAndSubmit(page, { [account.email]: email, [account.password]: `${STRONG_PASSWORD}-fran` }, account.signIn);
      await page.getByRole('alert').filter({ hasText: account.refusals['api.sign_in_failed'] }).waitFor();
    });
  }, 120_000);
});
