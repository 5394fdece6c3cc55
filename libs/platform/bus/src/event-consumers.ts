import type { ConsumeOptions, EventBus, SubscribeOptions, Subscription } from './event-bus';

/**
 * One way a service consumes events, as data its `transport/events/` exports (decision 028): a durable consumer
 * (work shared by the replicas under the durable name, redelivered until the handler resolves, so the handler is
 * idempotent on the event id), or a broadcast every replica sees at most once (cache invalidation, never work).
 */
export type EventConsumer = ConsumeOptions | (SubscribeOptions & { broadcast: true });

/**
 * Starts every consumer of a service and returns one subscription that closes them all (each close attempted even
 * when another fails). When one cannot start, those already started are closed before the error is thrown.
 */
export async function startConsumers(bus: EventBus, consumers: readonly EventConsumer[]): Promise<Subscription> {
  const started = await Promise.allSettled(consumers.map((consumer) => ('durable' in consumer ? bus.consume(consumer) : bus.subscribe(consumer))));
  const subscriptions = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    const closed = await Promise.allSettled(subscriptions.map((subscription) => subscription.close()));
    const failed = closed.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (failed.length > 0) throw new AggregateError(failed, 'closing event consumers failed');
  };
  const refused = started.find((result) => result.status === 'rejected');
  if (refused) {
    await close().catch(() => undefined);
    throw refused.reason;
  }
  return { close };
}
