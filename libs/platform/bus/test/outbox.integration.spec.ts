import { createLogger } from '@vi/platform-logger';
import { deleteInBatches, migrateToLatest, openDatabase, sql, type Database } from '@vi/platform-postgres';
import { createTestDatabase, waitFor, type TestDatabase } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { register } from 'prom-client';
import {
  addOutboxClaims,
  addOutboxTraceContext,
  busRetentionTasks,
  createOutboxTable,
  enqueueEvents,
  InProcessBus,
  OutboxRelay,
  outboxInsert,
  OutboxStore,
  RetentionSweep,
  type PendingEvents,
  type BusMessage,
  type EventBus,
  type OutboxTable,
} from '../src';

const logger = createLogger('outbox-test', 'silent');

/** A test database with an outbox in `schema`, and the spec's own table when it names one (`create table …`). */
async function openOutboxDatabase<DB>(schema: string, ownTable?: string): Promise<{ testDb: TestDatabase; database: Database<DB> }> {
  const testDb = await createTestDatabase();
  const database = await openDatabase<DB>({ url: testDb.url, schema, embedded: testDb.embedded });
  await migrateToLatest(database.db, schema, {
    '0001_tables': {
      up: async (db) => {
        await createOutboxTable(db);
        await addOutboxTraceContext(db);
        await addOutboxClaims(db);
        if (ownTable) await sql.raw(ownTable).execute(db);
      },
    },
  });
  return { testDb, database };
}

