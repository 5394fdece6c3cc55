import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@vi/platform-testing';
import { relayed, settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { WebhookReceiver, createWebhook, signatureValid } from './notification-helpers';

describe('a restart of the notifications service in the middle of retries', () => {
  let t: TestSystem;
  let dataDir: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Embedded runs keep PGlite on disk here, so the notifications data outlives the restart (with TEST_DATABASE_URL it is PostgreSQL).
    dataDir = mkdtempSync(join(tmpdir(), 'vi-restart-'));
    t = await startTestSystem({ DATA_DIR: dataDir, WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s' });
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no delivery: the retried one keeps its webhook-id, events published while it was down arrive', async () => {
    const company = await t.createCompany();
    const hook = await createWebhook(company.api, { url: receiver.url() });
    let failing = true;
    receiver.reply = () => (failing ? { status: 500 } : { status: 200 });
    const newJob = async (title: string) => (await company.api.post('/jobs', { title, locality: { work_mode: 'remote', work_place: '' } })).body;

    const before = await newJob('Before the restart');
    const firstAttempt = await receiver.next('JobCreated', before.uuid);

    let during: any;
    let downAt = 0;
    await t.system.restartNotifications(async () => {
      downAt = Date.now();
      // While the service is down: a new event, and the receiver recovers.
      during = await newJob('While it was down');
      failing = false;
      await relayed(t);
    });

    // (Right after the restart the gateway's channel may still be reconnecting: a 503 then, so only a 200 counts.)
    const successCount = async () => {
      const log = await company.api.get(`/webhooks/${hook.uuid}/deliveries`);
      return log.status === 200 ? log.body.filter((a: any) => a.success).length : -1;
    };
    await waitFor(async () => (await successCount()) === 2, 15_000);
    const retried = receiver.of('JobCreated', before.uuid);
    expect(retried.length).toBeGreaterThanOrEqual(2);
    expect(new Set(retried.map((r) => r.headers['webhook-id']))).toEqual(new Set([firstAttempt.headers['webhook-id']]));
    // The first attempt failed before the restart; the retry that succeeded came from the restarted service.
    expect(firstAttempt.at).toBeLessThan(downAt);
    expect(retried[retried.length - 1].at).toBeGreaterThan(downAt);
    for (const request of receiver.requests) expect(signatureValid(hook.secret, request)).toBe(true);

    await settled(t);
    const log = (await company.api.get(`/webhooks/${hook.uuid}/deliveries`)).body;
    const successes = log.filter((a: any) => a.success).map((a: any) => a.webhook_id);
    expect(successes.sort()).toEqual([firstAttempt.headers['webhook-id'], receiver.of('JobCreated', during.uuid)[0].headers['webhook-id']].sort());
    expect(receiver.of('JobCreated', during.uuid)).toHaveLength(1);
  });
});
