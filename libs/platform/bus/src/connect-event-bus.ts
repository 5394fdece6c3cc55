import type { Logger } from 'pino';
import type { EventBus } from './event-bus';
import { InProcessBus } from './in-process-bus';
import { NatsJetStreamBus } from './nats-jetstream-bus';

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
