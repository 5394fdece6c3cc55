import { randomUUID } from 'node:crypto';
import { RetentionSweep } from '@vi/platform-bus';
import { FakeClock } from '@vi/platform-time';
import { notificationsRetentionTasks } from '../src/application/enforce-retention/enforce-retention';
import { aNewDelivery, aNewMessage, anAttemptRow, aWebhookRow, DAY, T0 } from './factories';
import { openNotificationsTestDatabase, testLogger, type NotificationsTestDatabase } from './test-database';
import type { NotificationsStore } from '../src/application/store';

const MINUTE = 60_000;

/** Decision 019's windows, swept at the instants a FakeClock names: no sleep, nothing kept a minute too long or too short. */
describe('notifications retention on a real database', () => {
  let database: NotificationsTestDatabase;
  let store: NotificationsStore;
  let clock: FakeClock;
  let sweep: RetentionSweep;

  beforeAll(async () => {
    database = await openNotificationsTestDatabase();
    store = database.store;
  });
  beforeEach(() => {
    clock = new FakeClock(T0);
    const tasks = notificationsRetentionTasks(database.db, { deliveriesMs: 30 * DAY, messagesMs: 30 * DAY, processedEventsMs: 14 * DAY });
    sweep = new RetentionSweep(tasks, MINUTE, testLogger, clock);
  });
  afterAll(() => database.close());

  const uuidsOf = async (table: 'deliveries' | 'delivery_attempts' | 'messages', uuids: string[]) =>
    (await database.db.selectFrom(table).select('uuid').where('uuid', 'in', uuids).execute()).map((r) => r.uuid).sort();

  it('removes a finished delivery with its attempts 30 days after it finished; a pending one never', async () => {
    const webhook = aWebhookRow();
    await store.read.webhooks.insert(webhook);
    const [finished, pending] = [aNewDelivery({ webhook_uuid: webhook.uuid }), aNewDelivery({ webhook_uuid: webhook.uuid })];
    await store.read.deliveries.insertMany([finished, pending]);
    const attempts = [
      anAttemptRow({ webhook_uuid: webhook.uuid, delivery_uuid: finished.uuid }),
      anAttemptRow({ webhook_uuid: webhook.uuid, delivery_uuid: pending.uuid, succeeded: false }),
    ];
    for (const attempt of attempts) await store.read.deliveries.insertAttempt(attempt);
    await store.read.deliveries.finish(finished.uuid, 'succeeded', 1, T0);

    clock.advance(30 * DAY - MINUTE);
    expect(await sweep.sweep()).toMatchObject({ delivery_attempts: 0, deliveries: 0 });

    clock.advance(2 * MINUTE);
    expect(await sweep.sweep()).toMatchObject({ delivery_attempts: 1, deliveries: 1 });
    expect(await uuidsOf('deliveries', [finished.uuid, pending.uuid])).toEqual([pending.uuid]);
    expect(
      await uuidsOf(
        'delivery_attempts',
        attempts.map((a) => a.uuid),
      ),
    ).toEqual([attempts[1].uuid]);

    clock.advance(365 * DAY);
    await sweep.sweep();
    expect(await uuidsOf('deliveries', [pending.uuid])).toEqual([pending.uuid]);
  });

  it('removes a sent, failed, canceled or skipped message 30 days after it was recorded; a pending one never', async () => {
    const [sent, pending] = [aNewMessage(), aNewMessage({ send_after: new Date(T0.getTime() + 60 * DAY) })];
    await store.read.messages.insertMany([sent, pending]);
    await store.read.messages.finishAttempts([{ uuid: sent.uuid, status: 'sent', attempts: 1, error: null, sendAfter: null }], T0);

    clock.advance(30 * DAY - MINUTE);
    await sweep.sweep();
    expect(await uuidsOf('messages', [sent.uuid, pending.uuid])).toEqual([sent.uuid, pending.uuid].sort());

    clock.advance(2 * MINUTE);
    expect(await sweep.sweep()).toMatchObject({ messages: 1 });
    expect(await uuidsOf('messages', [sent.uuid, pending.uuid])).toEqual([pending.uuid]);
  });

  it('forgets a handled event after 14 days (past the stream keeps it)', async () => {
    const event = randomUUID();
    await database.db.insertInto('processed_events').values({ consumer: 'webhooks', event_id: event, processed_at: T0 }).execute();

    clock.advance(14 * DAY - MINUTE);
    await sweep.sweep();
    expect(await store.read.ledger.markProcessed('webhooks', event)).toBe(false);

    clock.advance(2 * MINUTE);
    await sweep.sweep();
    expect(await store.read.ledger.markProcessed('webhooks', event)).toBe(true);
  });
});
