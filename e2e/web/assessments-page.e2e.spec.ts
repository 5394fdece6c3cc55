import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { ws } from '../../apps/web/src/i18n/workspace';
import { companyWithJob, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { publicClient } from '../sharing/sharing-helpers';
import { GreenhouseStandIn } from '../support/ats-stand-ins';
import { describeInBrowser, launchChromium, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { scrollsHorizontally } from './page-helpers';
import { expectNoAxeViolation, heading, PHONE, signedInUser, type Company } from './workspace-helpers';

/**
 * Issue 41 through the Integrations page: an administrator connects Ashby by pasting its API key (an empty one is
 * refused beside the field, the key is never shown again) and disconnects it; Greenhouse (the stand-in of
 * e2e/support/ats-stand-ins.ts, the company's integration key as its Basic username) sends a test; the page lists the
 * order with its interview, and once the candidate completes it, our PATCH to Greenhouse's URL as its callback; "Send
 * again" queues another, which Greenhouse receives (and reads test_status after) and the page then lists. axe on each state, at a laptop's and a phone's width.
 */

const ats = ws.ats;

interface OrderJson {
  uuid: string;
  ats: string;
  interview_uuid: string;
  status: string;
  callbacks: Array<{ at: string; status_code: number | null; error: string | null }>;
}

describeInBrowser('the Integrations page: applicant-tracking systems, their orders and callbacks (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let greenhouse: GreenhouseStandIn;
  let browser: Browser;
  let company: Company;
  let page: Page;
  let site: string;
  let testId: string;

  const integration = async (name: string) =>
    ((await company.api.get('/integrations')).body as Array<{ ats: string; connected: boolean }>).find((i) => i.ats === name)!;
  const orders = async () => (await company.api.get('/assessment_orders')).body as OrderJson[];
  const ashbyCard = () => page.getByRole('region', { name: ats.names.ashby, exact: true });
  const greenhouseCard = () => page.getByRole('region', { name: ats.names.greenhouse, exact: true });
  const ordersRegion = () => page.getByRole('region', { name: ats.ordersHeading, exact: true });

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
    site = new URL(t.baseUrl).origin;
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Support Engineer' });
    // Greenhouse holding the company's integration key: it sends tests, takes our PATCH, then reads test_status.
    greenhouse = await GreenhouseStandIn.start(company.api);
    // A test an ATS can send: an active job with open-interview questions (decision 071).
    const job = await company.api.post('/jobs', {
      title: 'Support Engineer',
      locality: { work_mode: 'remote', work_place: '' },
      open_interview: { status: 'active', questions: [{ text: 'Tell us about a customer you helped.', time_limit: 60 }] },
    });
    expect(job.status).toBe(201);
    testId = job.body.uuid;
    ({ page } = await signedInUser(t, inbox, browser, company, 'Ada Admin', 'administrator'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await greenhouse?.close();
    await inbox?.close();
  });

  it('says what to paste into each ATS, connects Ashby with its API key (refused when empty, never shown again), and disconnects it', async () => {
    await withSteps(page, 'assessments-connect-ashby', async (step) => {
      await page.goto(`${site}/integrations`);
      await heading(page, ws.integrations.heading);
      await page.getByRole('heading', { name: ats.heading, level: 2 }).waitFor();
      // Our partner URLs on this origin, and the integration key as the username.
      await greenhouseCard().getByText(`${site}/v1.0/partners/greenhouse`, { exact: true }).waitFor();
      await ashbyCard().getByText(`${site}/v1.0/partners/ashby`, { exact: true }).waitFor();
      await greenhouseCard().getByText(ats.usernameValue).waitFor();
      expect(await greenhouseCard().getByRole('link', { name: ats.keyLink }).getAttribute('href')).toBe('/team');
      await ashbyCard().getByText(ats.notConnected, { exact: true }).waitFor();
      await expectNoAxeViolation(page);
      await step('not-connected');

      // An empty key: refused beside the field, nothing changes.
      const key = ashbyCard().getByLabel(ats.apiKey, { exact: true });
      await ashbyCard().getByRole('button', { name: ats.connect }).click();
      await waitFor(async () => (await key.getAttribute('aria-invalid')) === 'true');
      const fieldError = ashbyCard().locator(`[data-error-for="${await key.getAttribute('id')}"]`);
      expect((await fieldError.textContent())?.trim()).not.toBe('');
      expect((await integration('ashby')).connected).toBe(false);
      await expectNoAxeViolation(page);
      await step('refused');

      const secret = `ashby-key-${Date.now()}`;
      await key.fill(secret);
      await ashbyCard().getByRole('button', { name: ats.connect }).click();
      await page.getByText(ats.keySaved).waitFor();
      await ashbyCard().getByText(ats.connected, { exact: true }).waitFor();
      expect((await integration('ashby')).connected).toBe(true);
      // Never shown again: not in the field, not anywhere on the page.
      expect(await ashbyCard().getByLabel(ats.apiKey, { exact: true }).inputValue()).toBe('');
      expect(await page.content()).not.toContain(secret);
      await ashbyCard().getByRole('button', { name: ats.replaceKey }).waitFor();
      await expectNoAxeViolation(page);
      await step('connected');

      // Disconnect asks first; "Cancel" keeps the key.
      await ashbyCard().getByRole('button', { name: ats.disconnect }).click();
      await page.getByRole('dialog').getByRole('button', { name: ws.common.cancel }).click();
      await page.locator('dialog').waitFor({ state: 'detached' });
      expect((await integration('ashby')).connected).toBe(true);
      await ashbyCard().getByRole('button', { name: ats.disconnect }).click();
      await page.getByRole('dialog').getByText(ats.disconnectConfirm).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: ats.disconnect }).click();
      await page.getByText(ats.disconnected).waitFor();
      await ashbyCard().getByText(ats.notConnected, { exact: true }).waitFor();
      expect((await integration('ashby')).connected).toBe(false);
    });
  }, 120_000);

  it('lists the order Greenhouse sent with its interview, the callback once it is completed, and "Send again"', async () => {
    const sent = await greenhouse.sendTest(testId, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: seekerEmail('grace'),
      greenhouse_profile_url: 'https://app.greenhouse.io/people/4242',
    });
    expect(sent.status).toBe(200);
    const interviewUuid: string = sent.body.partner_interview_id;

    await withSteps(page, 'assessments-orders', async (step) => {
      await page.goto(`${site}/integrations`);
      await heading(page, ws.integrations.heading);
      // Greenhouse counts as connected once it has sent a test.
      await greenhouseCard().getByText(ats.connected, { exact: true }).waitFor();
      const row = ordersRegion().getByRole('row').filter({ hasText: ats.names.greenhouse });
      await row.getByText(ats.statuses.sent, { exact: true }).waitFor();
      expect(await row.getByRole('link', { name: new RegExp(`^${ats.openInterview}:`) }).getAttribute('href')).toBe(`/interview/${interviewUuid}/watch`);
      // Greenhouse's reference to the order is its candidate's profile, a link that opens it there.
      expect(await row.getByRole('link', { name: ats.profileInAts(ats.names.greenhouse) }).getAttribute('href')).toBe('https://app.greenhouse.io/people/4242');
      await row.getByText(ats.noCallbacks, { exact: true }).waitFor();
      await expectNoAxeViolation(page);
      await step('sent');

      // The candidate completes it through the candidate API; we PATCH Greenhouse's URL.
      await completeAsCandidate(interviewUuid);
      expect((await greenhouse.afterPatch(interviewUuid)).body.partner_status).toBe('complete');
      expect(greenhouse.patchesOf(interviewUuid).map((call) => call.method)).toEqual(['PATCH']);
      await waitFor(async () => (await orders())[0]?.callbacks.length === 1, 10_000);
      await page.reload();
      await heading(page, ws.integrations.heading);
      await row.getByText(ats.statuses.completed, { exact: true }).waitFor();
      expect(await row.locator('ol.attempts li').allTextContents()).toEqual([expect.stringContaining(ats.delivered(200))]);
      await expectNoAxeViolation(page);
      await step('completed');

      // Send again: queued (202), said beside the button; Greenhouse receives it and the page lists the attempt.
      await row.getByRole('button', { name: new RegExp(`^${ats.sendAgain}:`) }).click();
      await row.getByText(ats.queued).waitFor();
      await greenhouse.afterPatch(interviewUuid, 2);
      await waitFor(async () => (await orders())[0]?.callbacks.length === 2, 10_000);
      await page.reload();
      await heading(page, ws.integrations.heading);
      await waitFor(async () => (await row.locator('ol.attempts li').count()) === 2);
      await expectNoAxeViolation(page);
      await step('sent-again');

      // Filters are in the URL: completed keeps the order, canceled has none.
      await page.getByLabel(ats.status, { exact: true }).selectOption('canceled');
      await page.waitForURL(/status=canceled/);
      await ordersRegion().getByText(ats.noneMatch).waitFor();
      await page.getByLabel(ats.status, { exact: true }).selectOption('completed');
      await page.waitForURL(/status=completed/);
      await row.getByText(ats.statuses.completed, { exact: true }).waitFor();
    });
  }, 120_000);

  it('fits a phone, for a standard user: the cards and the orders stack, Ashby’s key is left to administrators, nothing scrolls sideways, axe finds nothing', async () => {
    const { context, page: phone } = await signedInUser(t, inbox, browser, company, 'Stan Standard', 'standard');
    await phone.setViewportSize(PHONE);
    await withSteps(phone, 'assessments-phone', async (step) => {
      await phone.goto(`${site}/integrations`);
      await heading(phone, ws.integrations.heading);
      await phone
        .getByRole('region', { name: ats.ordersHeading, exact: true })
        .getByRole('button', { name: new RegExp(`^${ats.sendAgain}:`) })
        .waitFor();
      const ashby = phone.getByRole('region', { name: ats.names.ashby, exact: true });
      await ashby.getByText(ats.adminOnly).waitFor();
      expect(await ashby.getByLabel(ats.apiKey, { exact: true }).count()).toBe(0);
      expect(await scrollsHorizontally(phone)).toBe(false);
      await expectNoAxeViolation(phone);
      await step('phone');
    });
    await context.close();
  }, 90_000);

  /** The candidate's side, as the invitation's link allows: accept, skip each question, complete. */
  async function completeAsCandidate(interviewUuid: string): Promise<void> {
    const auth = { authorization: `Bearer ${await t.candidateLinks.token(interviewUuid)}` };
    const candidate = publicClient(t);
    const accepted = await candidate.request('POST', `/candidate/interviews/${interviewUuid}/accept`, { headers: auth });
    expect(accepted.status).toBe(200);
    for (const question of accepted.body.questions as Array<{ uuid: string }>) {
      expect((await candidate.request('POST', `/candidate/interviews/${interviewUuid}/questions/${question.uuid}/skip`, { headers: auth })).status).toBe(200);
    }
    expect((await candidate.request('POST', `/candidate/interviews/${interviewUuid}/complete`, { headers: auth })).status).toBe(200);
  }
});
