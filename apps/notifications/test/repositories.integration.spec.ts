import { randomUUID } from 'node:crypto';
import { aNewDelivery, aNewMessage, anAttemptRow, aWebhookRow, HOUR, T0 } from './factories';
import { openNotificationsTestDatabase, type NotificationsTestDatabase } from './test-database';
import type { NotificationsStore } from '../src/application/store';

const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

/**
 * What only the notifications tables show, on PGlite or on PostgreSQL with TEST_DATABASE_URL (decision 027): the
 * statuses and rows no repository reads back. What the use cases read is in repositories.contract.integration.spec.ts,
 * run against the fakes too.
 */
describe('notifications repositories on a real database', () => {
  let database: NotificationsTestDatabase;
  let store: NotificationsStore;

  beforeAll(async () => {
    database = await openNotificationsTestDatabase();
    store = database.store;
  });
  beforeEach(() => database.clear());
  afterAll(() => database.close());

  async function webhooks(...rows: ReturnType<typeof aWebhookRow>[]) {
    for (const row of rows) await store.read.webhooks.insert(row);
    return rows;
  }

  it('retries, finishes and cancels: a canceled or finished delivery is never claimed again', async () => {
    const [webhook, other] = await webhooks(aWebhookRow(), aWebhookRow());
    const [retried, finished, canceled] = [
      aNewDelivery({ webhook_uuid: webhook.uuid }),
      aNewDelivery({ webhook_uuid: webhook.uuid }),
      aNewDelivery({ webhook_uuid: other.uuid }),
    ];
    await store.read.deliveries.insertMany([retried, finished, canceled]);
    await store.read.deliveries.retryAt(retried.uuid, 1, at(2));
    await store.read.deliveries.finish(finished.uuid, 'failed', 3, at(1));
    await store.read.deliveries.cancelPending([other.uuid], at(1));

    const claimed = await store.read.deliveries.claimDue({ now: at(2), leaseUntil: at(3), batchSize: 10, perWebhook: 10, excludeWebhooks: [] });

    expect(claimed.map((d) => [d.uuid, d.attempts])).toEqual([[retried.uuid, 1]]);
    const rows = await database.db
      .selectFrom('deliveries')
      .select(['uuid', 'status', 'finished_at'])
      .where('uuid', 'in', [finished.uuid, canceled.uuid])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { uuid: finished.uuid, status: 'failed', finished_at: at(1) },
        { uuid: canceled.uuid, status: 'canceled', finished_at: at(1) },
      ]),
    );
  });

  it("forgets an interview's deliveries, attempts and last notifications, but those of the kept event type", async () => {
    const [interview, company] = [randomUUID(), randomUUID()];
    const [webhook] = await webhooks(aWebhookRow());
    const ofInterview = (eventType: string) =>
      aNewDelivery({ webhook_uuid: webhook.uuid, resource_uuid: interview, event_type: eventType, payload_type: 'Interview' });
    const [created, deleted] = [ofInterview('InterviewCreated'), ofInterview('InterviewDeleted')];
    await store.read.deliveries.insertMany([created, deleted]);
    await store.read.deliveries.insertAttempt(anAttemptRow({ webhook_uuid: webhook.uuid, delivery_uuid: created.uuid }));
    for (const eventType of ['InterviewCreated', 'InterviewDeleted']) {
      await store.read.ledger.markProcessedRememberingLast('webhooks', {
        company_uuid: company,
        event_type: eventType,
        event_id: randomUUID(),
        payload_type: 'Interview',
        resource_uuid: interview,
        body: '{}',
        occurred_at: T0,
      });
    }

    expect(await store.read.deliveries.deleteOfResources([interview], 'InterviewDeleted')).toBe(1);

    expect((await database.db.selectFrom('deliveries').select('uuid').where('resource_uuid', '=', interview).execute()).map((d) => d.uuid)).toEqual([
      deleted.uuid,
    ]);
    expect(await database.db.selectFrom('delivery_attempts').selectAll().where('delivery_uuid', '=', created.uuid).execute()).toEqual([]);
    expect(await store.read.ledger.lastOf(company, 'InterviewCreated')).toBeUndefined();
    expect(await store.read.ledger.lastOf(company, 'InterviewDeleted')).toBeDefined();
  });

  it("retries later with the error, finishes, and cancels an interview's pending reminders only", async () => {
    const interview = randomUUID();
    const [reminder, sent, invitation] = [
      aNewMessage({ interview_uuid: interview, kind: 'interview_reminder_sms', send_after: at(20) }),
      aNewMessage({ interview_uuid: interview, kind: 'interview_reminder_sms' }),
      aNewMessage({ interview_uuid: interview, kind: 'interview_invitation' }),
    ];
    await store.read.messages.insertMany([reminder, sent, invitation]);
    await store.read.messages.finishAttempts(
      [
        { uuid: sent.uuid, status: 'sent', attempts: 1, error: null, sendAfter: null },
        { uuid: invitation.uuid, status: 'pending', attempts: 1, error: 'SMTP 451', sendAfter: at(1) },
      ],
      at(0),
    );

    await store.read.messages.cancelPending(interview, ['interview_reminder_sms'], at(0.5));

    const rows = await database.db.selectFrom('messages').selectAll().where('interview_uuid', '=', interview).execute();
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    expect(byUuid.get(reminder.uuid)).toMatchObject({ status: 'canceled' });
    expect(byUuid.get(sent.uuid)).toMatchObject({ status: 'sent', sent_at: at(0), attempts: 1 });
    expect(byUuid.get(invitation.uuid)).toMatchObject({ status: 'pending', send_after: at(1), attempts: 1, last_error: 'SMTP 451' });
    expect(await store.read.messages.deleteOfInterviews([interview])).toBe(3);
  });
});
