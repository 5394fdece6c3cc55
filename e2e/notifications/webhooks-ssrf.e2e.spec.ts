import { waitFor } from '@vi/platform-testing';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { WebhookReceiver, createWebhook } from './notification-helpers';

describe('webhook targets when private addresses are not allowed', () => {
  let t: TestSystem;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await startTestSystem({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_SCHEDULE: '100ms' });
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
  });

  it('refuses literal private, loopback, link-local and metadata addresses at creation', async () => {
    const company = await t.createCompany();
    for (const url of [
      receiver.url(),
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.16.5.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'http://0.0.0.0/hook',
      // IPv6 forms that embed an IPv4 address are that address.
      'http://[::7f00:1]/',
      'http://[::127.0.0.1]:8080/hook',
      'http://[::a9fe:a9fe]/latest/meta-data',
      'http://[::ffff:0:a9fe:a9fe]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://[2002:7f00:1::1]/',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    ]) {
      const response = await company.api.post('/webhooks', { url });
      expect({ url, status: response.status, code: response.body.code }).toEqual({ url, status: 400, code: 'api.webhook_url_not_allowed' });
    }
    expectError(await company.api.post('/webhooks', { url: 'http://127.0.0.1/' }), 400, 'api.webhook_url_not_allowed');
    expect((await company.api.get('/webhooks')).body).toEqual([]);
    // The same forms around a public address are accepted.
    for (const url of ['http://[64:ff9b::5db8:d822]/hook', 'http://[2002:5db8:d822::1]/hook']) {
      expect({ url, status: (await company.api.post('/webhooks', { url })).status }).toEqual({ url, status: 200 });
    }
  });

  it('checks names after DNS resolution at every attempt: localhost is refused and nothing reaches the receiver', async () => {
    const company = await t.createCompany();
    const hook = await createWebhook(company.api, { url: `http://localhost:${receiver.port}/hook` });
    const job = (await company.api.post('/jobs', { title: 'SSRF', locality: { work_mode: 'remote', work_place: '' } })).body;
    expect(job.uuid).toBeDefined();
    await waitFor(async () => (await company.api.get(`/webhooks/${hook.uuid}/deliveries`)).body.length >= 2, 10_000);
    const log = (await company.api.get(`/webhooks/${hook.uuid}/deliveries`)).body;
    expect(log.map((a: any) => a.attempt)).toEqual([2, 1]);
    for (const attempt of log) {
      expect(attempt).toMatchObject({ event_type: 'JobCreated', success: false, status_code: null });
      expect(attempt.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    }
    expect(receiver.requests).toEqual([]);
  });
});
