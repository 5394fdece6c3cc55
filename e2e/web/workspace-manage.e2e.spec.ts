import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { account } from '../../apps/web/src/i18n/account';
import { ws } from '../../apps/web/src/i18n/workspace';
import { setPasswordTokenIn, STRONG_PASSWORD } from '../identity/session-helpers';
import { companyWithJob } from '../interviews/interview-helpers';
import { SmtpInbox, WebhookReceiver } from '../notifications/notification-helpers';
import { describeInBrowser, launchChromium, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { axeViolations, isFocused, outlineStyle, scrollsHorizontally, wordsSplitInTables } from './page-helpers';
import { expectNoAxeViolation, heading, LAPTOP, localAhead, MAIL_TIMEOUT_MS, PHONE, signedInUser, type Company } from './workspace-helpers';

/**
 * The workspace's second half: changing and removing what exists (a job's location kept on edit, a job and a
 * question set deleted, a user renamed and moved to another address, a key rotated and deleted, a webhook
 * re-enabled and deleted, a live interview rescheduled), the 403 and 429 refusals as sentences, phones and SMS
 * consent by plan, a keyboard-only pass, and axe on every workspace page at a laptop's and a phone's width. One
 * system (webhook thresholds shortened, as in webhooks-health) and one signed-in administrator for the file.
 */

const RETRIES = Array.from({ length: 40 }, () => '300ms').join(',');

/** The focused element's accessible name as a person reads it: its label, aria-label or text. */
const focusedName = (): string => {
  const active: any = (globalThis as any).document.activeElement;
  if (!active) return '';
  return (active.labels?.[0]?.textContent ?? active.getAttribute('aria-label') ?? active.textContent ?? '').trim();
};

/**
 * Presses Tab (or Shift+Tab) until the focused element is named `name`, at most `max` times; every element
 * reached on the way must show a focus ring. Returns the names passed.
 */
async function tabTo(page: Page, name: string | RegExp, max = 40, key = 'Tab'): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(focusedName);
    passed.push(focused);
    const ring = await page.evaluate(() => {
      const active: any = (globalThis as any).document.activeElement;
      return active && active !== (globalThis as any).document.body ? (globalThis as any).getComputedStyle(active).outlineStyle : 'body';
    });
    expect({ focused, ring }).not.toEqual({ focused, ring: 'none' });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return passed;
  }
  throw new Error(`Tab never reached "${String(name)}"; passed: ${passed.join(' | ')}`);
}

