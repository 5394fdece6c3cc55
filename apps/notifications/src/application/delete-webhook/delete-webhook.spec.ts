import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aNewDelivery, aWebhookOf, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { deleteWebhook } from './delete-webhook';

describe('deleteWebhook', () => {
  const owner = aCompanyUser();
  const clock = new FakeClock(T0);
  let db: NotificationsRepositoryFakes;
  const sut = (uuid: string, principal = owner) =>
    deleteWebhook({ store: memoryStore({ webhooks: db.webhooks, deliveries: db.deliveries }), clock }, principal, uuid);

  beforeEach(() => {
    db = notificationsFakes();
  });

  it('stops the webhook: it is no longer found, and what was still to be delivered is canceled', async () => {
    const webhook = aWebhookOf(owner);
    db.webhooks.state.push(webhook);
    await db.deliveries.insertMany([aNewDelivery({ webhook_uuid: webhook.uuid }), aNewDelivery({ webhook_uuid: webhook.uuid })]);
    await db.deliveries.finish(db.deliveries.state.deliveries[0].uuid, 'succeeded', 1, T0);

    await sut(webhook.uuid);

    expect(await db.webhooks.findOfUser(owner.userUuid, webhook.uuid)).toBeUndefined();
    expect(db.deliveries.state.deliveries.map((d) => d.status)).toEqual(['succeeded', 'canceled']);
  });

  it("answers not found for another user's webhook, and leaves it", async () => {
    const theirs = aWebhookOf(aCompanyUser({ companyUuid: owner.companyUuid }));
    db.webhooks.state.push(theirs);

    await expect(sut(theirs.uuid)).rejects.toMatchObject({ code: 'api.webhook_not_found' });
    expect(db.webhooks.state[0].deleted_at).toBeNull();
  });
});
