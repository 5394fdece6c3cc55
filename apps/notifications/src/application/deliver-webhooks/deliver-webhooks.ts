import { randomUUID } from 'node:crypto';
import type { StoreOf } from '@vi/platform-bus';
import type { Logger } from '@vi/platform-logger';
import type { Clock } from '@vi/platform-time';
import { nextRetryDelay, type RetryPolicy } from '@vi/platform-http';
import { shareLinkUuidOf, webhookRequest, withShareLinkUrl } from '../../domain/webhook';
import { failuresCountedSince, healthAfterFailure, healthAfterSuccess, type HealthThresholds } from '../../domain/webhook-health';
import { attemptLabel, webhookAttempts } from '../../application/notification-metrics';
import type { AttemptResult, EndpointGuards, LinkIssuer, SecretSealer, WebhookSender } from '../ports';
import type { DeliveryRow, NotificationsStore, WebhookRow } from '../store';

export interface DispatchSettings {
  retry: RetryPolicy;
  health: HealthThresholds;
  /** Deliveries taken per pass, and per webhook. */
  batchSize: number;
  perWebhook: number;
  /** How long a claimed delivery stays reserved for this process (longer than one attempt can take). */
  leaseMs: number;
}

export interface DispatchDeps {
  store: StoreOf<NotificationsStore, 'deliveries' | 'webhooks'>;
  clock: Clock;
  sender: WebhookSender;
  guards: EndpointGuards;
  sealer: SecretSealer;
  links: Pick<LinkIssuer, 'shareLinkUrls'>;
  settings: DispatchSettings;
  logger: Logger;
  /** Called after an attempt is recorded: the next delivery of its resource may now be due. */
  onProgress: () => void;
}

/**
 * Sends due webhook deliveries: each pass claims a batch (leased, SKIP LOCKED),
 * then attempts them concurrently within each endpoint's limit and breaker,
 * and records every attempt with its retry and the webhook's health. Nothing
 * lives only in memory: a restart resumes from the table.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: DispatchDeps) {}

  /** One pass: claim and start attempts (not waiting for them). */
  async pass(): Promise<void> {
    const { settings, store, guards, clock } = this.deps;
    const now = clock.now();
    const claimed = await store.read.deliveries.claimDue({
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      batchSize: settings.batchSize,
      perWebhook: settings.perWebhook,
      excludeWebhooks: guards.saturated(),
    });
    if (claimed.length === 0) return;
    const webhooks = new Map((await store.read.webhooks.findMany([...new Set(claimed.map((d) => d.webhook_uuid))])).map((w) => [w.uuid, w]));
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery, webhooks.get(delivery.webhook_uuid)!);
      this.inFlight.add(attempt);
      void attempt.finally(() => this.inFlight.delete(attempt));
    }
  }

  /** Waits for the attempts under way (each bounded by the timeout). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async attempt(delivery: DeliveryRow, webhook: WebhookRow): Promise<void> {
    const { guards, sender, sealer, store, logger, clock } = this.deps;
    try {
      const body = await this.bodyOf(delivery);
      const outcome = await guards.run(webhook.uuid, () => {
        const request = webhookRequest(
          { webhookId: delivery.uuid, eventType: delivery.event_type, payloadType: delivery.payload_type, body },
          {
            uuid: webhook.uuid,
            userUuid: webhook.user_uuid,
            url: webhook.url,
            secret: sealer.open(webhook.secret_ciphertext),
            httpAuth: webhook.http_auth_ciphertext === null ? undefined : sealer.open(webhook.http_auth_ciphertext),
          },
          clock.now(),
        );
        return sender.send(request);
      });
      if (outcome === 'open') {
        // The endpoint's breaker is open: no attempt, no failure counted; try when it half-opens.
        await store.read.deliveries.postpone(delivery.uuid, new Date(clock.now().getTime() + guards.openForMs));
        return;
      }
      await this.record(delivery, outcome);
      this.deps.onProgress();
    } catch (error) {
      // The lease runs out and the delivery is tried again: at least once.
      logger.error({ err: error, delivery: delivery.uuid }, 'webhook delivery attempt could not be recorded');
    }
  }

  /** The body as it goes out: an interview's share-link URL asked of sharing now, never stored (decision 018). */
  private async bodyOf(delivery: DeliveryRow): Promise<string> {
    const linkUuid = shareLinkUuidOf(delivery.payload_type, delivery.body);
    if (!linkUuid) return delivery.body;
    const url = (await this.deps.links.shareLinkUrls([linkUuid])).get(linkUuid);
    return url === undefined ? delivery.body : withShareLinkUrl(delivery.body, url);
  }

  private async record(delivery: DeliveryRow, result: AttemptResult): Promise<void> {
    const { settings, logger, clock } = this.deps;
    const now = clock.now();
    const attempt = delivery.attempts + 1;
    webhookAttempts.inc({ outcome: result.ok ? 'succeeded' : 'failed', attempt: attemptLabel(attempt) });
    await this.deps.store.transaction(async (tx) => {
      await tx.deliveries.insertAttempt({
        uuid: randomUUID(),
        delivery_uuid: delivery.uuid,
        webhook_uuid: delivery.webhook_uuid,
        event_type: delivery.event_type,
        attempt,
        succeeded: result.ok,
        status_code: result.statusCode ?? null,
        duration_ms: Math.round(result.durationMs),
        error: result.error ?? null,
        attempted_at: now,
      });
      const webhook = await tx.webhooks.lock(delivery.webhook_uuid);
      if (!webhook) return;
      const state = { status: webhook.status, failingSince: webhook.failing_since };
      if (result.ok) {
        await tx.deliveries.finish(delivery.uuid, 'succeeded', attempt, now);
        const next = healthAfterSuccess(state);
        await tx.webhooks.update(webhook.uuid, { status: next.status, failing_since: next.failingSince, failures_counted_from: now, updated_at: now });
        return;
      }
      const gone = result.statusCode === 410;
      const delay = gone ? null : nextRetryDelay(settings.retry, attempt, result.retryAfterMs);
      if (delay === null) await tx.deliveries.finish(delivery.uuid, 'failed', attempt, now);
      else await tx.deliveries.retryAt(delivery.uuid, attempt, new Date(now.getTime() + delay));
      const since = failuresCountedSince(now, webhook.failures_counted_from, settings.health);
      const recentFailures = await tx.deliveries.countFailuresSince(webhook.uuid, since);
      const next = healthAfterFailure(state, { recentFailures, gone, now }, settings.health);
      if (next.status === state.status) return;
      await tx.webhooks.update(webhook.uuid, {
        status: next.status,
        failing_since: next.failingSince,
        disabled_at: next.status === 'disabled' ? now : null,
        updated_at: now,
      });
      if (next.status === 'disabled') await tx.deliveries.cancelPending([webhook.uuid], now);
      logger.warn({ webhook: webhook.uuid, status: next.status, gone, recentFailures }, 'webhook health changed');
    });
  }
}
