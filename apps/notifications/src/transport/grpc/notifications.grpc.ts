import type { notifications } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import { toRfc3339, toRfc3339OrNull } from '@vi/platform-time';
import { createWebhook } from '../../application/create-webhook/create-webhook';
import { deleteWebhook } from '../../application/delete-webhook/delete-webhook';
import { enableWebhook } from '../../application/enable-webhook/enable-webhook';
import { forgetInterviews } from '../../application/forget-interviews/forget-interviews';
import { getWebhook } from '../../application/get-webhook/get-webhook';
import { listDeliveries } from '../../application/list-deliveries/list-deliveries';
import { listWebhooks } from '../../application/list-webhooks/list-webhooks';
import type { SecretSealer } from '../../application/ports';
import { replayEvent } from '../../application/replay-event/replay-event';
import type { Webhook } from '../../domain/webhook';
import type { NotificationsStore } from '../../infrastructure/notifications.store';

export interface NotificationsGrpcDeps {
  store: NotificationsStore;
  sealer: SecretSealer;
  allowPrivateTargets: boolean;
  /** New deliveries were queued (replay): wake the dispatcher. */
  onQueued: () => void;
}

function webhookMessage(webhook: Webhook): notifications.Webhook {
  return {
    uuid: webhook.uuid,
    description: webhook.description,
    url: webhook.url,
    http_auth: webhook.hasHttpAuth,
    status: webhook.status,
    failing_since: toRfc3339OrNull(webhook.failingSince) ?? undefined,
  };
}

/** Transport only: request → use case → response message. */
export function notificationsGrpcHandlers(deps: NotificationsGrpcDeps): UnaryHandlers<typeof notifications.NotificationsServiceService> {
  return {
    forgetInterviews: async (req, ctx) => forgetInterviews(deps, ctx.principal, req.interview_uuids),
    listWebhooks: async (req, ctx) => {
      const page = await listWebhooks(deps, ctx.user(), { from: req.range_from, to: req.range_to });
      return { webhooks: page.webhooks.map(webhookMessage), total: page.total };
    },
    createWebhook: async (req, ctx) => {
      const created = await createWebhook(deps, ctx.user(), { description: req.description, url: req.url, httpAuth: req.http_auth });
      return { webhook: webhookMessage(created.webhook), secret: created.secret };
    },
    getWebhook: async (req, ctx) => webhookMessage(await getWebhook(deps, ctx.user(), req.webhook_uuid)),
    deleteWebhook: async (req, ctx) => {
      await deleteWebhook(deps, ctx.user(), req.webhook_uuid);
      return {};
    },
    enableWebhook: async (req, ctx) => webhookMessage(await enableWebhook(deps, ctx.user(), req.webhook_uuid)),
    replayEvent: async (req, ctx) => ({ deliveries: await replayEvent(deps, ctx.user(), req.event_type) }),
    listDeliveries: async (req, ctx) => {
      const page = await listDeliveries(deps, ctx.user(), { webhookUuid: req.webhook_uuid, from: req.range_from, to: req.range_to });
      return {
        deliveries: page.attempts.map((a) => ({
          uuid: a.uuid,
          webhook_id: a.delivery_uuid,
          event_type: a.event_type,
          attempt: a.attempt,
          success: a.succeeded,
          status_code: a.status_code ?? undefined,
          duration_ms: a.duration_ms,
          error: a.error ?? undefined,
          attempted_at: toRfc3339(a.attempted_at),
        })),
        total: page.total,
      };
    },
  };
}