describe('transactional outbox', () => {
  let testDb: TestDatabase;
  type Tables = { outbox: OutboxTable };
  let database: Database<Tables>;
  let bus: InProcessBus;
  const received: BusMessage[] = [];

  beforeAll(async () => {
    ({ testDb, database } = await openOutboxDatabase<Tables>('outbox_test'));
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

  /** The spec's bus, its publishes made by `publish` instead. */
  const publishingWith = (publish: EventBus['publish']): EventBus => ({
    publish,
    consume: (options) => bus.consume(options),
    subscribe: (options) => bus.subscribe(options),
    sendTransient: (subject, payload) => bus.sendTransient(subject, payload),
    subscribeTransient: (subjects, handler) => bus.subscribeTransient(subjects, handler),
    idle: () => bus.idle(),
    close: () => Promise.resolve(),
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
    await relay.stop();
    await waitFor(() => bus.idle());
    expect(received.map((m) => [m.subject, m.payload])).toEqual([
      ['test.thing.created', { n: 1 }],
      ['test.thing.updated', { n: 2 }],
    ]);
    const pending = await database.db.selectFrom('outbox').selectAll().where('published_at', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('shows the age of the oldest event a relay could not publish, and 0 once it is out; counts what it relays', async () => {
    const metric = async (name: string) => (await register.getSingleMetric(name)!.get()).values[0]?.value ?? 0;
    const unreachable = publishingWith(() => Promise.reject(new Error('the bus is unreachable')));
    const stuck = new OutboxRelay(database.db, unreachable, logger, { pollIntervalMs: 50 });
    stuck.start();
    await database.db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'test.thing.stuck', payload: {} }]));
    await waitFor(async () => (await metric('outbox_oldest_unpublished_age_seconds')) >= 1, 5_000, 100);
    await stuck.stop();

    const relayedBefore = await metric('outbox_events_relayed_total');
    const relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: 50 });
    relay.start();
    await waitFor(() => received.some((m) => m.subject === 'test.thing.stuck'));
    expect(await metric('outbox_oldest_unpublished_age_seconds')).toBe(0);
    expect(await metric('outbox_events_relayed_total')).toBe(relayedBefore + 1);
    await relay.stop();
  });

  /** A bus whose publishes never answer: a relay using it has claimed its rows and then, as far as anyone can tell, died. */
  const silent = (): EventBus => publishingWith(() => new Promise<void>(() => undefined));

  it('leaves rows claimed by a relay that died before publishing them until its lease runs out, then publishes them once', async () => {
    await database.db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'test.thing.orphaned', payload: { n: 1 } }]));
    const dead = new OutboxRelay(database.db, silent(), logger, { leaseMs: 1_500 });
    void dead.drain();
    await waitFor(
      async () =>
        (await database.db.selectFrom('outbox').select('claimed_until').where('subject', '=', 'test.thing.orphaned').executeTakeFirstOrThrow())
          .claimed_until !== null,
    );
    const claimedAt = Date.now();

    const relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: 50 });
    relay.start();
    await waitFor(() => received.some((m) => m.subject === 'test.thing.orphaned'), 10_000);
    // Not before the lease ran out: the dead relay's claim was respected (a little slack for the database's clock).
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(1_000);
    await relay.stop();
    await waitFor(() => bus.idle());
    expect(received.filter((m) => m.subject === 'test.thing.orphaned')).toHaveLength(1);
    const row = await database.db.selectFrom('outbox').select('published_at').where('subject', '=', 'test.thing.orphaned').executeTakeFirstOrThrow();
    expect(row.published_at).not.toBeNull();
  });

  it('gives up the claim of a batch it could not publish, so the next pass publishes it at once, each event once', async () => {
    let failures = 1;
    const flaky = publishingWith((message) => (failures-- > 0 ? Promise.reject(new Error('the bus hiccuped')) : bus.publish(message)));
    await database.db.transaction().execute((trx) =>
      enqueueEvents(trx, [
        { subject: 'test.thing.first', payload: {} },
        { subject: 'test.thing.second', payload: {} },
      ]),
    );
    const relay = new OutboxRelay(database.db, flaky, logger, { leaseMs: 60_000 });
    await expect(relay.drain()).rejects.toThrow('the bus hiccuped');
    expect(await relay.drain()).toBe(2);
    await waitFor(() => bus.idle());
    // The second went out beside the first that failed (a batch's publishes are concurrent); published again with
    // its batch, it is de-duplicated by its id.
    expect(received.map((m) => m.subject).sort()).toEqual(['test.thing.first', 'test.thing.second']);
    expect(await database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).toEqual([]);
  });

  it('marks everything it published by the time a drain returns, batch after batch, in order', async () => {
    await database.db.transaction().execute((trx) =>
      enqueueEvents(
        trx,
        Array.from({ length: 5 }, (_, n) => ({ subject: 'test.thing.created', payload: { n } })),
      ),
    );
    const relay = new OutboxRelay(database.db, bus, logger, { batchSize: 2 });
    expect(await relay.drain()).toBe(5);
    expect(await database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).toEqual([]);
    await waitFor(() => bus.idle());
    expect(received.map((m) => (m.payload as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
  });

  it('returns from a drain only once the pass a commit kicked has published the rows it claimed', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = publishingWith(async (message) => {
      await held;
      await bus.publish(message);
    });
    const relay = new OutboxRelay(database.db, slow, logger);
    await database.db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'test.thing.kicked', payload: {} }]));
    relay.kick();
    await waitFor(
      async () =>
        (await database.db.selectFrom('outbox').select('claimed_until').where('subject', '=', 'test.thing.kicked').executeTakeFirstOrThrow()).claimed_until !==
        null,
    );
    let drained = false;
    const drain = relay.drain().then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drained).toBe(false);
    release();
    await drain;
    await waitFor(() => bus.idle());
    expect(received.map((m) => m.subject)).toEqual(['test.thing.kicked']);
    expect(await database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).toEqual([]);
  });

  it('publishes each event once when several relays (replicas) run together', async () => {
    await database.db.transaction().execute((trx) =>
      enqueueEvents(
        trx,
        Array.from({ length: 200 }, (_, n) => ({ subject: 'test.thing.created', payload: { n } })),
      ),
    );
    const relays = [1, 2, 3].map(() => new OutboxRelay(database.db, bus, logger, { pollIntervalMs: 20, batchSize: 7 }));
    relays.forEach((r) => r.start());
    await waitFor(() => received.length >= 200, 10_000);
    await Promise.all(relays.map((r) => r.stop()));
    await waitFor(() => bus.idle());
    expect(received).toHaveLength(200);
    expect(new Set(received.map((m) => m.id)).size).toBe(200);
  });
});

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

