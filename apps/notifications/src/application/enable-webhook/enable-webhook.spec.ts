import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aWebhookOf, DAY, T0 } from '../../../test/factories';
import { InMemoryNotifications } from '../../../test/in-memory-store';
import { enableWebhook } from './enable-webhook';

describe('enableWebhook', () => {
  const owner = aCompanyUser();
  const clock = new FakeClock(new Date(T0.getTime() + 5 * DAY));
  let db: InMemoryNotifications;
  const sut = (uuid: string) => enableWebhook({ store: db.store, clock }, owner, uuid);

  beforeEach(() => {
    db = new InMemoryNotifications();
  });

  it('makes a disabled webhook active again, its failures counted afresh from now', async () => {
    const webhook = aWebhookOf(owner, { status: 'disabled', failing_since: T0, disabled_at: new Date(T0.getTime() + 3 * DAY) });
    db.tables.webhooks.push(webhook);

    const enabled = await sut(webhook.uuid);

    expect(enabled).toMatchObject({ uuid: webhook.uuid, status: 'active', failing_since: undefined });
    expect(db.tables.webhooks[0]).toMatchObject({ status: 'active', failing_since: null, disabled_at: null, failures_counted_from: clock.now() });
  });

  it('leaves an active webhook as it is', async () => {
    const webhook = aWebhookOf(owner);
    db.tables.webhooks.push(webhook);

    expect(await sut(webhook.uuid)).toMatchObject({ status: 'active' });
    expect(db.tables.webhooks[0]).toEqual(webhook);
  });

  it('clears the failing state of a failing webhook', async () => {
    const webhook = aWebhookOf(owner, { status: 'failing', failing_since: T0 });
    db.tables.webhooks.push(webhook);

    expect((await sut(webhook.uuid)).failing_since).toBeUndefined();
  });
});
