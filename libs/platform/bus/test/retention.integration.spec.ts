import { createLogger } from '@vi/platform-logger';
import { deleteInBatches, sql, type Database } from '@vi/platform-postgres';
import { type TestDatabase } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { busRetentionTasks, enqueueEvents, InProcessBus, OutboxRelay, RetentionSweep, type OutboxTable } from '../src';
import { openOutboxDatabase } from './outbox-database';

const logger = createLogger('outbox-test', 'silent');

const DAY = 86_400_000;

describe('retention sweep', () => {
  let testDb: TestDatabase;
  type Tables = { outbox: OutboxTable; processed_events: { event_id: string; processed_at: Date } };
  let database: Database<Tables>;

  beforeAll(async () => {
    ({ testDb, database } = await openOutboxDatabase<Tables>(
      'retention_test',
      'create table processed_events (event_id text primary key, processed_at timestamptz not null)',
    ));
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('deletes in batches of the given size until none is left, touching nothing else', async () => {
    const now = Date.now();
    await database.db
      .insertInto('processed_events')
      .values(Array.from({ length: 7 }, (_, i) => ({ event_id: `old-${i}`, processed_at: new Date(now - 20 * DAY) })))
      .execute();
    await database.db
      .insertInto('processed_events')
      .values({ event_id: 'recent', processed_at: new Date(now - DAY) })
      .execute();
    const deleted = await deleteInBatches(database.db, 'processed_events', sql`processed_at < ${new Date(now - 14 * DAY)}`, 2);
    expect(deleted).toBe(7);
    expect((await database.db.selectFrom('processed_events').select('event_id').execute()).map((r) => r.event_id)).toEqual(['recent']);
  });

  it('removes published outbox rows after the outbox period and handled events after theirs; never an unpublished row', async () => {
    await database.db.deleteFrom('processed_events').execute();
    const bus = new InProcessBus(logger);
    const relay = new OutboxRelay(database.db, bus, logger);
    await database.db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'test.thing.created', payload: { n: 1 } }]));
    await relay.drain();
    await database.db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'test.thing.updated', payload: { n: 2 } }]));
    await database.db.insertInto('processed_events').values({ event_id: 'handled', processed_at: new Date() }).execute();
    const clock = new FakeClock(new Date());
    const sweep = new RetentionSweep(busRetentionTasks(database.db, { outboxMs: DAY, processedEventsMs: 14 * DAY }), 60_000, logger, clock);

    clock.advance(DAY - 60_000);
    expect(await sweep.sweep()).toEqual({ outbox: 0, processed_events: 0 });
    clock.advance(2 * 60_000);
    expect(await sweep.sweep()).toEqual({ outbox: 1, processed_events: 0 });
    expect((await database.db.selectFrom('outbox').select('subject').execute()).map((r) => r.subject)).toEqual(['test.thing.updated']);
    expect(await sweep.sweep(new Date(Date.now() + 15 * DAY))).toEqual({ outbox: 0, processed_events: 1 });
    expect(await database.db.selectFrom('outbox').select('subject').execute()).toHaveLength(1);
    await bus.close();
  });
});
