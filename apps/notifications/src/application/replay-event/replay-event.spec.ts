import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aWebhookOf, HOUR, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { replayEvent } from './replay-event';

describe('replayEvent', () => {
  const owner = aCompanyUser();
  const clock = new FakeClock(new Date(T0.getTime() + HOUR));
  let db: NotificationsRepositoryFakes;
  let woken: number;
  const sut = (eventType: string) =>
    replayEvent(
      { store: memoryStore({ ledger: db.ledger, webhooks: db.webhooks, deliveries: db.deliveries }), clock, onQueued: () => void woken++ },
      owner,
      eventType,
    );

  beforeEach(() => {
    db = notificationsFakes();
    woken = 0;
  });

  it("sends the company's last event of the type again to each of the caller's receiving webhooks, as new deliveries due now", async () => {
    const [active, failing] = [aWebhookOf(owner), aWebhookOf(owner, { status: 'failing', failing_since: T0 })];
    db.webhooks.state.push(active, failing, aWebhookOf(owner, { status: 'disabled' }), aWebhookOf(aCompanyUser({ companyUuid: owner.companyUuid })));
    const last = {
      company_uuid: owner.companyUuid!,
      event_type: 'JobCreated',
      event_id: 'e1',
      payload_type: 'Job',
      resource_uuid: 'j1',
      body: '{"uuid":"j1"}',
      occurred_at: T0,
    };
    await db.ledger.markProcessedRememberingLast('webhooks', last);

    expect(await sut('JobCreated')).toEqual({ deliveries: 2 });

    expect(db.deliveries.state.deliveries.map((d) => d.webhook_uuid)).toEqual([active.uuid, failing.uuid]);
    for (const delivery of db.deliveries.state.deliveries) {
      expect(delivery).toMatchObject({
        event_id: 'e1',
        event_type: 'JobCreated',
        body: '{"uuid":"j1"}',
        replay: true,
        status: 'pending',
        next_attempt_at: clock.now(),
      });
    }
    // A replay is a new message to the receiver: a webhook-id of its own.
    expect(new Set(db.deliveries.state.deliveries.map((d) => d.uuid)).size).toBe(2);
    expect(woken).toBe(1);
  });

  it('queues nothing when the company has had no such event', async () => {
    db.webhooks.state.push(aWebhookOf(owner));
    expect(await sut('InterviewRated')).toEqual({ deliveries: 0 });
    expect(woken).toBe(0);
  });

  it('replays the evaluations events of the webhook table (decision 070)', async () => {
    db.webhooks.state.push(aWebhookOf(owner));
    const last = { company_uuid: owner.companyUuid!, event_id: 'e2', resource_uuid: 'i1', body: '{"interview_uuid":"i1"}', occurred_at: T0 };
    await db.ledger.markProcessedRememberingLast('webhooks', { ...last, event_type: 'InterviewDecided', payload_type: 'InterviewDecision' });
    expect(await sut('InterviewDecided')).toEqual({ deliveries: 1 });
    expect(db.deliveries.state.deliveries[0]).toMatchObject({ event_type: 'InterviewDecided', payload_type: 'InterviewDecision', replay: true });
    expect(await sut('EvaluationSubmitted')).toEqual({ deliveries: 0 });
  });

  it('refuses an event type the webhook table does not have', async () => {
    await expect(sut('InterviewCanceled')).rejects.toMatchObject({ code: 'api.webhook_event_type_unknown', reason: 'Unknown event type InterviewCanceled' });
  });
});
