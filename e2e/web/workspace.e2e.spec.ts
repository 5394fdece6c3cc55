import type { Browser, Page } from 'playwright-core';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { en } from '../../apps/web/src/i18n/en';
import { ws } from '../../apps/web/src/i18n/workspace';
import { setPasswordTokenIn, STRONG_PASSWORD } from '../identity/session-helpers';
import { companyWithJob, DAY_MS } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { axeViolations, scrollsHorizontally } from './page-helpers';

/**
 * The company workspace end to end through the pages, checked through the API and the emails: the frame and its
 * navigation (laptop and phone), `/`, the not-found page, the favicon and /docs; posting and editing a job with a
 * refused field, the plan's job-slot refusal; inviting three pasted candidates with a question set and scheduling
 * a live interview. One system and one signed-in administrator for the whole file; axe checks every page seen.
 */

const MAIL_TIMEOUT_MS = 30_000;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Company = Awaited<ReturnType<typeof companyWithJob>>;

/** A company user created by the company's API key, signed in through the set-password page of their email. */
async function signedInUser(t: TestSystem, inbox: SmtpInbox, browser: Browser, company: Company, name: string, role: 'administrator' | 'standard') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@company.example`;
  const created = await company.api.post('/users', { name, email, role });
  expect(created.status).toBe(201);
  const mail = await inbox.next(email, 1, MAIL_TIMEOUT_MS);
  const { context, page } = await newPage(browser, LAPTOP);
  await page.goto(new URL(`/set-password?token=${setPasswordTokenIn(mail.text)}`, t.baseUrl).toString());
  await page.getByLabel(en.account.newPassword, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: en.account.setPassword }).click();
  await page.getByRole('heading', { name: ws.interviews.heading, level: 1 }).waitFor();
  return { context, page, user: created.body, email };
}

async function expectNoAxeViolation(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** `<input type="datetime-local">`'s value `days` ahead at hh:mm in the browser's zone (America/New_York), and that instant as the API writes it. */
function localAhead(days: number, time: string): { local: string; utc: string } {
  const day = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const local = `${day}T${time}`;
  // The offset New York has on that day: format the UTC instant of the same wall clock there and compare.
  const asUtc = Date.parse(`${local}:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(asUtc));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const shown = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const instant = new Date(asUtc + (asUtc - shown));
  return { local, utc: instant.toISOString().replace(/\.\d{3}Z$/, '+00:00') };
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describeInBrowser('company workspace: frame, jobs and invitations (browser)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let browser: Browser;
  let company: Company;
  let page: Page;
  let site: string;
  const cspErrors: string[] = [];

  beforeAll(async () => {
    await ensureWebBundle();
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url });
    site = new URL(t.baseUrl).origin;
    browser = await launchChromium();
    company = await companyWithJob(t, 'unlimited', { title: 'Existing Role' });
    ({ page } = await signedInUser(t, inbox, browser, company, 'Robin Recruiter', 'administrator'));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) cspErrors.push(message.text());
    });
    // Building the pages, starting the system and a password's email: slow when the machine is busy.
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await inbox?.close();
  });

  it('/ sends visitors to sign in and users to the workspace; unknown pages are an HTML "not found"; favicon; /docs opens ready to read', async () => {
    const anonymous = await fetch(`${site}/`, { redirect: 'manual' });
    expect({ status: anonymous.status, location: anonymous.headers.get('location') }).toEqual({ status: 302, location: '/sign-in' });
    const unknown = await fetch(`${site}/no-such-page`, { headers: { accept: 'text/html' } });
    expect({ status: unknown.status, type: unknown.headers.get('content-type') }).toEqual({ status: 404, type: expect.stringMatching(/^text\/html/) });
    expect((await fetch(`${site}/v1.0/no-such-endpoint`, { headers: { accept: 'text/html' } })).headers.get('content-type')).toMatch(/^application\/json/);
    const favicon = await fetch(`${site}/favicon.ico`);
    expect({ status: favicon.status, type: favicon.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });

    await withSteps(page, 'workspace-foundations', async (step) => {
      await page.goto(`${site}/`);
      await heading(page, ws.interviews.heading);
      expect(new URL(page.url()).pathname).toBe('/interviews');
      const nav = page.getByRole('navigation', { name: ws.nav.label });
      for (const section of [ws.nav.jobs, ws.nav.interviews, ws.nav.questionSets, ws.nav.team, ws.nav.integrations, ws.nav.plan]) {
        expect(await nav.getByRole('link', { name: section }).isVisible()).toBe(true);
      }
      expect(await page.textContent('header')).toContain('Robin Recruiter');
      await expectNoAxeViolation(page);
      await step('interviews');

      await page.goto(`${site}/no-such-page`);
      await heading(page, ws.notFound.heading);
      await expectNoAxeViolation(page);

      await page.goto(`${site}/plan`);
      await heading(page, ws.plan.heading);
      expect(await page.textContent('main')).toContain('Unlimited');
      await expectNoAxeViolation(page);

      // A phone: the navigation folds behind Menu, nothing scrolls sideways.
      await page.setViewportSize(PHONE);
      await page.goto(`${site}/jobs`);
      await heading(page, ws.jobs.heading);
      expect(await page.getByRole('link', { name: ws.nav.team }).isVisible()).toBe(false);
      await page.getByRole('button', { name: ws.nav.menu }).click();
      await page.getByRole('link', { name: ws.nav.team }).waitFor();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectNoAxeViolation(page);
      await step('phone-menu');
      await page.setViewportSize(LAPTOP);

      // The reference opens on the API's own title, in the first screen, without any request the CSP refuses.
      await page.goto(`${site}/docs`);
      const title = page.getByRole('heading', { name: 'Video interviewing API', level: 1 });
      await title.waitFor();
      expect(await title.evaluate((e: any) => e.getBoundingClientRect().top)).toBeLessThan(LAPTOP.height);
      expect(await page.locator('[class*="skeleton"], [class*="loading"]').count()).toBe(0);
      expect(cspErrors).toEqual([]);
    });
  }, 120_000);

  it('posts a job (a refused field first, nothing typed lost), edits and deactivates it; a plan without slots refuses with a sentence', async () => {
    await withSteps(page, 'workspace-jobs', async (step) => {
      await page.goto(`${site}/jobs`);
      await heading(page, ws.jobs.heading);
      await page.getByText(ws.jobs.slots(-1, -1)).waitFor();
      await page.getByRole('link', { name: ws.jobs.newJob }).click();
      await heading(page, ws.jobs.newHeading);
      await page.getByLabel(ws.jobs.description, { exact: true }).fill('Build the hiring pipeline.');
      await page.getByLabel(ws.jobs.city, { exact: true }).fill('Lyon');
      await page.getByRole('button', { name: ws.jobs.create }).click();
      // No title, no country: each refused beside its field; what was typed stays.
      await page.getByText(ws.refusals.field.too_small).first().waitFor();
      expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(2);
      expect(await page.getByLabel(ws.jobs.description, { exact: true }).inputValue()).toBe('Build the hiring pipeline.');
      expect(await page.getByLabel(ws.jobs.title, { exact: true }).evaluate((e) => e === (globalThis as any).document.activeElement)).toBe(true);
      await expectNoAxeViolation(page);
      await step('refused');

      await page.getByLabel(ws.jobs.title, { exact: true }).fill('Pipeline Engineer');
      await page.getByLabel(ws.jobs.country, { exact: true }).fill('France');
      await page.getByRole('button', { name: ws.jobs.create }).click();
      await page.getByText(ws.jobs.created_('Pipeline Engineer')).waitFor();
      const jobs = (await company.api.get('/jobs?orderby=created_desc')).body as any[];
      const job = jobs.find((j) => j.title === 'Pipeline Engineer');
      expect(job).toMatchObject({ status: 'active', location: { formatted_address: expect.stringContaining('Lyon') } });
      expect((await company.api.get(`/jobs/${job.uuid}`)).body.description).toBe('Build the hiring pipeline.');
      await expectNoAxeViolation(page);
      await step('posted');

      await page.getByRole('link', { name: 'Pipeline Engineer', exact: true }).click();
      await heading(page, ws.jobs.editHeading);
      await page.getByLabel(ws.jobs.title, { exact: true }).fill('Senior Pipeline Engineer');
      await page.getByLabel(ws.jobs.byLocality, { exact: true }).check();
      await page.getByLabel(ws.jobs.workMode, { exact: true }).selectOption('remote');
      await page.getByRole('button', { name: ws.jobs.saveChanges }).click();
      await page.getByText(ws.jobs.saved('Senior Pipeline Engineer')).waitFor();
      await page.getByRole('button', { name: `${ws.jobs.deactivate}: Senior Pipeline Engineer` }).click();
      await page.getByRole('button', { name: `${ws.jobs.activate}: Senior Pipeline Engineer` }).waitFor();
      expect((await company.api.get(`/jobs/${job.uuid}`)).body).toMatchObject({ title: 'Senior Pipeline Engineer', status: 'inactive' });
    });

    // A Starter company's one active job slot is taken: activating another is refused as a sentence beside it.
    const starter = await companyWithJob(t, 'starter', { title: 'Only Role' });
    const inactive = await starter.api.post('/jobs', { title: 'Waiting Role', status: 'inactive', location: { city: 'Oslo', country: 'Norway' } });
    expect(inactive.status).toBe(201);
    const { page: starterPage, context } = await signedInUser(t, inbox, browser, starter, 'Sasha Starter', 'administrator');
    await withSteps(starterPage, 'workspace-job-slots', async () => {
      await starterPage.goto(`${site}/jobs`);
      await starterPage.getByText(ws.jobs.slots(0, 1)).waitFor();
      await starterPage.getByRole('button', { name: `${ws.jobs.activate}: Waiting Role` }).click();
      await starterPage.getByRole('alert').filter({ hasText: ws.refusals.byCode['api.plan_job_slots_exhausted'] }).waitFor();
      expect((await starter.api.get(`/jobs/${inactive.body.uuid}`)).body.status).toBe('inactive');
    });
    await context.close();
  }, 150_000);

  it('invites three pasted candidates with a question set (three emails, three interviews with its questions), then schedules a live interview', async () => {
    const set = await company.api.post('/question_sets', {
      name: 'Screening',
      questions: [
        { text: 'What brings you here?', time_limit: 60, takes: 2, think_time: '15' },
        { text: 'Describe a hard problem you solved.', time_limit: 120, takes: 1, think_time: '0' },
      ],
    });
    expect(set.status).toBe(200);
    const stamp = Date.now();
    const due = localAhead(30, '17:30');
    const emails = ['ada', 'grace', 'linus'].map((n) => `${n}.${stamp}@seekers.example`);
    await withSteps(page, 'workspace-invite', async (step) => {
      await page.goto(`${site}/jobs/${company.job.uuid}/invite`);
      await heading(page, ws.invite.heading);
      await page.getByLabel(ws.invite.candidates, { exact: true }).fill(`Ada Lovelace <${emails[0]}>\nGrace Hopper, ${emails[1]}\n"Linus T" <${emails[2]}>`);
      await page.getByText(ws.invite.parsed(3)).waitFor();
      await page.getByLabel(ws.invite.questionSet, { exact: true }).selectOption(set.body.uuid);
      await page.getByText('Describe a hard problem you solved.').waitFor();
      await page.getByLabel(ws.invite.dueDate, { exact: true }).fill(due.local);
      await expectNoAxeViolation(page);
      await page.getByRole('button', { name: ws.invite.review }).click();
      await page.getByRole('heading', { name: ws.invite.summaryHeading }).waitFor();
      expect(await page.textContent('.summary')).toContain(ws.invite.summaryQuestions(2));
      await step('summary');
      await page.getByRole('button', { name: ws.invite.send(3) }).click();
      await page.getByText(ws.invite.resultSummary(3, 0)).waitFor();
      expect(await page.getByText(ws.invite.resultCreated, { exact: true }).count()).toBe(3);
      await expectNoAxeViolation(page);
      await step('results');
    });
    for (const email of emails) await inbox.next(email, 1, MAIL_TIMEOUT_MS);
    const listed = ((await company.api.get('/interviews?range=0-99')).body as any[]).filter((i) => emails.includes(i.assigned_to?.email));
    expect(listed).toHaveLength(3);
    for (const interview of listed) {
      const read = (await company.api.get(`/interviews/${interview.uuid}`)).body;
      expect(read).toMatchObject({ type: 'one_way', job_post: { uuid: company.job.uuid }, scheduled_at: due.utc });
      expect(read.questions.map((q: any) => q.text)).toEqual(['What brings you here?', 'Describe a hard problem you solved.']);
    }

    const liveAt = localAhead(40, '09:00');
    const liveEmail = `marie.${stamp}@seekers.example`;
    await withSteps(page, 'workspace-live', async () => {
      await page.goto(`${site}/interviews/invite`);
      await heading(page, ws.invite.heading);
      await page.getByLabel(ws.invite.job, { exact: true }).selectOption(company.job.uuid);
      await page.getByLabel(ws.invite.candidates, { exact: true }).fill(`Marie Curie <${liveEmail}>`);
      await page.getByLabel(ws.invite.live, { exact: true }).check();
      await page.getByLabel(ws.invite.liveAt, { exact: true }).fill(liveAt.local);
      await page.getByLabel(ws.invite.timezone, { exact: true }).selectOption('Europe/Paris');
      await page.getByRole('button', { name: ws.invite.review }).click();
      await page.getByRole('button', { name: ws.invite.send(1) }).click();
      await page.getByText(ws.invite.resultSummary(1, 0)).waitFor();
    });
    await inbox.next(liveEmail, 1, MAIL_TIMEOUT_MS);
    const live = ((await company.api.get('/interviews?type[]=live&range=0-99')).body as any[]).find((i) => i.assigned_to?.email === liveEmail);
    // 09:00 in the browser's zone (America/New_York), with the interview's own zone for the email.
    expect(live).toMatchObject({ type: 'live', scheduled_at: liveAt.utc });
    expect(Date.parse(live.scheduled_at) - Date.now()).toBeGreaterThan(DAY_MS);
  }, 150_000);
});
