import { randomUUID } from 'node:crypto';
import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createStandardUser, expectValidationFailed } from '../jobs/job-helpers';
import { companyWithJob, createInterview, interviewBody } from '../interviews/interview-helpers';
import { createWebhook } from './notification-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('webhooks API', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('creates a webhook (200) showing http_auth as a boolean and the signing secret once', async () => {
    const company = await t.createCompany();
    const created = await company.api.post('/webhooks', { description: 'ATS sync', url: 'https://ats.example/hooks/vi', http_auth: 'ats:s3cret' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      uuid: expect.stringMatching(UUID),
      description: 'ATS sync',
      url: 'https://ats.example/hooks/vi',
      http_auth: true,
      status: 'active',
      failing_since: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    expect(Buffer.from(created.body.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(JSON.stringify(created.body)).not.toContain('s3cret');

    const { secret: _secret, ...webhook } = created.body;
    const read = await company.api.get(`/webhooks/${webhook.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(webhook);

    const plain = await createWebhook(company.api, { url: 'http://receiver.example/plain' });
    expect(plain).toMatchObject({ description: '', http_auth: false });
    expect(plain.secret).not.toBe(created.body.secret);
    const nullAuth = await createWebhook(company.api, { description: 'x', url: 'http://receiver.example/x', http_auth: null });
    expect(nullAuth.http_auth).toBe(false);
  });

  it("lists the caller's own webhooks, oldest first, with range paging", async () => {
    const company = await t.createCompany();
    const standard = await createStandardUser(company.api, t.as, `lists.${randomUUID().slice(0, 8)}@standard.example`);
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await createWebhook(company.api, { description: `hook ${i}`, url: `https://r.example/${i}` }));
    const theirs = await createWebhook(standard.api, { description: 'standard user', url: 'https://r.example/s' });

    const all = await company.api.get('/webhooks');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('items 0-2/3');
    expect(all.body.map((w: any) => w.uuid)).toEqual(mine.map((w) => w.uuid));
    for (const item of all.body) expect(item).not.toHaveProperty('secret');

    const page = await company.api.get('/webhooks?range=1-5');
    expect(page.headers.get('content-range')).toBe('items 1-2/3');
    expect(page.body.map((w: any) => w.description)).toEqual(['hook 1', 'hook 2']);
    const past = await company.api.get('/webhooks?range=10-19');
    expect(past.headers.get('content-range')).toBe('items */3');
    expect(past.body).toEqual([]);
    expectValidationFailed(await company.api.get('/webhooks?range=5-1'), ['range']);

    // Another user's webhook (same company) is not the caller's: 404 everywhere.
    expect((await standard.api.get('/webhooks')).body.map((w: any) => w.uuid)).toEqual([theirs.uuid]);
    expectError(await company.api.get(`/webhooks/${theirs.uuid}`), 404, 'api.webhook_not_found');
    expectError(await company.api.delete(`/webhooks/${theirs.uuid}`), 404, 'api.webhook_not_found');
    expectError(await company.api.get(`/webhooks/${theirs.uuid}/deliveries`), 404, 'api.webhook_not_found');
    expectError(await company.api.post(`/webhooks/${theirs.uuid}/enable`), 404, 'api.webhook_not_found');
    const other = await t.createCompany();
    expectError(await other.api.get(`/webhooks/${mine[0].uuid}`), 404, 'api.webhook_not_found');
    expectError(await company.api.get('/webhooks/not-a-uuid'), 404, 'api.not_found');
    expectError(await company.api.get(`/webhooks/${randomUUID()}`), 404, 'api.webhook_not_found');
  });

  it('refuses bad bodies naming every bad field, and methods the paths do not have', async () => {
    const company = await t.createCompany();
    expectValidationFailed(await company.api.post('/webhooks', {}), ['url']);
    expectValidationFailed(await company.api.post('/webhooks', { url: 'ftp://files.example/x', description: 5, http_auth: 'no-colon' }), [
      'url',
      'description',
      'http_auth',
    ]);
    expectValidationFailed(await company.api.post('/webhooks', { url: 'not a url' }), ['url']);
    expectValidationFailed(await company.api.post('/webhooks', { url: 'https://user:pw@r.example/' }), ['url']);
    expectValidationFailed(await company.api.post('/webhooks', { url: `https://r.example/${'x'.repeat(2100)}` }), ['url']);
    expect((await company.api.get('/webhooks')).headers.get('content-range')).toBe('items */0');

    const hook = await createWebhook(company.api, { url: 'https://r.example/' });
    for (const [method, path, allow] of [
      ['PUT', '/webhooks', 'GET, HEAD, POST'],
      ['PUT', `/webhooks/${hook.uuid}`, 'GET, HEAD, DELETE'],
      ['POST', `/webhooks/${hook.uuid}`, 'GET, HEAD, DELETE'],
      ['GET', `/webhooks/${hook.uuid}/enable`, 'POST'],
      // The replay changes something: HEAD would run it, so only GET is allowed.
      ['POST', '/webhooks/replay/JobCreated', 'GET'],
      ['DELETE', `/webhooks/${hook.uuid}/deliveries`, 'GET, HEAD'],
    ] as const) {
      const response = await company.api.request(method, path, {});
      expectError(response, 405, 'api.method_not_allowed');
      expect(response.headers.get('allow')).toBe(allow);
    }
  });

  it('enabling an active webhook changes nothing; a new webhook has an empty delivery log', async () => {
    const company = await t.createCompany();
    const hook = await createWebhook(company.api, { url: 'https://r.example/' });
    const enabled = await company.api.post(`/webhooks/${hook.uuid}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ uuid: hook.uuid, description: '', url: 'https://r.example/', http_auth: false, status: 'active', failing_since: null });
    const log = await company.api.get(`/webhooks/${hook.uuid}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body).toEqual([]);
    expect(log.headers.get('content-range')).toBe('items */0');
  });

  it('webhooks are for company users: a job seeker gets 403', async () => {
    const company = await companyWithJob(t);
    const events: any[] = [];
    const subscription = await t.system.bus.subscribe({ subjects: ['interviews.interview.created'], handler: async (m) => void events.push(m) });
    try {
      const interview = await createInterview(company.api, interviewBody(company.job.uuid));
      await waitFor(() => events.some((e) => e.payload.interview.uuid === interview.uuid));
      const url = new URL(await t.candidateLinks.url(interview.uuid));
      const seeker = new ApiClient(t.baseUrl, undefined);
      const as = (method: string, path: string, body?: unknown) =>
        seeker.request(method, path, { body, headers: { authorization: `Bearer ${url.searchParams.get('token')}` } });
      expectError(await as('GET', '/webhooks'), 403, 'api.company_user_required');
      expectError(await as('POST', '/webhooks', { url: 'https://r.example/' }), 403, 'api.company_user_required');
      expectError(await as('GET', '/webhooks/replay/JobCreated'), 403, 'api.company_user_required');
      expectError(await new ApiClient(t.baseUrl, undefined).get('/webhooks'), 401, 'api.key_not_set');
    } finally {
      await subscription.close();
    }
  });
});