describe('a transaction PostgreSQL aborts to break a deadlock', () => {
  let testDb: TestDatabase;
  type Tables = { outbox: OutboxTable; accounts: { id: string; balance: number } };
  let database: Database<Tables>;

  beforeAll(async () => {
    ({ testDb, database } = await openOutboxDatabase<Tables>('deadlock_test', 'create table accounts (id text primary key, balance int not null)'));
    await database.db
      .insertInto('accounts')
      .values([
        { id: 'a', balance: 100 },
        { id: 'b', balance: 100 },
      ])
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('runs again, so two transfers locking the same rows in opposite orders both commit, each with its event', async () => {
    const store = new OutboxStore(database.db, { kick: () => undefined }, (db) => ({
      add: (id: string, amount: number) =>
        db
          .updateTable('accounts')
          .set((eb) => ({ balance: eb('balance', '+', amount) }))
          .where('id', '=', id)
          .execute(),
    }));
    // Each transfer takes its first row, then waits (a little, at most) until the other has taken its own: on
    // PostgreSQL the second rows then wait on each other, and the server aborts one of the two.
    let firstRowsTaken = 0;
    const bothTaken = async () => {
      firstRowsTaken++;
      await waitFor(() => firstRowsTaken >= 2, 500, 5).catch(() => undefined);
    };
    const transfer = (from: string, to: string) =>
      store.transaction(async (tx) => {
        await tx.add(from, -10);
        await bothTaken();
        await tx.add(to, 10);
        await tx.publish([{ subject: 'test.transfer.made', payload: { from, to } }]);
      });

    await Promise.all([transfer('a', 'b'), transfer('b', 'a')]);

    const balances = await database.db.selectFrom('accounts').select(['id', 'balance']).orderBy('id').execute();
    expect(balances).toEqual([
      { id: 'a', balance: 100 },
      { id: 'b', balance: 100 },
    ]);
    expect(await database.db.selectFrom('outbox').select('subject').execute()).toHaveLength(2);
  });
});

describe('the relay kicked after a write (decision 058)', () => {
  let testDb: TestDatabase;
  type Tables = { outbox: OutboxTable; notes: { id: string } };
  let database: Database<Tables>;
  let bus: InProcessBus;
  let relay: OutboxRelay;
  const received: string[] = [];
  let kicks = 0;

  beforeAll(async () => {
    ({ testDb, database } = await openOutboxDatabase<Tables>('kick_test', 'create table notes (id text primary key)'));
    bus = new InProcessBus(logger);
    await bus.consume({ durable: 'collector', subjects: ['>'], handler: async (m) => void received.push(m.subject) });
    // It never polls within the spec: an event leaves only if its write kicked the relay.
    relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: 3_600_000 });
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
    await testDb.drop();
  });

  it('publishes at once after a write that recorded an event, and runs no relay pass after one that recorded none', async () => {
    const store = new OutboxStore(database.db, { kick: () => (kicks++, relay.kick()) }, (db) => ({
      note: (id: string) => db.insertInto('notes').values({ id }).execute(),
      /** The note and its events' outbox rows in one statement, as a one-statement write makes them (decision 053). */
      noteWith: (id: string, events: PendingEvents) =>
        sql`with note as (insert into notes (id) values (${id})), events as (${outboxInsert(events)}) select 1`.execute(db),
    }));
    await store.transaction(async (tx) => {
      await tx.note('a');
      await tx.publish([]);
    });
    await store.statement((write) => write.note('b'));
    expect(kicks).toBe(0);

    await store.transaction(async (tx) => {
      await tx.note('c');
      await tx.publish([{ subject: 'test.note.c', payload: {} }]);
    });
    await store.statement((write) => write.noteWith('d', write.events([{ subject: 'test.note.d', payload: {} }])));
    await waitFor(() => received.length === 2, 5_000, 10);
    expect(received).toEqual(['test.note.c', 'test.note.d']);
    expect(kicks).toBe(2);

    // `recorded(result)` decides when given: a statement may write fewer events than it offered (outboxInsertFor).
    await store.statement(
      (write) => write.note('e').then(() => write.events([{ subject: 'test.note.e', payload: {} }])),
      () => false,
    );
    expect(kicks).toBe(2);
  });
});
