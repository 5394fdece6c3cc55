import { notifications, pagePath } from '@vi/contracts';
import { openServiceStorage, PollingLoop, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { SecretBox } from '@vi/platform-crypto';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { HttpOutboundSender, startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { systemClock } from '@vi/platform-time';
import { notificationsMigrations } from '../migrations';
import { notificationsRetentionTasks } from './application/enforce-retention/enforce-retention';
import { WebhookDispatcher } from './application/deliver-webhooks/deliver-webhooks';
import { MessageDispatcher } from './application/send-messages/send-messages';
import type { NotificationsConfig } from './config';
import { WebhookEndpointGuards } from './infrastructure/endpoint-guards';
import { GrpcPlanDirectory } from './infrastructure/identity.client';
import { GrpcLinkIssuer } from './infrastructure/link-issuer.client';
import { createMailer } from './infrastructure/mailer';
import type { NotificationsDatabase } from './infrastructure/notifications.database';
import { createNotificationsStore } from './infrastructure/notifications.store';
import { noSms, TwilioSmsClient } from './infrastructure/twilio-sms.client';
import { notificationsEventConsumers } from './transport/events/event-consumers';
import { notificationsGrpcHandlers } from './transport/grpc/notifications.grpc';

export type RunningNotificationsService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
}>;

/** Wiring only: config → adapters → use cases → transports and workers, each registered with the lifecycle as it starts. */
export function startNotificationsService(config: NotificationsConfig, shared: SharedInfrastructure = {}): Promise<RunningNotificationsService> {
  const logger = shared.logger ?? createLogger('notifications');
  return startProcess('notifications service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<NotificationsDatabase>(
      lifecycle,
      { schema: 'notifications', migrations: notificationsMigrations, logger },
      config,
      shared,
    );
    const store = createNotificationsStore(database.db);
    const sealer = new SecretBox(config.secrets.encryption);
    const tokens = new PrincipalTokens(config.secrets.internalJwt);
    const plans = lifecycle.add('identity client', new GrpcPlanDirectory(config.upstreams.identity, tokens), (c) => c.close());
    const links = lifecycle.add('link issuer clients', new GrpcLinkIssuer(config.upstreams, tokens), (c) => c.close());
    const mailer = lifecycle.add('mailer', createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, mailDir: config.mail.dir, logger }), (m) =>
      m.close(),
    );
    const sms = config.sms ? new TwilioSmsClient(config.sms) : noSms;
    if (!config.sms) logger.info('SMS_PROVIDER_URL is not set: SMS are not sent');
    if (config.webhooks.allowPrivateTargets) logger.warn('WEBHOOK_ALLOW_PRIVATE_TARGETS=true: webhooks may reach private and loopback addresses');

    const w = config.webhooks;
    const guards = lifecycle.add(
      'webhook endpoint guards',
      new WebhookEndpointGuards({ concurrency: w.concurrencyPerEndpoint, breakerResetMs: w.breakerResetMs }),
      (g) => g.shutdown(),
    );
    // The worker runs the dispatcher's passes; the dispatcher kicks the worker when an attempt frees a resource's next delivery.
    const deliveryWorker = new PollingLoop(
      () => dispatcher.pass(),
      config.pollMs,
      (error) => logger.error({ err: error }, 'webhook delivery pass failed'),
    );
    const clock = systemClock;
    const dispatcher = new WebhookDispatcher({
      store,
      clock,
      sender: new HttpOutboundSender({ timeoutMs: w.timeoutMs, allowPrivateTargets: w.allowPrivateTargets }),
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
    // Deliveries under way finish once both workers have stopped starting new ones.
    lifecycle.add('webhook dispatcher', dispatcher, (d) => d.drain());
    const messages = new MessageDispatcher({ store, clock, mailer, sms, links, retryScheduleMs: config.mail.retryScheduleMs, leaseMs: 120_000, logger });
    const messageWorker = lifecycle.add(
      'message worker',
      new PollingLoop(
        // A full pass means a backlog: the next one starts at once rather than at the next poll.
        async () => {
          if (await messages.pass()) messageWorker.kick();
        },
        config.pollMs,
        (error) => logger.error({ err: error }, 'message pass failed'),
      ),
      (worker) => worker.stop(),
    );
    lifecycle.add('webhook delivery worker', deliveryWorker, (worker) => worker.stop());
    const kickDeliveries = () => deliveryWorker.kick();

    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep(notificationsRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger, clock),
      (r) => r.stop(),
    );
    const calendar = {
      organizerEmail: config.mail.fromAddress,
      interviewPageUrl: (interviewUuid: string) => `${config.publicBaseUrl}${pagePath('/interview/:interviewUuid/watch', { interviewUuid })}`,
    };
    const consumers = notificationsEventConsumers({
      store,
      clock,
      onDeliveriesQueued: kickDeliveries,
      messages: {
        store,
        plans,
        admins: plans,
        clock,
        reminderLeadMs: config.reminderLeadMs,
        calendar,
        onQueued: () => messageWorker.kick(),
      },
    });
    lifecycle.add('event consumers', await startConsumers(bus, consumers), (c) => c.close());
    const server = new GrpcServer(tokens, logger).add(
      notifications.NotificationsServiceService,
      notificationsGrpcHandlers({ store, sealer, allowPrivateTargets: w.allowPrivateTargets, clock, onQueued: kickDeliveries, links, calendar }),
    );
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    deliveryWorker.start();
    messageWorker.start();
    retention.start();
    return { retention, grpcPort };
  });
}
