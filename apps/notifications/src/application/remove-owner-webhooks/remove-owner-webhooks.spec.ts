import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aNewDelivery, aUserEvent, aWebhookRow, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { removeOwnerWebhooks } from './remove-owner-webhooks';

describe('removeOwnerWebhooks', () => {
  const clock = new FakeClock(T0);
  let db: NotificationsRepositoryFakes;
  const sut = (message: Parameters<typeof removeOwnerWebhooks>[1]) =>
    removeOwnerWebhooks({ store: memoryStore({ webhooks: db.webhooks, deliveries: db.deliveries }), clock }, message);

  beforeEach(() => {
    db = notificationsFakes();
  });

  it("deletes a deleted user's webhooks and cancels what they still had to deliver; a colleague's stay", async () => {
    const deleted = aUserEvent({}, 'identity.user.deleted');
    const owner = (deleted.payload as { uuid: string }).uuid;
    const [theirs, colleagues] = [aWebhookRow({ user_uuid: owner }), aWebhookRow()];
    db.webhooks.state.push(theirs, colleagues);
    await db.deliveries.insertMany([aNewDelivery({ webhook_uuid: theirs.uuid }), aNewDelivery({ webhook_uuid: colleagues.uuid })]);

    await sut(deleted);
    await sut(deleted);

    expect(db.webhooks.state.map((w) => w.deleted_at)).toEqual([T0, null]);
    expect(db.deliveries.state.deliveries.map((d) => d.status)).toEqual(['canceled', 'pending']);
  });
});
