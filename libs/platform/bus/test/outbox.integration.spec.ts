import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, waitFor, type TestDatabase } from '@vi/platform-testing';
import { createOutboxTable, enqueueEvents, InProcessBus, OutboxRelay, type BusMessage, type OutboxTable } from '../src';

const logger = createLogger('outbox-test', 'silent');

describe('transactional outbox', () => {
  let testDb: TestDatabase;
  let database: Database<{ outbox: OutboxTable }>;
  let bus: InProcessBus;
  const received: BusMessage[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase({ url: testDb.url, schema: 'outbox_test', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'outbox_test', { '0001_outbox': { up: (db) => createOutboxTable(db) } });
    bus = new InProcessBus(logger);
    await bus.consume({ durable: 'collector', subjects: ['>'], handler: async (m) => void received.push(m) });
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
    await testDb.drop();
  });
  beforeEach(() => {
    received.length = 0;
  });

  it('publishes events of committed transactions in order, and none of rolled-back ones', async () => {
    const relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: 50 });
    await database.db.transaction().execute((trx) =>
      enqueueEvents(trx, [
        { subject: 'test.thing.created', payload: { n: 1 } },
        { subject: 'test.thing.updated', payload: { n: 2 } },
      ]),
    );
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueEvents(trx, [{ subject: 'test.thing.deleted', payload: { n: 3 } }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    relay.start();
    await waitFor(() => received.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    await relay.stop();
    expect(received.map((m) => [m.subject, m.payload])).toEqual([
      ['test.thing.created', { n: 1 }],
      ['test.thing.updated', { n: 2 }],
    ]);
    const pending = await database.db.selectFrom('outbox').selectAll().where('published_at', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('publishes each event once when several relays (replicas) run together', async () => {
    await database.db.transaction().execute((trx) =>
      enqueueEvents(trx, Array.from({ length: 200 }, (_, n) => ({ subject: 'test.thing.created', payload: { n } }))),
    );
    const relays = [1, 2, 3].map(() => new OutboxRelay(database.db, bus, logger, { pollIntervalMs: 20, batchSize: 7 }));
    relays.forEach((r) => r.start());
    await waitFor(() => received.length >= 200, 10_000);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(relays.map((r) => r.stop()));
    expect(received).toHaveLength(200);
    expect(new Set(received.map((m) => m.id)).size).toBe(200);
  });
});
