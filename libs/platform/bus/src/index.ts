import type { Logger } from 'pino';
import type { EventBus } from './event-bus';
import { InProcessBus } from './in-process-bus';
import { NatsJetStreamBus } from './nats-jetstream-bus';

export * from './event-bus';
export { startConsumers, type EventConsumer } from './event-consumers';
export { InProcessBus } from './in-process-bus';
export { NatsJetStreamBus } from './nats-jetstream-bus';
export * from './outbox';
export { PollingLoop } from './polling-loop';
export { markEventProcessed } from './processed-events';
export type { PublicOf, ReposOf, StoreOf, TransactionOf } from './store-of';
export { busRetentionTasks, pruneOlderThan, RetentionSweep, type RetentionTask } from './retention';

/** NATS JetStream when a URL is configured, the in-process bus otherwise. */
export async function connectEventBus(options: {
  natsUrl?: string;
  streamRoot: string;
  logger: Logger;
  /** EVENT_REPLAY_FROM: new durables start here (NATS only; the in-process bus holds nothing older than its process). */
  replayFrom?: Date;
}): Promise<EventBus> {
  if (!options.natsUrl) {
    options.logger.info('NATS_URL is not set: events use the in-process bus and stay inside this process');
    return new InProcessBus(options.logger);
  }
  return NatsJetStreamBus.connect({ url: options.natsUrl, streamRoot: options.streamRoot, logger: options.logger, replayFrom: options.replayFrom });
}
