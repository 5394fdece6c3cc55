import { randomUUID } from 'node:crypto';
import { createLogger } from '@vi/platform-logger';
import { testServers, uniqueName, waitFor } from '@vi/platform-testing';
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
    await new Promise((r) => setTimeout(r, 200));
    expect(received.map((m) => [m.subject, m.payload])).toEqual([
      ['jobs.job.created', { uuid: 'j1' }],
      ['jobs.job.deleted', { uuid: 'j1' }],
    ]);
    expect(received[0].id).toBe(created.id);
  });

  it('redelivers until the handler succeeds', async () => {
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
    await new Promise((r) => setTimeout(r, 300));
    expect(attempts).toBe(3);
  });

  it('broadcasts to every subscriber', async () => {
    const seen: string[] = [];
    await bus.subscribe({ subjects: ['identity.api_key.revoked'], handler: async () => void seen.push('a') });
    await bus.subscribe({ subjects: ['identity.>'], handler: async () => void seen.push('b') });
    await bus.publish(message('identity.api_key.revoked'));
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual(['a', 'b']);
  });
});
