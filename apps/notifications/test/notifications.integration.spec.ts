import { randomUUID } from 'node:crypto';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, type TestDatabase } from '@vi/platform-testing';
import type { BusMessage } from '@vi/platform-bus';
import { notificationsMigrations } from '../migrations';
import { fanOutEvent } from '../src/application/fan-out-event/fan-out-event';
import { planMessages } from '../src/application/plan-messages/plan-messages';
import type { NotificationsDatabase } from '../src/infrastructure/notifications.database';
import { NotificationsStore } from '../src/infrastructure/notifications.store';

const logger = createLogger('notifications-test', 'silent');

describe('notifications on a real database', () => {
  let testDb: TestDatabase;
  let database: Database<NotificationsDatabase>;
  let store: NotificationsStore;
  const noop = () => undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase<NotificationsDatabase>({ url: testDb.url, schema: 'notifications', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'notifications', notificationsMigrations, logger);
    store = new NotificationsStore(database.db);
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  async function webhook(companyUuid: string, status: 'active' | 'failing' = 'active'): Promise<string> {
    const uuid = randomUUID();
    const now = new Date();
    await store.read.webhooks.insert({
      uuid,
      company_uuid: companyUuid,
      user_uuid: randomUUID(),
      description: '',
      url: 'https://r.example/',
      http_auth_ciphertext: null,
      secret_ciphertext: 'sealed',
      status,
      failing_since: null,
      disabled_at: null,
      failures_counted_from: now,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    return uuid;
  }

  const jobEvent = (companyUuid: string, jobUuid = randomUUID()): BusMessage => ({
    id: randomUUID(),
    subject: 'jobs.job.created',
    occurredAt: new Date().toISOString(),
    payload: { uuid: jobUuid, title: 'T', company: { uuid: companyUuid, name: 'C', avatar: '' } },
  });

  const deliveriesOf = (webhookUuid: string) => database.db.selectFrom('deliveries').selectAll().where('webhook_uuid', '=', webhookUuid).orderBy('seq').execute();

  it('records one delivery per webhook of the company, once however often the event is redelivered', async () => {
    const company = randomUUID();
    const [a, b] = [await webhook(company), await webhook(company)];
    const elsewhere = await webhook(randomUUID());
    const event = jobEvent(company);
    await fanOutEvent({ store, onQueued: noop }, event);
    await fanOutEvent({ store, onQueued: noop }, event);
    expect((await deliveriesOf(a)).map((d) => d.event_id)).toEqual([event.id]);
    expect((await deliveriesOf(b)).map((d) => d.event_id)).toEqual([event.id]);
    expect(await deliveriesOf(elsewhere)).toEqual([]);
    expect(await store.read.ledger.lastOf(company, 'JobCreated')).toMatchObject({ event_id: event.id, payload_type: 'Job' });
  });

  it('records each message once per event, and a reschedule replaces the pending reminder', async () => {
    const interviewUuid = randomUUID();
    const plans = { features: async () => ({ interview_sms_notifications: true }) };
    const deps = { store, plans, reminderLeadMs: 24 * 3600_000, onQueued: noop };
    const event = (subject: string, scheduledAt: Date): BusMessage => ({
      id: randomUUID(),
      subject,
      occurredAt: new Date().toISOString(),
      payload: {
        interview: {
          uuid: interviewUuid,
          scheduled_at: scheduledAt.toISOString(),
          assigned_to: { uuid: randomUUID(), name: 'S', email: 's@x.example', avatar: '' },
          company: { uuid: randomUUID(), name: 'C', avatar: '' },
          job_post: { title: 'J' },
        },
        invitation: { email_message: '', timezone: 'UTC', scheduled_at_local: 'soon', phone: '1', phone_parsed: '+15550001', has_sms_consent: true },
      },
    });
    const created = event('interviews.interview.created', new Date(Date.now() + 3 * 24 * 3600_000));
    await planMessages(deps, created);
    await planMessages(deps, created);
    const rows = () => database.db.selectFrom('messages').select(['kind', 'status', 'channel']).where('interview_uuid', '=', interviewUuid).orderBy('created_at').orderBy('kind').execute();
    expect(await rows()).toEqual([
      { kind: 'interview_invitation', status: 'pending', channel: 'email' },
      { kind: 'interview_invitation_sms', status: 'pending', channel: 'sms' },
      { kind: 'interview_reminder_sms', status: 'pending', channel: 'sms' },
    ]);
    await planMessages(deps, event('interviews.interview.rescheduled', new Date(Date.now() + 5 * 24 * 3600_000)));
    const after = await rows();
    expect(after.filter((r) => r.kind === 'interview_reminder_sms').map((r) => r.status).sort()).toEqual(['canceled', 'pending']);
    await planMessages(deps, { ...event('interviews.interview.completed', new Date()), payload: { interview: { uuid: interviewUuid } } });
    expect((await rows()).filter((r) => r.kind === 'interview_reminder_sms').map((r) => r.status)).toEqual(['canceled', 'canceled']);
  });

  it('claims due deliveries once across concurrent claimers, one resource at a time on a healthy webhook', async () => {
    const company = randomUUID();
    const healthy = await webhook(company);
    const failing = await webhook(company, 'failing');
    const sameJob = randomUUID();
    for (let i = 0; i < 3; i++) await fanOutEvent({ store, onQueued: noop }, jobEvent(company, sameJob));
    for (let i = 0; i < 5; i++) await fanOutEvent({ store, onQueued: noop }, jobEvent(company));
    const now = new Date(Date.now() + 1_000);
    const claim = () => store.read.deliveries.claimDue({ now, leaseUntil: new Date(now.getTime() + 60_000), batchSize: 100, perWebhook: 100, excludeWebhooks: [] });
    const [first, second] = await Promise.all([claim(), claim()]);
    const claimed = [...first, ...second].filter((d) => d.webhook_uuid === healthy || d.webhook_uuid === failing);
    expect(new Set(claimed.map((d) => d.uuid)).size).toBe(claimed.length);
    // Healthy: the first delivery of the job and the 5 other jobs; failing: everything (order is not kept there).
    expect(claimed.filter((d) => d.webhook_uuid === healthy)).toHaveLength(6);
    expect(claimed.filter((d) => d.webhook_uuid === healthy && d.resource_uuid === sameJob)).toHaveLength(1);
    expect(claimed.filter((d) => d.webhook_uuid === failing)).toHaveLength(8);
    // Leased: nothing more to claim until the lease runs out or an attempt is recorded.
    expect((await claim()).filter((d) => d.webhook_uuid === healthy || d.webhook_uuid === failing)).toEqual([]);
    const firstOfJob = claimed.find((d) => d.webhook_uuid === healthy && d.resource_uuid === sameJob)!;
    await store.read.deliveries.finish(firstOfJob.uuid, 'succeeded', 1, new Date());
    expect((await claim()).filter((d) => d.webhook_uuid === healthy).map((d) => d.resource_uuid)).toEqual([sameJob]);
  });
});
