import { FakeClock } from '@vi/platform-time';
import { aNewDelivery, aUserEvent, aWebhookRow, T0 } from '../../../test/factories';
import { InMemoryNotifications } from '../../../test/in-memory-store';
import { removeOwnerWebhooks } from './remove-owner-webhooks';

describe('removeOwnerWebhooks', () => {
  const clock = new FakeClock(T0);
  let db: InMemoryNotifications;
  const sut = (message: Parameters<typeof removeOwnerWebhooks>[1]) => removeOwnerWebhooks({ store: db.store, clock }, message);

  beforeEach(() => {
    db = new InMemoryNotifications();
  });

  it("deletes a deleted user's webhooks and cancels what they still had to deliver; a colleague's stay", async () => {
    const deleted = aUserEvent({}, 'identity.user.deleted');
    const owner = (deleted.payload as { uuid: string }).uuid;
    const [theirs, colleagues] = [aWebhookRow({ user_uuid: owner }), aWebhookRow()];
    db.tables.webhooks.push(theirs, colleagues);
    await db.store.read.deliveries.insertMany([aNewDelivery({ webhook_uuid: theirs.uuid }), aNewDelivery({ webhook_uuid: colleagues.uuid })]);

    await sut(deleted);
    await sut(deleted);

    expect(db.tables.webhooks.map((w) => w.deleted_at)).toEqual([T0, null]);
    expect(db.tables.deliveries.map((d) => d.status)).toEqual(['canceled', 'pending']);
  });
});