describeInBrowser('company workspace: changing and removing, refusals, keyboard and axe (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let company: Company;
  let page: Page;
  let site: string;

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({
      SMTP_URL: inbox.url,
      WEBHOOK_RETRY_SCHEDULE: RETRIES,
      WEBHOOK_FAILING_THRESHOLD: '2',
      WEBHOOK_FAILING_WINDOW: '1h',
      WEBHOOK_DISABLE_AFTER: '1s',
      WEBHOOK_BREAKER_RESET: '200ms',
    });
    site = new URL(t.baseUrl).origin;
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Existing Role' });
    ({ page } = await signedInUser(t, inbox, browser, company, 'Morgan Manager', 'administrator'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await receiver?.close();
    await inbox?.close();
  });

  it('edits a job with the address it was posted with filled in (saving unchanged keeps it), a work-mode job likewise; deletes a job after asking', async () => {
    await withSteps(page, 'workspace-job-location', async (step) => {
      await page.goto(`${site}/jobs/new`);
      await heading(page, ws.jobs.newHeading);
      await page.getByLabel(ws.jobs.title, { exact: true }).fill('Lyon Role');
      await page.getByLabel(ws.jobs.city, { exact: true }).fill('Lyon');
      await page.getByLabel(ws.jobs.state, { exact: true }).fill('Auvergne-Rhône-Alpes');
      await page.getByLabel(ws.jobs.country, { exact: true }).fill('France');
      await page.getByRole('button', { name: ws.jobs.create }).click();
      await page.getByText(ws.jobs.created_('Lyon Role')).waitFor();
      const job = ((await company.api.get('/jobs?orderby=created_desc')).body as any[]).find((j) => j.title === 'Lyon Role');
      const posted = (await company.api.get(`/jobs/${job.uuid}`)).body;
      expect(posted.location).toEqual({
        uuid: expect.any(String),
        formatted_address: 'Lyon, Auvergne-Rhône-Alpes, France',
        city: 'Lyon',
        state: 'Auvergne-Rhône-Alpes',
        country: 'France',
      });

      await page.getByRole('link', { name: 'Lyon Role', exact: true }).click();
      await heading(page, ws.jobs.editHeading);
      expect(await page.getByLabel(ws.jobs.byAddress, { exact: true }).isChecked()).toBe(true);
      const shown = async () => ({
        city: await page.getByLabel(ws.jobs.city, { exact: true }).inputValue(),
        state: await page.getByLabel(ws.jobs.state, { exact: true }).inputValue(),
        country: await page.getByLabel(ws.jobs.country, { exact: true }).inputValue(),
      });
      expect(await shown()).toEqual({ city: 'Lyon', state: 'Auvergne-Rhône-Alpes', country: 'France' });
      await expectNoAxeViolation(page);
      await step('edit-filled');
      await page.getByRole('button', { name: ws.jobs.saveChanges }).click();
      await page.getByText(ws.jobs.saved('Lyon Role')).waitFor();
      const saved = (await company.api.get(`/jobs/${job.uuid}`)).body;
      expect({ location: saved.location, locality: saved.locality, title: saved.title }).toEqual({
        location: posted.location,
        locality: null,
        title: 'Lyon Role',
      });

      // A job posted with a work mode opens on it.
      const hybrid = await company.api.post('/jobs', { title: 'Hub Role', status: 'inactive', locality: { work_mode: 'hybrid', work_place: 'Lyon hub' } });
      await page.goto(`${site}/jobs/${hybrid.body.uuid}`);
      await heading(page, ws.jobs.editHeading);
      expect(await page.getByLabel(ws.jobs.byLocality, { exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel(ws.jobs.workMode, { exact: true }).inputValue()).toBe('hybrid');
      expect(await page.getByLabel(ws.jobs.workPlace, { exact: true }).inputValue()).toBe('Lyon hub');
      expect(await page.getByLabel(ws.jobs.city, { exact: true }).isVisible()).toBe(false);

      // Deleted from its page, after a confirmation that can be declined.
      await page.getByRole('button', { name: ws.jobs.deleteJob }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.common.cancel }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect((await company.api.get(`/jobs/${hybrid.body.uuid}`)).status).toBe(200);
      await page.getByRole('button', { name: ws.jobs.deleteJob }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.jobs.deleteJob }).click();
      await page.getByText(ws.jobs.deleted('Hub Role')).waitFor();
      expect((await company.api.get(`/jobs/${hybrid.body.uuid}`)).status).toBe(404);
    });
  }, 120_000);

  it('deletes a question set after asking; reschedules a live interview from its row', async () => {
    const set = await company.api.post('/question_sets', { name: 'Doomed set', questions: [{ text: 'Anything?', time_limit: 60, takes: 1, think_time: '0' }] });
    const at = localAhead(10, '10:00');
    const live = await company.api.post('/interviews', {
      type: 'live',
      scheduled_at: at.utc,
      job_post: { uuid: company.job.uuid },
      assigned_to: { name: 'Rhea Schedule', email: `rhea.${Date.now()}@seekers.example` },
    });
    expect(live.status).toBe(201);
    const moved = localAhead(12, '15:30');
    await withSteps(page, 'workspace-delete-reschedule', async () => {
      await page.goto(`${site}/question-sets/${set.body.uuid}`);
      await heading(page, ws.questionSets.editHeading);
      await page.getByRole('button', { name: ws.questionSets.deleteSet }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.questionSets.deleteSet }).click();
      await page.getByText(ws.questionSets.deleted('Doomed set')).waitFor();
      expect((await company.api.get(`/question_sets/${set.body.uuid}`)).status).toBe(404);

      await page.goto(`${site}/interviews?type=live`);
      await page.getByRole('button', { name: `${ws.interviews.reschedule}: Rhea Schedule` }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel(ws.interviews.newTime, { exact: true }).inputValue()).toBe(at.local);
      await dialog.getByLabel(ws.interviews.newTime, { exact: true }).fill(moved.local);
      await expectNoAxeViolation(page);
      await dialog.getByRole('button', { name: ws.common.save }).click();
      await page.getByText(ws.interviews.rescheduled('Rhea Schedule')).waitFor();
    });
    expect((await company.api.get(`/interviews/${live.body.uuid}`)).body.scheduled_at).toBe(moved.utc);
  }, 120_000);

  it('renames a user and moves them to another address (a new set-password email goes there); rotates a key (the old one stops) and deletes it', async () => {
    const stamp = Date.now();
    const user = await company.api.post('/users', { name: 'Taylor Typo', email: `taylor.${stamp}@company.example`, role: 'standard' });
    const key = await company.api.post(`/users/${user.body.uuid}/integration_key`);
    expect(key.status).toBe(201);
    const newEmail = `taylor.new.${stamp}@company.example`;
    const meWith = (value: string) => fetch(`${site}/v1.0/me`, { headers: { authorization: `Basic ${Buffer.from(`${value}:`).toString('base64')}` } });
    await withSteps(page, 'workspace-team-changes', async (step) => {
      await page.goto(`${site}/team`);
      await heading(page, ws.team.heading);
      await page.getByRole('button', { name: `${ws.team.editUser}: Taylor Typo` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(ws.team.name, { exact: true }).fill('Taylor Tidy');
      await dialog.getByLabel(ws.team.email, { exact: true }).fill(newEmail);
      await dialog.getByRole('button', { name: ws.common.save }).click();
      await page.getByText(ws.team.saved('Taylor Tidy')).waitFor();
      expect((await company.api.get(`/users/${user.body.uuid}`)).body).toMatchObject({ name: 'Taylor Tidy', email: newEmail });
      await step('renamed');

      await page.getByRole('button', { name: `${ws.keys.rotate}: Taylor Tidy` }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.keys.rotate }).click();
      await page.getByText(ws.keys.shownOnce).waitFor();
      const rotated = await page.getByLabel(ws.keys.value, { exact: true }).inputValue();
      expect(rotated).not.toBe(key.body.key);
      expect((await meWith(rotated)).status).toBe(200);
      expect((await meWith(key.body.key)).status).toBe(401);
      await page.getByRole('button', { name: ws.common.close }).click();
      await page.locator('dialog').waitFor({ state: 'detached' });
      await heading(page, ws.team.heading);
      expect(await page.content()).not.toContain(rotated);

      await page.getByRole('button', { name: `${ws.keys.deleteKey}: Taylor Tidy` }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.keys.deleteKey }).click();
      await page.getByText(ws.keys.deleted('Taylor Tidy')).waitFor();
      expect((await meWith(rotated)).status).toBe(401);
      expect((await company.api.get(`/users/${user.body.uuid}/integration_key`)).status).toBe(404);
    });
    const mail = await inbox.next(newEmail, 1, MAIL_TIMEOUT_MS);
    expect(setPasswordTokenIn(mail.text)).toBeTruthy();
  }, 120_000);

  it('shows a webhook that keeps failing as disabled with why, its failed attempts with no next retry (retries stopped); re-enables it, then deletes it', async () => {
    receiver.reply = () => ({ status: 503, body: 'down for maintenance' });
    const url = receiver.url('/flaky');
    await withSteps(page, 'workspace-webhook-health', async (step) => {
      await page.goto(`${site}/integrations`);
      await heading(page, ws.integrations.heading);
      await page.getByLabel(ws.integrations.description, { exact: true }).fill('Flaky receiver');
      await page.getByLabel(ws.integrations.url, { exact: true }).fill(url);
      await page.getByRole('button', { name: ws.integrations.add }).click();
      await page.getByText(ws.integrations.secretShownOnce).waitFor();
      await page.getByRole('button', { name: ws.common.close }).click();
      await page.locator('dialog').waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: url, exact: true }).waitFor();
      // Webhooks belong to the user who made them: read it through the page's session.
      const hookUuid = await page.evaluate(
        async (u) => ((await (await fetch('/v1.0/webhooks')).json()) as Array<{ uuid: string; url: string }>).find((w) => w.url === u)!.uuid,
        url,
      );
      const status = () => page.evaluate(async (uuid) => ((await (await fetch(`/v1.0/webhooks/${uuid}`)).json()) as { status: string }).status, hookUuid);
      await company.api.post('/jobs', { title: 'Undeliverable Role', status: 'inactive', locality: { work_mode: 'remote', work_place: '' } });
      await waitFor(async () => (await status()) === 'disabled', 20_000);
      await page.reload();
      await heading(page, ws.integrations.heading);
      await page.getByText(ws.integrations.disabledWhy).waitFor();
      await page.getByRole('button', { name: `${ws.integrations.showLog}: ${url}` }).click();
      await page
        .getByRole('cell', { name: ws.integrations.failed('') })
        .first()
        .waitFor();
      expect(await page.getByRole('cell', { name: '503', exact: true }).count()).toBeGreaterThanOrEqual(2);
      // When a pending delivery is tried next is its latest attempt's (notifications' repository specs); disabled, none is.
      const log = page.locator('.delivery-log');
      expect(await log.getByRole('columnheader', { name: ws.integrations.nextRetry }).count()).toBe(1);
      const nextRetries = await log.locator(`td[data-label="${ws.integrations.nextRetry}"]`).allTextContents();
      expect(nextRetries.length).toBeGreaterThanOrEqual(2);
      expect(new Set(nextRetries)).toEqual(new Set([ws.common.none]));
      await expectNoAxeViolation(page);
      await step('disabled');

      receiver.reply = () => ({ status: 200, body: 'ok' });
      await page.getByRole('button', { name: `${ws.integrations.enable}: ${url}` }).click();
      await page.getByText(ws.integrations.enabled).waitFor();
      expect(await status()).toBe('active');
      expect(await page.getByRole('button', { name: `${ws.integrations.enable}: ${url}` }).count()).toBe(0);

      await page.getByRole('button', { name: `${ws.integrations.deleteWebhook}: ${url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.integrations.deleteWebhook }).click();
      await page.getByText(ws.integrations.deleted).waitFor();
      expect(await page.getByRole('cell', { name: url, exact: true }).count()).toBe(0);
    });
  }, 120_000);

  it('says a 403 (a page left open across a new sign-in) and a 429 (too many requests) as sentences beside the form, keeping what was typed', async () => {
    const { context, page: tired, email } = await signedInUser(t, inbox, browser, company, 'Riley Rapid', 'administrator');
    await withSteps(tired, 'workspace-403-429', async (step) => {
      // 403: the page's CSRF token belongs to a session that a sign-in in another tab replaced.
      await tired.goto(`${site}/team`);
      await heading(tired, ws.team.heading);
      const other = await context.newPage();
      await other.goto(`${site}/sign-in`);
      await other.getByLabel(account.email, { exact: true }).fill(email);
      await other.getByLabel(account.password, { exact: true }).fill(STRONG_PASSWORD);
      await other.getByRole('button', { name: account.signIn }).click();
      await other.getByRole('heading', { name: ws.interviews.heading, level: 1 }).waitFor();
      await other.close();
      await tired.getByLabel(ws.team.name, { exact: true }).fill('Casey Colleague');
      await tired.getByLabel(ws.team.email, { exact: true }).fill(`casey.${Date.now()}@company.example`);
      await tired.getByRole('button', { name: ws.team.add }).click();
      const alert = tired.getByRole('alert').filter({ hasText: ws.refusals.byCode['api.csrf_token_invalid'] });
      await alert.waitFor();
      expect(await alert.evaluate((e: any) => e.closest('form') !== null)).toBe(true);
      expect(await tired.getByLabel(ws.team.name, { exact: true }).inputValue()).toBe('Casey Colleague');
      await step('403');

      // 429: the session's user spent the minute's allowance (400 requests); the next save says when to retry.
      await tired.reload();
      await heading(tired, ws.team.heading);
      await tired.getByRole('button', { name: `${ws.team.editUser}: Riley Rapid` }).click();
      await tired.getByRole('dialog').getByLabel(ws.team.name, { exact: true }).fill('Riley Patient');
      // Spent from here with the page's session cookie: a browser sends only six requests at a time.
      const cookie = (await context.cookies(site)).map((c) => `${c.name}=${c.value}`).join('; ');
      // The allowance is per minute: a refusal that ends within seconds (spent at the end of a window) could be over
      // before the save, so then the next window is waited for (the server says when) and spent instead.
      // Spent until refused, not a fixed number of rounds: on a loaded machine (CI beside other work, 2026-12-07)
      // 12 rounds of 50 spread over more than a minute and never passed 400 in one (no 429 came).
      const spend = async (): Promise<number> => {
        for (const until = Date.now() + 90_000; Date.now() < until;) {
          const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${site}/v1.0/me`, { headers: { cookie, accept: 'application/json' } })));
          await Promise.all(answers.map((a) => a.arrayBuffer()));
          const refusal = answers.find((a) => a.status === 429);
          if (refusal) return Number(refusal.headers.get('retry-after'));
        }
        return 0;
      };
      let refusedForSeconds = await spend();
      if (refusedForSeconds > 0 && refusedForSeconds < 20) {
        await new Promise((resolve) => setTimeout(resolve, (refusedForSeconds + 1) * 1000));
        refusedForSeconds = await spend();
      }
      expect(refusedForSeconds).toBeGreaterThanOrEqual(20);
      await tired.getByRole('dialog').getByRole('button', { name: ws.common.save }).click();
      await tired
        .getByRole('dialog')
        .getByRole('alert')
        .filter({ hasText: /^Too many requests\. Try again in (\d+ seconds?|1 minute)\.$/ })
        .waitFor();
      expect(await tired.getByRole('dialog').getByLabel(ws.team.name, { exact: true }).inputValue()).toBe('Riley Patient');
      await step('429');
    });
    await context.close();
  }, 300_000);

  it('offers phones with SMS consent where the plan has SMS (a phone without consent refused beside the box), and not on a plan without; a scheduled downgrade on the plan page', async () => {
    const stamp = Date.now();
    await withSteps(page, 'workspace-sms', async () => {
      await page.goto(`${site}/jobs/${company.job.uuid}/invite`);
      await heading(page, ws.invite.heading);
      await page.getByLabel(ws.invite.candidates, { exact: true }).fill(`Pat Phone, pat.${stamp}@seekers.example, +1 555 0100`);
      await page.getByLabel(ws.invite.live, { exact: true }).check();
      // The API names no interviewers: the page says who joins instead of asking.
      await page.getByText(`${ws.invite.interviewers}: ${ws.invite.anyColleague}`).waitFor();
      await page.getByLabel(ws.invite.liveAt, { exact: true }).fill(localAhead(5, '11:00').local);
      await page.getByRole('button', { name: ws.invite.review }).click();
      await page.getByRole('button', { name: ws.invite.send(1) }).click();
      // Refused beside the box (its error line describes it), the candidates still typed.
      await page.getByText(ws.refusals.byField.has_sms_consent).waitFor();
      const consent = page.getByLabel(ws.invite.smsConsent, { exact: true });
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      expect(await consent.evaluate(isFocused)).toBe(true);
      expect(await page.getByLabel(ws.invite.candidates, { exact: true }).inputValue()).toContain('+1 555 0100');
      await expectNoAxeViolation(page);
      await page.getByLabel(ws.invite.smsConsent, { exact: true }).check();
      await page.getByRole('button', { name: ws.invite.review }).click();
      await page.getByRole('button', { name: ws.invite.send(1) }).click();
      await page.getByText(ws.invite.resultSummary(1, 0)).waitFor();
    });

    const starter = await companyWithJob(t, 'starter', { title: 'Starter Role' });
    const { context, page: starterPage } = await signedInUser(t, inbox, browser, starter, 'Sam Starter', 'administrator');
    await withSteps(starterPage, 'workspace-no-sms', async () => {
      await starterPage.goto(`${site}/jobs/${starter.job.uuid}/invite`);
      await heading(starterPage, ws.invite.heading);
      expect(await starterPage.getByLabel(ws.invite.smsConsent, { exact: true }).count()).toBe(0);
      await starterPage.getByLabel(ws.invite.candidates, { exact: true }).fill(`Noel Nophone, noel.${stamp}@seekers.example, +1 555 0101`);
      await starterPage.getByLabel(ws.invite.live, { exact: true }).check();
      await starterPage.getByLabel(ws.invite.liveAt, { exact: true }).fill(localAhead(5, '11:00').local);
      await starterPage.getByRole('button', { name: ws.invite.review }).click();
      await starterPage.getByRole('button', { name: ws.invite.send(1) }).click();
      await starterPage.getByText(ws.invite.resultSummary(1, 0)).waitFor();

      // A downgrade takes effect at the end of the period: the plan page says to what and when.
      await t.operator.setPlan(starter.companyUuid, 'essentials');
      await starterPage.goto(`${site}/plan`);
      await heading(starterPage, ws.plan.heading);
      const [before] = ws.plan.downgrade('Essentials', '\u0000').split('\u0000');
      await starterPage.getByText(before).waitFor();
      expect(await starterPage.textContent('main')).toContain('Starter');
    });
    await context.close();
  }, 120_000);

  it('invites 45 pasted candidates in three requests with progress; the list sorts by candidate and pages; one deleted from its row after asking', async () => {
    const stamp = Date.now();
    const names = Array.from({ length: 45 }, (_, i) => `Batch ${String(i + 1).padStart(2, '0')}`);
    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1.0/interviews') creations.push(request.url());
    });
    await withSteps(page, 'workspace-batch', async (step) => {
      await page.goto(`${site}/jobs/${company.job.uuid}/invite`);
      await heading(page, ws.invite.heading);
      await page
        .getByLabel(ws.invite.candidates, { exact: true })
        .fill(names.map((name) => `${name} <${name.toLowerCase().replace(' ', '.')}.${stamp}@seekers.example>`).join('\n'));
      await page.getByText(ws.invite.parsed(45)).waitFor();
      await page.getByLabel(ws.invite.typed, { exact: true }).check();
      await page.getByLabel(ws.invite.questionText(1), { exact: true }).fill('Why this role?');
      await page.getByLabel(ws.invite.dueDate, { exact: true }).fill(localAhead(14, '18:00').local);
      await page.getByRole('button', { name: ws.invite.review }).click();
      await page.getByRole('button', { name: ws.invite.send(45) }).click();
      await page.getByText(ws.invite.resultSummary(45, 0)).waitFor();
      expect(creations).toHaveLength(3);
      expect(await page.getByText(ws.invite.resultCreated, { exact: true }).count()).toBe(45);
      await step('sent');

      await page.goto(`${site}/interviews?type=one_way`);
      await heading(page, ws.interviews.heading);
      await page.getByRole('button', { name: ws.interviews.candidate, exact: true }).click();
      await page.getByRole('columnheader', { name: ws.interviews.candidate }).and(page.locator('[aria-sort="ascending"]')).waitFor();
      const firstCandidate = () => page.locator(`td[data-label="${ws.interviews.candidate}"] a`).first().textContent();
      expect(await firstCandidate()).toBe('Batch 01');
      await page.getByRole('button', { name: ws.interviews.candidate, exact: true }).click();
      await page.locator('[aria-sort="descending"]').waitFor();
      expect(await firstCandidate()).toBe('Batch 45');
      await page.getByRole('button', { name: ws.common.next }).click();
      await page.getByText(ws.common.showing(21, 40, 45)).waitFor();
      expect(await firstCandidate()).toBe('Batch 25');
      expect(new URL(page.url()).searchParams.get('orderby')).toBe('candidate_desc');
      await step('sorted');

      await page.getByRole('button', { name: `${ws.interviews.deleteInterview}: Batch 25` }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.interviews.deleteInterview }).click();
      await page.getByText(ws.interviews.deleted('Batch 25')).waitFor();
      await page.getByText(ws.common.showing(21, 40, 44)).waitFor();
    });
    const listed = (await company.api.get('/interviews?type[]=one_way&range=0-99')).body as any[];
    expect(listed.map((i) => i.assigned_to.name).sort()).toEqual(names.filter((n) => n !== 'Batch 25'));
  }, 150_000);

  it('keyboard only: Tab through the navigation (focus always visible), post a job with the keys, a dialog closed by Escape, the phone menu', async () => {
    await withSteps(page, 'workspace-keyboard', async (step) => {
      await page.goto(`${site}/interviews`);
      await heading(page, ws.interviews.heading);
      // The page puts focus on its heading; the frame comes before it, so Shift+Tab walks back through it.
      const passed = await tabTo(page, ws.nav.jobs, 10, 'Shift+Tab');
      expect(passed).toEqual([
        ws.nav.signOut,
        ws.nav.settings,
        ws.nav.plan,
        ws.nav.integrations,
        ws.nav.team,
        ws.nav.questionSets,
        ws.nav.interviews,
        ws.nav.jobs,
      ]);
      expect(await tabTo(page, ws.common.mainContent, 3, 'Shift+Tab')).toEqual([ws.product, ws.common.mainContent]);
      await tabTo(page, ws.nav.jobs, 3);
      await page.keyboard.press('Enter');
      await heading(page, ws.jobs.heading);
      await tabTo(page, ws.jobs.newJob);
      await page.keyboard.press('Enter');
      await heading(page, ws.jobs.newHeading);
      await tabTo(page, ws.jobs.title);
      await page.keyboard.type('Keyboard Role');
      await tabTo(page, ws.jobs.city);
      await page.keyboard.type('Oslo');
      await tabTo(page, ws.jobs.country);
      await page.keyboard.type('Norway');
      await tabTo(page, ws.jobs.create);
      await step('form');
      await page.keyboard.press('Enter');
      await page.getByText(ws.jobs.created_('Keyboard Role')).waitFor();
      const job = ((await company.api.get('/jobs?orderby=created_desc')).body as any[]).find((j) => j.title === 'Keyboard Role');
      expect(job.location.formatted_address).toBe('Oslo, Norway');

      // A confirmation opened from the keyboard starts on Cancel, Escape closes it, focus returns to its opener.
      await tabTo(page, 'Keyboard Role', 80);
      await page.keyboard.press('Enter');
      await heading(page, ws.jobs.editHeading);
      await tabTo(page, ws.jobs.deleteJob, 60);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: ws.common.cancel }).evaluate(isFocused)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      const remove = page.getByRole('button', { name: ws.jobs.deleteJob });
      expect(await remove.evaluate(isFocused)).toBe(true);
      expect(await remove.evaluate(outlineStyle)).not.toBe('none');
      expect((await company.api.get(`/jobs/${job.uuid}`)).status).toBe(200);

      // On a phone, Menu opens from the keyboard and its links are next in the Tab order.
      await page.setViewportSize(PHONE);
      await page.goto(`${site}/jobs`);
      await heading(page, ws.jobs.heading);
      await tabTo(page, ws.nav.menu, 3, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await tabTo(page, ws.nav.team, 6);
      await page.keyboard.press('Enter');
      await heading(page, ws.team.heading);
      await step('phone-menu');
    });
    await page.setViewportSize(LAPTOP);
  }, 120_000);

  it('axe reports nothing on any workspace page at 1280 and 390 px, and a phone never scrolls sideways', async () => {
    const set = await company.api.post('/question_sets', { name: 'Axe set', questions: [{ text: 'Why?', time_limit: 60, takes: 1, think_time: '0' }] });
    const interview = await company.api.post('/interviews', {
      type: 'live',
      scheduled_at: localAhead(3, '09:00').utc,
      job_post: { uuid: company.job.uuid },
      assigned_to: { name: 'Axel Axe', email: `axel.${Date.now()}@seekers.example` },
    });
    const paths = [
      '/jobs',
      '/jobs/new',
      `/jobs/${company.job.uuid}`,
      `/jobs/${company.job.uuid}/invite`,
      '/interviews',
      '/interviews/invite',
      `/interview/${interview.body.uuid}/watch`,
      `/interview/${interview.body.uuid}/live`,
      '/question-sets',
      '/question-sets/new',
      `/question-sets/${set.body.uuid}`,
      '/team',
      '/integrations',
      '/plan',
      '/settings',
      '/no-such-page',
    ];
    /** The pages listing rows in a data table. */
    const TABLES = new Set(['/jobs', '/interviews', '/question-sets', '/team']);
    const found: Record<string, string[]> = {};
    await withSteps(page, 'workspace-axe', async () => {
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        for (const path of paths) {
          await page.goto(`${site}${path}`);
          // 28 pages in a row under CI's load: one slow first render (15 s, the page default) failed a run; what this
          // test checks is axe and sideways scrolling, not how fast a page renders (bench:web measures that).
          await page.locator('h1').first().waitFor({ timeout: 45_000 });
          const violations = await axeViolations(page);
          if (viewport === PHONE && (await scrollsHorizontally(page))) violations.push('scrolls sideways');
          // At a laptop's width a table's words stay whole: long values wrap between words (issue 40).
          if (viewport === LAPTOP && TABLES.has(path)) {
            await page.locator('table.data tbody tr').first().waitFor();
            const split = await wordsSplitInTables(page);
            if (split.length > 0) violations.push(`words split across lines: ${split.join(', ')}`);
            const wrap = page.locator('.table-wrap').first();
            if (await wrap.evaluate((element: any) => element.scrollWidth > element.clientWidth)) violations.push('the table scrolls sideways');
          }
          if (violations.length > 0) found[`${viewport.width} ${path}`] = violations;
        }
      }
    });
    await page.setViewportSize(LAPTOP);
    expect(found).toEqual({});
  }, 180_000);
});
