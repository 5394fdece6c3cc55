import { notifications } from '@vi/contracts';
import { connectEventBus, PollingLoop, RetentionSweep, type EventBus } from '@vi/platform-bus';
import { SecretBox } from '@vi/platform-crypto';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startHealthServer } from '@vi/platform-http';
import { createLogger, type Logger } from '@vi/platform-logger';
import { systemClock } from '@vi/platform-time';
import { migrateToLatest, openDatabase, type EmbeddedPostgres } from '@vi/platform-postgres';
import { notificationsMigrations } from '../migrations';
import { notificationsRetentionTasks } from './application/enforce-retention/enforce-retention';
import { WebhookDispatcher } from './application/deliver-webhooks/deliver-webhooks';
import { MessageDispatcher } from './application/send-messages/send-messages';
import type { NotificationsConfig } from './config';
import { WebhookEndpointGuards } from './infrastructure/endpoint-guards';
import { HttpWebhookSender } from './infrastructure/http-webhook-sender';
import { GrpcPlanDirectory } from './infrastructure/identity.client';
import { GrpcLinkIssuer } from './infrastructure/link-issuer.client';
import { createMailer } from './infrastructure/mailer';
import type { NotificationsDatabase } from './infrastructure/notifications.database';
import { NotificationsStore } from './infrastructure/notifications.store';
import { noSms, TwilioSmsClient } from './infrastructure/twilio-sms.client';
import { consumeEvents } from './transport/events/event-consumers';
import { notificationsGrpcHandlers } from './transport/grpc/notifications.grpc';

export interface RunningNotificationsService {
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
  healthPort: number;
  stop(): Promise<void>;
}

/** Wiring only: config → adapters → use cases → transports and workers. */
export async function startNotificationsService(
  config: NotificationsConfig,
  shared: { bus?: EventBus; logger?: Logger; database?: EmbeddedPostgres } = {},
): Promise<RunningNotificationsService> {
  const logger = shared.logger ?? createLogger('notifications');
  let ready = false;
  const health = await startHealthServer(config.healthPort, () => ready);

  const database = await openDatabase<NotificationsDatabase>({ url: config.database.url, schema: 'notifications', dataDir: config.database.dataDir, embedded: shared.database, logger });
  await migrateToLatest(database.db, 'notifications', notificationsMigrations, logger);
  const bus = shared.bus ?? (await connectEventBus({ ...config.bus, logger }));
  const store = new NotificationsStore(database.db);
  const sealer = new SecretBox(config.secrets.encryption);
  const tokens = new PrincipalTokens(config.secrets.internalJwt);
  const plans = new GrpcPlanDirectory(config.upstreams.identity, tokens);
  const links = new GrpcLinkIssuer(config.upstreams, tokens);
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, mailDir: config.mail.dir, logger });
  const sms = config.sms ? new TwilioSmsClient(config.sms) : noSms;
  if (!config.sms) logger.info('SMS_PROVIDER_URL is not set: SMS are not sent');
  if (config.webhooks.allowPrivateTargets) logger.warn('WEBHOOK_ALLOW_PRIVATE_TARGETS=true: webhooks may reach private and loopback addresses');

  const w = config.webhooks;
  const guards = new WebhookEndpointGuards({ concurrency: w.concurrencyPerEndpoint, breakerResetMs: w.breakerResetMs });
  // The worker runs the dispatcher's passes; the dispatcher kicks the worker when an attempt frees a resource's next delivery.
  const deliveryWorker = new PollingLoop(() => dispatcher.pass(), config.pollMs, (error) => logger.error({ err: error }, 'webhook delivery pass failed'));
  const clock = systemClock;
  const dispatcher = new WebhookDispatcher({
    store,
    clock,
    sender: new HttpWebhookSender({ timeoutMs: w.timeoutMs, allowPrivateTargets: w.allowPrivateTargets }),
    guards,
    sealer,
    links,
    settings: {
      retry: { scheduleMs: w.retryScheduleMs, retryAfterMaxMs: w.retryAfterMaxMs },
      health: w.health,
      batchSize: 50,
      perWebhook: w.concurrencyPerEndpoint,
      leaseMs: 2 * w.timeoutMs + 30_000,
    },
    logger,
    onProgress: () => deliveryWorker.kick(),
  });
  const messages = new MessageDispatcher({ store, clock, mailer, sms, links, retryScheduleMs: config.mail.retryScheduleMs, leaseMs: 120_000, logger });
  const messageWorker = new PollingLoop(() => messages.pass(), config.pollMs, (error) => logger.error({ err: error }, 'message pass failed'));
  const kickDeliveries = () => deliveryWorker.kick();

  const consumers = await consumeEvents(bus, {
    store,
    clock,
    onDeliveriesQueued: kickDeliveries,
    messages: { store, plans, clock, reminderLeadMs: config.reminderLeadMs, onQueued: () => messageWorker.kick() },
  });
  const server = new GrpcServer(tokens, logger).add(
    notifications.NotificationsServiceService,
    notificationsGrpcHandlers({ store, sealer, allowPrivateTargets: w.allowPrivateTargets, clock, onQueued: kickDeliveries }),
  );
  const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
  const retention = new RetentionSweep(notificationsRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger, clock);
  deliveryWorker.start();
  messageWorker.start();
  retention.start();
  ready = true;
  logger.info({ grpcPort, healthPort: health.port }, 'notifications service ready');

  return {
    retention,
    grpcPort,
    healthPort: health.port,
    stop: async () => {
      ready = false;
      await server.shutdown();
      await Promise.all(consumers.map((c) => c.close()));
      await retention.stop();
      await deliveryWorker.stop();
      await messageWorker.stop();
      await dispatcher.drain();
      guards.shutdown();
      mailer.close();
      plans.close();
      links.close();
      if (!shared.bus) await bus.close();
      await database.close();
      await health.close();
    },
  };
}
