import type { BusMessage, EventBus, SubscribeOptions } from './event-bus';
import { startConsumers } from './event-consumers';
import { InProcessBus } from './in-process-bus';

const event = (id: string, subject: string): BusMessage => ({ id, subject, occurredAt: '2026-11-24T10:00:00+00:00', payload: {} });

/** Until the in-process bus has handed out what was published (its deliveries run on timers). */
async function settled(bus: InProcessBus): Promise<void> {
  while (!(await bus.idle())) await new Promise((resolve) => setImmediate(resolve));
}

describe('startConsumers', () => {
  let bus: InProcessBus;

  beforeEach(() => (bus = new InProcessBus()));
  afterEach(() => bus.close());

  it('starts durable consumers and broadcasts from the same list, and one close stops them all', async () => {
    const seen: string[] = [];
    const sut = await startConsumers(bus, [
      { durable: 'sharing-interview-deletions', subjects: ['interviews.interview.deleted'], handler: async (m) => void seen.push(`durable ${m.id}`) },
      { broadcast: true, subjects: ['identity.>'], handler: async (m) => void seen.push(`broadcast ${m.id}`) },
    ]);

    await bus.publish(event('1', 'interviews.interview.deleted'));
    await bus.publish(event('2', 'identity.user.updated'));
    await settled(bus);
    await sut.close();
    await bus.publish(event('3', 'interviews.interview.deleted'));
    await bus.publish(event('4', 'identity.user.deleted'));
    await settled(bus);

    expect(seen.sort()).toEqual(['broadcast 2', 'durable 1']);
  });

  it('closes the consumers it started when another cannot start, and fails with that error', async () => {
    const seen: string[] = [];
    const refusing: EventBus = {
      publish: (m) => bus.publish(m),
      consume: () => Promise.reject(new Error('stream not found')),
      subscribe: (options: SubscribeOptions) => bus.subscribe(options),
      sendTransient: (subject, payload) => bus.sendTransient(subject, payload),
      subscribeTransient: (subjects, handler) => bus.subscribeTransient(subjects, handler),
      idle: () => bus.idle(),
      close: () => bus.close(),
    };

    const starting = startConsumers(refusing, [
      { broadcast: true, subjects: ['identity.>'], handler: async (m) => void seen.push(m.id) },
      { durable: 'interviews-projections', subjects: ['jobs.job.updated'], handler: async () => undefined },
    ]);

    await expect(starting).rejects.toThrow('stream not found');
    await bus.publish(event('1', 'identity.user.updated'));
    await settled(bus);
    expect(seen).toEqual([]);
  });
});
