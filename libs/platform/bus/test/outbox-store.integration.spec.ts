import { createLogger } from '@vi/platform-logger';
import { sql, type Database } from '@vi/platform-postgres';
import { waitFor, type TestDatabase } from '@vi/platform-testing';
import { InProcessBus, OutboxRelay, outboxInsert, OutboxStore, type PendingEvents, type OutboxTable } from '../src';
import { openOutboxDatabase } from './outbox-database';

const logger = createLogger('outbox-test', 'silent');

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
