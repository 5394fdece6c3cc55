import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aWebhookOf, HOUR, T0 } from '../../../test/factories';
import { InMemoryNotifications } from '../../../test/in-memory-store';
import { replayEvent } from './replay-event';

describe('replayEvent', () => {
  const owner = aCompanyUser();
  const clock = new FakeClock(new Date(T0.getTime() + HOUR));
  let db: InMemoryNotifications;
  let woken: number;
  const sut = (eventType: string) => replayEvent({ store: db.store, clock, onQueued: () => void woken++ }, owner, eventType);

  beforeEach(() => {
    db = new InMemoryNotifications();
    woken = 0;
  });

  it("sends the company's last event of the type again to each of the caller's receiving webhooks, as new deliveries due now", async () => {
    const [active, failing] = [aWebhookOf(owner), aWebhookOf(owner, { status: 'failing', failing_since: T0 })];
    db.tables.webhooks.push(active, failing, aWebhookOf(owner, { status: 'disabled' }), aWebhookOf(aCompanyUser({ companyUuid: owner.companyUuid })));
    const last = { company_uuid: owner.companyUuid!, event_type: 'JobCreated', event_id: 'e1', payload_type: 'Job', resource_uuid: 'j1', body: '{"uuid":"j1"}', occurred_at: T0 };
    await db.store.read.ledger.markProcessedRememberingLast('webhooks', last);

    expect(await sut('JobCreated')).toEqual({ deliveries: 2 });

    expect(db.tables.deliveries.map((d) => d.webhook_uuid)).toEqual([active.uuid, failing.uuid]);
    for (const delivery of db.tables.deliveries) {
      expect(delivery).toMatchObject({ event_id: 'e1', event_type: 'JobCreated', body: '{"uuid":"j1"}', replay: true, status: 'pending', next_attempt_at: clock.now() });
    }
    // A replay is a new message to the receiver: a webhook-id of its own.
    expect(new Set(db.tables.deliveries.map((d) => d.uuid)).size).toBe(2);
    expect(woken).toBe(1);
  });

  it('queues nothing when the company has had no such event', async () => {
    db.tables.webhooks.push(aWebhookOf(owner));
    expect(await sut('InterviewRated')).toEqual({ deliveries: 0 });
    expect(woken).toBe(0);
  });

  it('refuses an event type the webhook table does not have', async () => {
    await expect(sut('InterviewCanceled')).rejects.toMatchObject({ code: 'api.webhook_event_type_unknown', reason: 'Unknown event type InterviewCanceled' });
  });
});
