import { z } from 'zod';
import type { CreatedWebhook, DeliveryAttempt, Webhook } from '../generated/notifications';
import { timestampView, uuidView } from './view-parts';

/** The API's Webhook object, with the extensions `status` and `failing_since`. */
export const WebhookView = z
  .object({
    uuid: uuidView,
    description: z.string(),
    url: z.string(),
    http_auth: z.boolean(),
    status: z.enum(['active', 'failing', 'disabled']),
    failing_since: timestampView.nullable(),
  })
  .meta({ id: 'Webhook' });
export const CreatedWebhookView = WebhookView.extend({
  secret: z.string().meta({ description: 'The signing secret (Standard Webhooks); shown in this response only' }),
}).meta({ id: 'CreatedWebhook' });

export const DeliveryAttemptView = z
  .object({
    uuid: uuidView,
    webhook_id: z.string(),
    event_type: z.string(),
    attempt: z.number().int(),
    success: z.boolean(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    attempted_at: timestampView,
    next_attempt_at: timestampView.nullable().meta({
      description: 'When this delivery is tried again: on its latest attempt while it is still pending (failed, retries left, webhook not disabled); else null',
    }),
  })
  .meta({ id: 'DeliveryAttempt' });

/** A webhook; `http_auth` says only whether credentials are set, never what they are. */
export function webhookJson(webhook: Webhook | undefined): z.output<typeof WebhookView> {
  return {
    uuid: webhook?.uuid ?? '',
    description: webhook?.description ?? '',
    url: webhook?.url ?? '',
    http_auth: webhook?.http_auth ?? false,
    status: webhook?.status as z.output<typeof WebhookView>['status'],
    failing_since: webhook?.failing_since ?? null,
  };
}

/** The answer to `POST /webhooks`: the webhook and its signing secret, which no other response shows. */
export function createdWebhookJson(created: CreatedWebhook): z.output<typeof CreatedWebhookView> {
  return { ...webhookJson(created.webhook), secret: created.secret };
}

/** One delivery attempt (`GET /webhooks/<uuid>/deliveries`); no status code when the request got no answer. */
export function deliveryAttemptJson(attempt: DeliveryAttempt): z.output<typeof DeliveryAttemptView> {
  return {
    uuid: attempt.uuid,
    webhook_id: attempt.webhook_id,
    event_type: attempt.event_type,
    attempt: attempt.attempt,
    success: attempt.success,
    status_code: attempt.status_code ?? null,
    duration_ms: attempt.duration_ms,
    error: attempt.error ?? null,
    attempted_at: attempt.attempted_at,
    next_attempt_at: attempt.next_attempt_at ?? null,
  };
}
