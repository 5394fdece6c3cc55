import { memoryStore } from '@vi/platform-testing';
import { aCompanyUser, anAttemptRow, aWebhookOf, HOUR, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { listDeliveries } from './list-deliveries';

describe('listDeliveries', () => {
  const owner = aCompanyUser();
  let db: NotificationsRepositoryFakes;
  const sut = (webhookUuid: string, from: number, to: number) =>
    listDeliveries({ store: memoryStore({ webhooks: db.webhooks, deliveries: db.deliveries }) }, owner, { webhookUuid, from, to });

  beforeEach(() => {
    db = notificationsFakes();
  });

  it("pages one webhook's attempts newest first, as the delivery log shows them", async () => {
    const webhook = aWebhookOf(owner);
    db.webhooks.state.push(webhook);
    const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
    const failed = anAttemptRow({ webhook_uuid: webhook.uuid, attempt: 1, succeeded: false, status_code: 503, error: 'HTTP 503', attempted_at: at(0) });
    const retried = anAttemptRow({ webhook_uuid: webhook.uuid, delivery_uuid: failed.delivery_uuid, attempt: 2, attempted_at: at(1) });
    db.deliveries.state.attempts.push(failed, anAttemptRow({ attempted_at: at(2) }), retried);

    const page = await sut(webhook.uuid, 0, 9);

    expect(page.total).toBe(2);
    expect(page.deliveries).toEqual([
      {
        uuid: retried.uuid,
        webhook_id: failed.delivery_uuid,
        event_type: 'JobCreated',
        attempt: 2,
        success: true,
        status_code: 200,
        duration_ms: 12,
        error: undefined,
        attempted_at: '2026-03-02T10:00:00+00:00',
      },
      {
        uuid: failed.uuid,
        webhook_id: failed.delivery_uuid,
        event_type: 'JobCreated',
        attempt: 1,
        success: false,
        status_code: 503,
        duration_ms: 12,
        error: 'HTTP 503',
        attempted_at: '2026-03-02T09:00:00+00:00',
      },
    ]);
    expect((await sut(webhook.uuid, 1, 1)).deliveries.map((d) => d.uuid)).toEqual([failed.uuid]);
  });

  it("answers not found for someone else's webhook", async () => {
    const theirs = aWebhookOf(aCompanyUser());
    db.webhooks.state.push(theirs);
    await expect(sut(theirs.uuid, 0, 9)).rejects.toMatchObject({ code: 'api.webhook_not_found' });
  });
});
