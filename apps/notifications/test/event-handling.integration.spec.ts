import { randomUUID } from 'node:crypto';
import { FakeClock } from '@vi/platform-time';
import { WebhookDispatcher } from '../src/application/deliver-webhooks/deliver-webhooks';
import { fanOutEvent } from '../src/application/fan-out-event/fan-out-event';
import { planMessages } from '../src/application/plan-messages/plan-messages';
import type { AttemptResult, OutgoingEmail } from '../src/application/ports';
import { MessageDispatcher } from '../src/application/send-messages/send-messages';
import { aJobEvent, anInterviewEvent, aWebhookRow, DAY, fakeSealer, HOUR, liveCalendar, T0 } from './factories';
import { openNotificationsTestDatabase, testLogger, type NotificationsTestDatabase } from './test-database';
import type { NotificationsStore } from '../src/application/store';

const SECOND = 1000;

/** Events turned into deliveries and messages, and the workers that send them when their time comes, on a real database. */
describe('notifications event handling on a real database', () => {
  let database: NotificationsTestDatabase;
  let store: NotificationsStore;
  let clock: FakeClock;
  const noop = () => undefined;
  /** What planMessages needs: every company has the SMS feature. */
  const planDeps = () => ({
    store,
    clock,
    plans: { features: async () => ({ interview_sms_notifications: true }) },
    admins: { administrators: async () => [] },
    reminderLeadMs: DAY,
    calendar: liveCalendar,
    onQueued: noop,
  });

  beforeAll(async () => {
    database = await openNotificationsTestDatabase();
    store = database.store;
  });
  beforeEach(async () => {
    clock = new FakeClock(T0);
    await database.clear();
  });
  afterAll(() => database.close());

  const deliveriesOf = (webhookUuid: string) =>
    database.db.selectFrom('deliveries').selectAll().where('webhook_uuid', '=', webhookUuid).orderBy('seq').execute();
  const messagesOf = (interviewUuid: string) =>
    database.db
      .selectFrom('messages')
      .select(['kind', 'status', 'channel', 'send_after'])
      .where('interview_uuid', '=', interviewUuid)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();

  it('records one delivery per webhook of the company, once however often the event is redelivered', async () => {
    const company = randomUUID();
    const [a, b, elsewhere] = [aWebhookRow({ company_uuid: company }), aWebhookRow({ company_uuid: company }), aWebhookRow()];
    for (const webhook of [a, b, elsewhere]) await store.read.webhooks.insert(webhook);
    const event = aJobEvent(company);

    await fanOutEvent({ store, clock, onQueued: noop }, event);
    await fanOutEvent({ store, clock, onQueued: noop }, event);

    expect((await deliveriesOf(a.uuid)).map((d) => [d.event_id, d.next_attempt_at])).toEqual([[event.id, T0]]);
    expect((await deliveriesOf(b.uuid)).map((d) => d.event_id)).toEqual([event.id]);
    expect(await deliveriesOf(elsewhere.uuid)).toEqual([]);
    expect(await store.read.ledger.lastOf(company, 'JobCreated')).toMatchObject({ event_id: event.id, payload_type: 'Job' });
  });

  it('records each message once per event; a reschedule replaces the pending reminder and an ended interview cancels it', async () => {
    const interviewUuid = randomUUID();
    const deps = planDeps();
    const created = anInterviewEvent('interviews.interview.created', { interviewUuid, scheduledAt: new Date(T0.getTime() + 3 * DAY) });

    await planMessages(deps, created);
    await planMessages(deps, created);
    expect(await messagesOf(interviewUuid)).toEqual([
      { kind: 'interview_invitation', status: 'pending', channel: 'email', send_after: T0 },
      { kind: 'interview_invitation_sms', status: 'pending', channel: 'sms', send_after: T0 },
      { kind: 'interview_reminder_sms', status: 'pending', channel: 'sms', send_after: new Date(T0.getTime() + 2 * DAY) },
    ]);

    clock.advance(HOUR);
    await planMessages(deps, anInterviewEvent('interviews.interview.rescheduled', { interviewUuid, scheduledAt: new Date(T0.getTime() + 5 * DAY) }));
    const reminders = async () =>
      (await messagesOf(interviewUuid))
        .filter((m) => m.kind === 'interview_reminder_sms')
        .map((m) => m.status)
        .sort();
    expect(await reminders()).toEqual(['canceled', 'pending']);

    await planMessages(deps, anInterviewEvent('interviews.interview.completed', { interviewUuid, invitation: null }));
    expect(await reminders()).toEqual(['canceled', 'canceled']);
  });

  it('sends an SMS reminder when its time comes, not a minute before', async () => {
    const interviewUuid = randomUUID();
    const texts: string[] = [];
    const emails: OutgoingEmail[] = [];
    const links = {
      setPasswordUrl: async () => null,
      candidateUrls: async (uuids: string[]) => new Map(uuids.map((u) => [u, 'https://app.example/candidate?t=x'])),
      shareLinkUrls: async () => new Map(),
    };
    const dispatcher = new MessageDispatcher({
      store,
      clock,
      mailer: { send: async (email) => void emails.push(email) },
      sms: { configured: true, send: async (sms) => void texts.push(sms.body) },
      links,
      retryScheduleMs: [30 * SECOND],
      leaseMs: 120 * SECOND,
      logger: testLogger,
    });
    const deps = planDeps();
    await planMessages(deps, anInterviewEvent('interviews.interview.created', { interviewUuid, scheduledAt: new Date(T0.getTime() + 3 * DAY) }));

    await dispatcher.pass();
    expect(emails.map((e) => e.kind)).toEqual(['interview_invitation']);
    expect(texts).toHaveLength(1);

    clock.set(new Date(T0.getTime() + 2 * DAY - 60 * SECOND));
    await dispatcher.pass();
    expect(texts).toHaveLength(1);

    clock.advance(60 * SECOND);
    await dispatcher.pass();
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('https://app.example/candidate?t=x');
    expect((await messagesOf(interviewUuid)).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('attempts a failed webhook delivery again when its retry is due, with the same webhook-id', async () => {
    const webhook = aWebhookRow();
    await store.read.webhooks.insert(webhook);
    await fanOutEvent({ store, clock, onQueued: noop }, aJobEvent(webhook.company_uuid));
    const answers: AttemptResult[] = [
      { ok: false, statusCode: 503, error: 'HTTP 503', durationMs: 5 },
      { ok: true, statusCode: 204, durationMs: 5 },
    ];
    const ids: string[] = [];
    const dispatcher = new WebhookDispatcher({
      store,
      clock,
      sender: { send: async (request) => (ids.push(request.headers['webhook-id']), answers.shift()!) },
      guards: { run: (_endpoint, attempt) => attempt(), saturated: () => [], openForMs: 30 * SECOND },
      sealer: fakeSealer,
      links: { shareLinkUrls: async () => new Map() },
      settings: {
        retry: { scheduleMs: [60 * SECOND], retryAfterMaxMs: HOUR },
        health: { failingThreshold: 15, failingWindowMs: 48 * HOUR, disableAfterMs: 72 * HOUR },
        batchSize: 50,
        perWebhook: 5,
        leaseMs: 60 * SECOND,
      },
      logger: testLogger,
      onProgress: noop,
    });
    const pass = async () => {
      await dispatcher.pass();
      await dispatcher.drain();
    };

    await pass();
    const [retrying] = await deliveriesOf(webhook.uuid);
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });

    clock.set(new Date(retrying.next_attempt_at.getTime() - SECOND));
    await pass();
    expect(ids).toHaveLength(1);

    clock.advance(SECOND);
    await pass();
    expect(ids).toEqual([retrying.uuid, retrying.uuid]);
    expect(await deliveriesOf(webhook.uuid)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2, finished_at: clock.now() })]);
    expect((await store.read.deliveries.attemptsPage(webhook.uuid, 0, 10)).rows.map((a) => [a.attempt, a.succeeded])).toEqual([
      [2, true],
      [1, false],
    ]);
  });
});
