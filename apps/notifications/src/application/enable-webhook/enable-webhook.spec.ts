import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aWebhookOf, DAY, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { enableWebhook } from './enable-webhook';

describe('enableWebhook', () => {
  const owner = aCompanyUser();
  const clock = new FakeClock(new Date(T0.getTime() + 5 * DAY));
  let db: NotificationsRepositoryFakes;
  const sut = (uuid: string) => enableWebhook({ store: memoryStore({ webhooks: db.webhooks }), clock }, owner, uuid);

  beforeEach(() => {
    db = notificationsFakes();
  });

  it('makes a disabled webhook active again, its failures counted afresh from now', async () => {
    const webhook = aWebhookOf(owner, { status: 'disabled', failing_since: T0, disabled_at: new Date(T0.getTime() + 3 * DAY) });
    db.webhooks.state.push(webhook);

    const enabled = await sut(webhook.uuid);

    expect(enabled).toMatchObject({ uuid: webhook.uuid, status: 'active', failing_since: undefined });
    expect(db.webhooks.state[0]).toMatchObject({ status: 'active', failing_since: null, disabled_at: null, failures_counted_from: clock.now() });
  });

  it('leaves an active webhook as it is', async () => {
    const webhook = aWebhookOf(owner);
    db.webhooks.state.push(webhook);

    expect(await sut(webhook.uuid)).toMatchObject({ status: 'active' });
    expect(db.webhooks.state[0]).toEqual(webhook);
  });

  it('clears the failing state of a failing webhook', async () => {
    const webhook = aWebhookOf(owner, { status: 'failing', failing_since: T0 });
    db.webhooks.state.push(webhook);

    expect((await sut(webhook.uuid)).failing_since).toBeUndefined();
  });
});
