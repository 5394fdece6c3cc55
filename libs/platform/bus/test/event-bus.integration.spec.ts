import { randomUUID } from 'node:crypto';
import { createLogger } from '@vi/platform-logger';
import { testServers, uniqueName, waitFor } from '@vi/platform-testing';
import { register } from 'prom-client';
import { InProcessBus, NatsJetStreamBus, type BusMessage, type EventBus } from '../src';

const logger = createLogger('bus-test', 'silent');

const adapters: Array<[string, () => Promise<EventBus>]> = [['in-process', async () => new InProcessBus(logger)]];
if (testServers.natsUrl) {
  adapters.push([
    'NATS JetStream',
    () => NatsJetStreamBus.connect({ url: testServers.natsUrl!, streamRoot: uniqueName('bus').toLowerCase(), logger, redeliveryDelaysMs: [50] }),
  ]);
}

function message(subject: string, payload: unknown = {}): BusMessage {
  return { id: randomUUID(), subject, payload, occurredAt: new Date().toISOString() };
}

describe.each(adapters)('%s event bus', (_name, connect) => {
  let bus: EventBus;
  beforeEach(async () => {
    bus = await connect();
  });
  afterEach(async () => {
    if (bus instanceof NatsJetStreamBus) await bus.deleteStream();
    await bus.close();
  });

  it('delivers to a durable consumer by subject pattern, and de-duplicates by id', async () => {
    const received: BusMessage[] = [];
    await bus.consume({ durable: 'test-consumer', subjects: ['jobs.job.*'], handler: async (m) => void received.push(m) });
    const created = message('jobs.job.created', { uuid: 'j1' });
    await bus.publish(created);
    await bus.publish(created);
    await bus.publish(message('identity.user.created'));
    await bus.publish(message('jobs.job.deleted', { uuid: 'j1' }));
    await waitFor(() => received.length >= 2);
    await waitFor(() => bus.idle());
    expect(received.map((m) => [m.subject, m.payload])).toEqual([
      ['jobs.job.created', { uuid: 'j1' }],
      ['jobs.job.deleted', { uuid: 'j1' }],
    ]);
    expect(received[0].id).toBe(created.id);
  });

  it('redelivers until the handler succeeds, counting failed deliveries and redeliveries of its durable', async () => {
    const count = async (name: string, labels: Record<string, string>) =>
      (await register.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
    const before = {
      failed: await count('bus_consumer_deliveries_total', { durable: 'flaky', outcome: 'failed' }),
      handled: await count('bus_consumer_deliveries_total', { durable: 'flaky', outcome: 'handled' }),
      redelivered: await count('bus_consumer_redeliveries_total', { durable: 'flaky' }),
    };
    let attempts = 0;
    await bus.consume({
      durable: 'flaky',
      subjects: ['jobs.>'],
      handler: async () => {
        attempts++;
        if (attempts < 3) throw new Error('transient');
      },
    });
    await bus.publish(message('jobs.job.updated'));
    await waitFor(() => attempts >= 3, 10_000);
    await waitFor(() => bus.idle());
    expect(attempts).toBe(3);
    expect(await count('bus_consumer_deliveries_total', { durable: 'flaky', outcome: 'failed' })).toBe(before.failed + 2);
    expect(await count('bus_consumer_deliveries_total', { durable: 'flaky', outcome: 'handled' })).toBe(before.handled + 1);
    expect(await count('bus_consumer_redeliveries_total', { durable: 'flaky' })).toBe(before.redelivered + 2);
  });

  it('is idle once every durable consumer has handled what was published: not while a handler runs, nor while a redelivery waits', async () => {
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    await bus.consume({
      durable: 'slow',
      subjects: ['jobs.>'],
      handler: async () => {
        attempts++;
        if (attempts === 1) throw new Error('transient');
        await running;
      },
    });
    expect(await bus.idle()).toBe(true);
    await bus.publish(message('jobs.job.updated'));
    expect(await bus.idle()).toBe(false);
    await waitFor(() => attempts >= 2, 10_000);
    expect(await bus.idle()).toBe(false);
    release();
    await waitFor(() => bus.idle());
    expect(attempts).toBe(2);
  });

  it('hands what waits to a batch handler, acknowledged once it resolves; a failed batch is handled again message by message', async () => {
    const [entered, handledAlone, batches]: [string[], string[], string[][]] = [[], [], []];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const poison = message('jobs.job.updated', { poison: true });
    await bus.consume({
      durable: 'batched',
      subjects: ['jobs.>'],
      handler: async (m) => {
        entered.push(m.id);
        if ((m.payload as { hold?: boolean }).hold) await held;
        if ((m.payload as { poison?: boolean }).poison && handledAlone.includes(m.id)) return;
        handledAlone.push(m.id);
        if ((m.payload as { poison?: boolean }).poison) throw new Error('not yet');
      },
      batchHandler: async (ms) => {
        batches.push(ms.map((m) => m.id));
        if (ms.some((m) => (m.payload as { poison?: boolean }).poison)) throw new Error('one of them is bad');
      },
    });
    const first = message('jobs.job.created', { hold: true });
    await bus.publish(first);
    await waitFor(() => entered.includes(first.id));
    const waiting = Array.from({ length: 10 }, () => message('jobs.job.created'));
    for (const m of [...waiting, poison]) await bus.publish(m);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await waitFor(() => bus.idle(), 10_000);

    const handled = new Set([...handledAlone, ...batches.filter((b) => !b.includes(poison.id)).flat()]);
    expect([first, ...waiting, poison].every((m) => handled.has(m.id))).toBe(true);
    if (bus instanceof NatsJetStreamBus) {
      // The ten that waited behind the held one came together, with the poison: that batch failed and each was handled alone.
      expect(batches.some((b) => b.length > 1 && b.includes(poison.id))).toBe(true);
      expect(handledAlone.filter((id) => id === poison.id)).toHaveLength(1);
    } else {
      expect(batches).toEqual([]);
    }
  });

  it('broadcasts to every subscriber', async () => {
    const seen: string[] = [];
    await bus.subscribe({ subjects: ['identity.api_key.revoked'], handler: async () => void seen.push('a') });
    await bus.subscribe({ subjects: ['identity.>'], handler: async () => void seen.push('b') });
    await bus.publish(message('identity.api_key.revoked'));
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual(['a', 'b']);
  });

  it('sends transient messages to every subscriber of the subject, outside the event stream', async () => {
    const seen: Array<[string, unknown]> = [];
    await bus.subscribeTransient(['live.room.*'], (subject, payload) => void seen.push([subject, payload]));
    const events: BusMessage[] = [];
    await bus.subscribe({ subjects: ['>'], handler: async (m) => void events.push(m) });

    bus.sendTransient('live.room.a', { n: 1 });
    bus.sendTransient('live.other.a', { n: 2 });
    bus.sendTransient('live.room.b', { n: 3 });
    await waitFor(() => seen.length === 2);

    expect(seen).toEqual([
      ['live.room.a', { n: 1 }],
      ['live.room.b', { n: 3 }],
    ]);
    expect(events).toEqual([]);
  });
});

(testServers.natsUrl ? describe : describe.skip)('NATS JetStream durables that do not exist yet', () => {
  const streamRoot = uniqueName('bus').toLowerCase();
  const connect = (replayFrom?: Date) => NatsJetStreamBus.connect({ url: testServers.natsUrl!, streamRoot, logger, redeliveryDelaysMs: [50], replayFrom });
  const buses: NatsJetStreamBus[] = [];
  afterAll(async () => {
    await buses[0]?.deleteStream();
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('start when their process connected, not at the oldest retained event; an existing one keeps its position; a replay is asked for', async () => {
    const publisher = await connect();
    buses.push(publisher);
    const beforeAll = new Date();
    await publisher.publish(message('identity.user.created', { n: 'old' }));
    // Time itself: a new durable starts at its process's connection time, which must come after the old event's.
    await new Promise((r) => setTimeout(r, 50));

    // A service deployed now: it never sees the old event.
    const deployed = await connect();
    buses.push(deployed);
    await publisher.publish(message('identity.user.created', { n: 'after deploy, before consume' }));
    const received: unknown[] = [];
    const subscription = await deployed.consume({ durable: 'first-deploy', subjects: ['identity.>'], handler: async (m) => void received.push(m.payload) });
    await publisher.publish(message('identity.user.created', { n: 'new' }));
    await waitFor(() => received.length >= 2);
    await waitFor(() => deployed.idle());
    expect(received).toEqual([{ n: 'after deploy, before consume' }, { n: 'new' }]);

    // Restarted later: the existing durable resumes where it was, the event published while it was down included.
    await subscription.close();
    await publisher.publish(message('identity.user.created', { n: 'while down' }));
    const restarted = await connect();
    buses.push(restarted);
    const resumed: unknown[] = [];
    await restarted.consume({ durable: 'first-deploy', subjects: ['identity.>'], handler: async (m) => void resumed.push(m.payload) });
    await waitFor(() => resumed.length >= 1);
    await waitFor(() => restarted.idle());
    expect(resumed).toEqual([{ n: 'while down' }]);

    // An operator's replay (EVENT_REPLAY_FROM): a new durable from that time on.
    const replaying = await connect(beforeAll);
    buses.push(replaying);
    const replayed: unknown[] = [];
    await replaying.consume({ durable: 'replayed', subjects: ['identity.>'], handler: async (m) => void replayed.push(m.payload) });
    await waitFor(() => replayed.length >= 4);
    expect(replayed.map((p: any) => p.n)).toEqual(['old', 'after deploy, before consume', 'new', 'while down']);
  });
});
