import { memoryStore } from '@vi/platform-testing';
import { randomUUID } from 'node:crypto';
import { FakeClock } from '@vi/platform-time';
import { aDecisionEvent, aJobEvent, anEvaluationSubmittedEvent, anInterviewEvent, aTranscriptReadyEvent, aWebhookRow, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { fanOutEvent, fanOutEvents } from './fan-out-event';

describe('fanOutEvent', () => {
  const company = randomUUID();
  const clock = new FakeClock(T0);
  let db: NotificationsRepositoryFakes;
  let woken: number;
  const sut = (message: Parameters<typeof fanOutEvent>[1]) =>
    fanOutEvent({ store: memoryStore({ ledger: db.ledger, webhooks: db.webhooks, deliveries: db.deliveries }), clock, onQueued: () => void woken++ }, message);

  beforeEach(() => {
    db = notificationsFakes();
    woken = 0;
  });

  it('queues one delivery per receiving webhook of the company, once however often the event comes', async () => {
    const [active, failing] = [aWebhookRow({ company_uuid: company }), aWebhookRow({ company_uuid: company, status: 'failing' })];
    db.webhooks.state.push(
      active,
      failing,
      aWebhookRow({ company_uuid: company, status: 'disabled' }),
      aWebhookRow({ company_uuid: company, deleted_at: T0 }),
      aWebhookRow(),
    );
    const event = aJobEvent(company);

    await sut(event);
    await sut(event);

    expect(db.deliveries.state.deliveries.map((d) => d.webhook_uuid)).toEqual([active.uuid, failing.uuid]);
    expect(db.deliveries.state.deliveries[0]).toMatchObject({
      event_id: event.id,
      event_type: 'JobCreated',
      payload_type: 'Job',
      replay: false,
      next_attempt_at: T0,
    });
    expect(JSON.parse(db.deliveries.state.deliveries[0].body)).toEqual(event.payload);
    expect(woken).toBe(1);
  });

  it("remembers the event as the company's last of its type, for replay, even with no webhook yet", async () => {
    const event = anInterviewEvent('interviews.interview.rated', { companyUuid: company });
    (event.payload as { rating?: unknown }).rating = { uuid: 'r1', score: 4 };

    await sut(event);

    expect(await db.ledger.lastOf(company, 'InterviewRated')).toMatchObject({ event_id: event.id, payload_type: 'Rating', body: '{"uuid":"r1","score":4}' });
    expect(db.deliveries.state.deliveries).toEqual([]);
    expect(woken).toBe(0);
  });

  it("queues the evaluations events of the webhook table for the payload's company, the interview as their resource (decision 070)", async () => {
    const webhook = aWebhookRow({ company_uuid: company });
    db.webhooks.state.push(webhook);
    const [submitted, decided] = [anEvaluationSubmittedEvent(company), aDecisionEvent(company, { notify: { message: 'Thank you' } })];

    await fanOutEvents({ store: memoryStore({ ledger: db.ledger, webhooks: db.webhooks, deliveries: db.deliveries }), clock, onQueued: () => void woken++ }, [
      submitted,
      decided,
    ]);

    expect(db.deliveries.state.deliveries.map((d) => [d.event_type, d.payload_type, d.resource_uuid])).toEqual([
      ['EvaluationSubmitted', 'SubmittedEvaluation', (submitted.payload as { interview_uuid: string }).interview_uuid],
      ['InterviewDecided', 'InterviewDecision', (decided.payload as { interview_uuid: string }).interview_uuid],
    ]);
    expect(JSON.parse(db.deliveries.state.deliveries[1].body)).not.toHaveProperty('notify_candidate');
    expect(await db.ledger.lastOf(company, 'InterviewDecided')).toMatchObject({ event_id: decided.id, payload_type: 'InterviewDecision' });
  });

  it("queues TranscriptReady for the payload's company, the interview as its resource, without the text (decision 073)", async () => {
    db.webhooks.state.push(aWebhookRow({ company_uuid: company }));
    const failed = aTranscriptReadyEvent(company, { take_uuid: null, recording_uuid: randomUUID(), status: 'failed', text: '' });
    const done = aTranscriptReadyEvent(company);

    await sut(failed);
    await sut(done);

    const { interview_uuid, take_uuid } = done.payload as { interview_uuid: string; take_uuid: string };
    expect(db.deliveries.state.deliveries.map((d) => [d.event_type, d.payload_type])).toEqual([
      ['TranscriptReady', 'TranscriptReady'],
      ['TranscriptReady', 'TranscriptReady'],
    ]);
    expect(JSON.parse(db.deliveries.state.deliveries[1].body)).toEqual({ interview_uuid, take_uuid, recording_uuid: null, language: 'en', status: 'done' });
    expect(db.deliveries.state.deliveries[1].resource_uuid).toBe(interview_uuid);
    // The last of its type, for `GET /webhooks/replay/TranscriptReady`.
    expect(await db.ledger.lastOf(company, 'TranscriptReady')).toMatchObject({ event_id: done.id, payload_type: 'TranscriptReady' });
  });

  it('ignores what webhooks do not receive: a canceled interview', async () => {
    db.webhooks.state.push(aWebhookRow({ company_uuid: company }));
    await sut(anInterviewEvent('interviews.interview.canceled', { companyUuid: company }));
    expect(db.deliveries.state.deliveries).toEqual([]);
    expect(db.ledger.state.last).toEqual([]);
  });

  it("handles a consumer's batch in order: one record for the companies without webhooks, deliveries for the others (decision 051)", async () => {
    const listening = randomUUID();
    const webhook = aWebhookRow({ company_uuid: listening });
    db.webhooks.state.push(webhook);
    const [first, second, heard] = [aJobEvent(company), aJobEvent(company), aJobEvent(listening)];
    const deps = { store: memoryStore({ ledger: db.ledger, webhooks: db.webhooks, deliveries: db.deliveries }), clock, onQueued: () => void woken++ };

    await fanOutEvents(deps, [first, heard, second]);
    await fanOutEvents(deps, [second, heard]);

    expect(await db.ledger.lastOf(company, 'JobCreated')).toMatchObject({ event_id: second.id });
    expect(await db.ledger.lastOf(listening, 'JobCreated')).toMatchObject({ event_id: heard.id });
    expect(db.deliveries.state.deliveries.map((d) => [d.webhook_uuid, d.event_id])).toEqual([[webhook.uuid, heard.id]]);
    expect(woken).toBe(1);
  });
});
