import { createLogger } from '@vi/platform-logger';
import { type Database } from '@vi/platform-postgres';
import { waitFor, type TestDatabase } from '@vi/platform-testing';
import { register } from 'prom-client';
import { enqueueEvents, InProcessBus, OutboxRelay, type BusMessage, type EventBus, type OutboxTable } from '../src';
import { openOutboxDatabase } from './outbox-database';

const logger = createLogger('outbox-test', 'silent');

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
