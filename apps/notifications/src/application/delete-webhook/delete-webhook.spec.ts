import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aNewDelivery, aWebhookOf, T0 } from '../../../test/factories';
import { InMemoryNotifications } from '../../../test/in-memory-store';
import { deleteWebhook } from './delete-webhook';

describe('deleteWebhook', () => {
  const owner = aCompanyUser();
  const clock = new FakeClock(T0);
  let db: InMemoryNotifications;
  const sut = (uuid: string, principal = owner) => deleteWebhook({ store: db.store, clock }, principal, uuid);

  beforeEach(() => {
    db = new InMemoryNotifications();
  });

  it('stops the webhook: it is no longer found, and what was still to be delivered is canceled', async () => {
    const webhook = aWebhookOf(owner);
    db.tables.webhooks.push(webhook);
    await db.store.read.deliveries.insertMany([aNewDelivery({ webhook_uuid: webhook.uuid }), aNewDelivery({ webhook_uuid: webhook.uuid })]);
    await db.store.read.deliveries.finish(db.tables.deliveries[0].uuid, 'succeeded', 1, T0);

    await sut(webhook.uuid);

    expect(await db.store.read.webhooks.findOfUser(owner.userUuid, webhook.uuid)).toBeUndefined();
    expect(db.tables.deliveries.map((d) => d.status)).toEqual(['succeeded', 'canceled']);
  });

  it("answers not found for another user's webhook, and leaves it", async () => {
    const theirs = aWebhookOf(aCompanyUser({ companyUuid: owner.companyUuid }));
    db.tables.webhooks.push(theirs);

    await expect(sut(theirs.uuid)).rejects.toMatchObject({ code: 'api.webhook_not_found' });
    expect(db.tables.webhooks[0].deleted_at).toBeNull();
  });
});
