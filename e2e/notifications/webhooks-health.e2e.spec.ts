import { waitFor } from '@vi/platform-testing';
import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { WebhookReceiver, createWebhook, webhookStatus } from './notification-helpers';

// Shortened thresholds: failing after 3 failures within an hour, disabled after 1.5 s more of failures.
const RETRIES = Array.from({ length: 40 }, () => '100ms').join(',');

describe('webhook health', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({
      WEBHOOK_RETRY_SCHEDULE: RETRIES,
      WEBHOOK_FAILING_THRESHOLD: '3',
      WEBHOOK_FAILING_WINDOW: '1h',
      WEBHOOK_DISABLE_AFTER: '1500ms',
      WEBHOOK_BREAKER_RESET: '200ms',
    });
  });
  afterAll(() => t.stop());

  const newJob = async (api: any, title: string) => (await api.post('/jobs', { title, locality: { work_mode: 'remote', work_place: '' } })).body;

  it('marks a failing webhook failing, a success clears it', async () => {
    const company = await t.createCompany();
    const receiver = await new WebhookReceiver().start();
    try {
      receiver.reply = () => ({ status: 500 });
      const hook = await createWebhook(company.api, { url: receiver.url() });
      const job = await newJob(company.api, 'Failing');
      await waitFor(async () => (await webhookStatus(company.api, hook.uuid)).status === 'failing', 10_000);
      const failing = await webhookStatus(company.api, hook.uuid);
      expect(failing.failing_since).toMatch(/\+00:00$/);
      expect(receiver.of('JobCreated', job.uuid).length).toBeGreaterThanOrEqual(3);

      receiver.reply = () => ({ status: 200 });
      await waitFor(async () => (await webhookStatus(company.api, hook.uuid)).status === 'active', 10_000);
      expect(await webhookStatus(company.api, hook.uuid)).toMatchObject({ status: 'active', failing_since: null });
      const log = (await company.api.get(`/webhooks/${hook.uuid}/deliveries?range=0-99`)).body;
      expect(log[0]).toMatchObject({ success: true, status_code: 200 });
      expect(log.slice(1).every((a: any) => !a.success && a.status_code === 500)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('disables a webhook that keeps failing: nothing more is sent until it is enabled again', async () => {
    const company = await t.createCompany();
    const receiver = await new WebhookReceiver().start();
    try {
      receiver.reply = () => ({ status: 503, body: 'still down' });
      const hook = await createWebhook(company.api, { url: receiver.url() });
      await newJob(company.api, 'Dead endpoint');
      await waitFor(async () => (await webhookStatus(company.api, hook.uuid)).status === 'failing', 10_000);
      const failingSince = (await webhookStatus(company.api, hook.uuid)).failing_since;
      await waitFor(async () => (await webhookStatus(company.api, hook.uuid)).status === 'disabled', 15_000);
      const disabled = await webhookStatus(company.api, hook.uuid);
      expect(disabled).toMatchObject({ status: 'disabled', failing_since: failingSince });
      const lastAttempt = (await company.api.get(`/webhooks/${hook.uuid}/deliveries?range=0-0`)).body[0];
      expect(new Date(lastAttempt.attempted_at).getTime() - new Date(failingSince).getTime()).toBeGreaterThanOrEqual(1_000);

      // Disabled: new events are not delivered, and the pending retries stopped.
      await settled(t);
      const seen = receiver.requests.length;
      const ignored = await newJob(company.api, 'Not delivered');
      await settled(t);
      expect(receiver.requests).toHaveLength(seen);
      expect(receiver.of('JobCreated', ignored.uuid)).toEqual([]);

      receiver.reply = () => ({ status: 200 });
      const enabled = await company.api.post(`/webhooks/${hook.uuid}/enable`);
      expect(enabled.status).toBe(200);
      expect(enabled.body).toMatchObject({ status: 'active', failing_since: null });
      const after = await newJob(company.api, 'Delivered again');
      await receiver.next('JobCreated', after.uuid);
      expect(receiver.of('JobCreated', ignored.uuid)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('410 Gone disables the webhook at once', async () => {
    const company = await t.createCompany();
    const receiver = await new WebhookReceiver().start();
    const healthy = await new WebhookReceiver().start();
    try {
      receiver.reply = () => ({ status: 410 });
      const gone = await createWebhook(company.api, { url: receiver.url() });
      await createWebhook(company.api, { url: healthy.url() });
      const job = await newJob(company.api, 'Gone');
      await waitFor(async () => (await webhookStatus(company.api, gone.uuid)).status === 'disabled', 10_000);
      await healthy.next('JobCreated', job.uuid);
      await settled(t);
      expect(receiver.requests).toHaveLength(1);
      expect((await company.api.get(`/webhooks/${gone.uuid}/deliveries`)).body).toEqual([
        expect.objectContaining({ status_code: 410, success: false, attempt: 1 }),
      ]);
    } finally {
      await receiver.close();
      await healthy.close();
    }
  });
});
