import { WebhookEvents } from '@vi/contracts';
import { type Browser } from 'playwright-core';
import { describeInBrowser, launchChromium, newPage } from '../support/browser';
import { assertDescribed } from '../support/openapi-responses';
import { startTestSystem, type TestSystem } from '../support/test-system';

describe('gateway: the OpenAPI description, served and enforced', () => {
  let t: TestSystem;
  let origin: string;
  beforeAll(async () => {
    t = await startTestSystem();
    origin = t.baseUrl.replace(/\/v1\.0$/, '');
  });
  afterAll(() => t.stop());

  it('GET /v1.0/openapi.json needs no key and returns OpenAPI 3.1 covering the API and every webhook event type: the 11 of the contract, the 2 of evaluations and the 2 of accommodations', async () => {
    const response = await fetch(`${t.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown>; webhooks: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/jobs',
        '/interviews',
        '/users',
        '/share_links',
        '/webhooks',
        '/candidate/interviews/{interviewUuid}/questions/{questionUuid}/takes',
        '/candidate/interviews/{interviewUuid}/accommodation_request',
        // The ATSs' partner APIs under our gateway, and the company's side of them (decision 071).
        '/partners/greenhouse/list_tests',
        '/partners/greenhouse/send_test',
        '/partners/greenhouse/test_status',
        '/partners/ashby/assessment.list',
        '/partners/ashby/assessment.start',
        '/partners/ashby/assessment.cancel',
        '/integrations',
        '/integrations/ashby',
        '/assessment_orders',
        '/assessment_orders/{orderUuid}/callback',
        // Transcripts, captions, the company's settings and the share links' captions (decision 073).
        '/interviews/{interviewUuid}/questions/{questionUuid}/takes/{takeUuid}/transcript',
        '/interviews/{interviewUuid}/questions/{questionUuid}/takes/{takeUuid}/captions.vtt',
        '/interviews/{interviewUuid}/recordings/{recordingUuid}/transcript',
        '/interviews/{interviewUuid}/recordings/{recordingUuid}/captions.vtt',
        '/settings',
        '/public/share/{token}/takes/{takeUuid}/captions.vtt',
        '/public/share/{token}/recordings/{recordingUuid}/captions.vtt',
      ]),
    );
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(WebhookEvents).sort());
    expect(Object.keys(document.webhooks)).toHaveLength(16);
  });

  it('the e2e check refuses what the description does not say: a route, a status, a body or a header', async () => {
    const { api } = await t.createCompany();
    const created = await api.post('/jobs', { title: 'Checked', locality: { work_mode: 'remote', work_place: '' } });
    const jobs = await api.get('/jobs');
    const base = { method: 'GET', url: `${t.baseUrl}/jobs`, status: 200, headers: jobs.headers, body: jobs.body };
    expect(() => assertDescribed(base)).not.toThrow();
    expect(() => assertDescribed({ ...base, url: `${t.baseUrl}/jobs/${created.body.uuid}/archive` })).toThrow(/not in the OpenAPI description/);
    expect(() => assertDescribed({ ...base, status: 202 })).toThrow(/status 202 is not described/);
    expect(() => assertDescribed({ ...base, body: [{ uuid: 'not-a-job' }] })).toThrow(/does not match the OpenAPI description/);
    const job = { method: 'GET', url: `${t.baseUrl}/jobs/${created.body.uuid}`, status: 200, headers: created.headers };
    expect(() => assertDescribed({ ...job, body: created.body })).not.toThrow();
    expect(() => assertDescribed({ ...job, body: { ...created.body, surprise: true } })).toThrow(/does not match/);
    expect(() => assertDescribed({ ...job, body: { ...created.body, created_at: '2026-11-22T10:00:00Z' } })).toThrow(/does not match/);
    expect(() => assertDescribed({ ...base, headers: new Headers() })).toThrow(/header X-Request-Id is missing/);
  });

  it('/docs is a page under a strict CSP whose scripts come from this origin only', async () => {
    const page = await fetch(`${origin}/docs`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/docs/scalar.js', '/docs/init.js']);
    expect(html).not.toMatch(/<script>[^<]/);
    for (const script of scripts) expect((await fetch(`${origin}${script}`)).status).toBe(200);
  });

  describeInBrowser('the reference page in a browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(() => browser.close());

    it('renders the operations, and nothing from another host gets through', async () => {
      const { context, page } = await newPage(browser, { width: 1280, height: 900 });
      const errors: string[] = [];
      const fromElsewhere: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Scalar still reaches for its own hosts (fonts, its registry) when told not to: the CSP must stop every one.
      page.on('requestfinished', (request) => {
        if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) fromElsewhere.push(request.url());
      });
      await page.goto(`${origin}/docs`);
      // The first tag's operations and the other tags' names (the rest renders as it scrolls into view).
      await page.getByText('Sign in (the web pages)').first().waitFor({ timeout: 60_000 });
      for (const tag of ['Jobs', 'Question sets', 'Share links', 'Webhook events']) await page.getByText(tag, { exact: true }).first().waitFor();
      expect(errors).toEqual([]);
      expect(fromElsewhere).toEqual([]);
      await context.close();
    }, 90_000);
  });
});
