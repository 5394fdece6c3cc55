import { Router } from 'express';
import { z } from 'zod';
import { timestampView, uuidView, type notifications } from '@vi/contracts';
import { callAs } from '../auth/request-context';
import { parseRange, sendPage } from '../http/paging';
import { resource } from '../http/resource';
import { pathUuid, validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// Shapes here; the notifications service checks the rules again (credentials in the URL, private addresses).
const createBody = z.object({
  description: z.string().max(500, 'at most 500 characters').default(''),
  url: z.string().max(2048, 'at most 2048 characters').refine(isHttpUrl, 'must be an absolute http or https URL'),
  // `username:password`; null (or absent) for none.
  http_auth: z.string().regex(/^[^:]+:/, 'must look like username:password').nullable().optional(),
});

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
export const CreatedWebhookView = WebhookView.extend({ secret: z.string().meta({ description: 'The signing secret (Standard Webhooks); shown in this response only' }) }).meta({ id: 'CreatedWebhook' });

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
  })
  .meta({ id: 'DeliveryAttempt' });

export const webhooksSchemas = { createBody };

function webhookJson(webhook: notifications.Webhook | undefined): z.output<typeof WebhookView> {
  return {
    uuid: webhook?.uuid ?? '',
    description: webhook?.description ?? '',
    url: webhook?.url ?? '',
    http_auth: webhook?.http_auth ?? false,
    status: webhook?.status as z.output<typeof WebhookView>['status'],
    failing_since: webhook?.failing_since ?? null,
  };
}

function attemptJson(attempt: notifications.DeliveryAttempt): z.output<typeof DeliveryAttemptView> {
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
  };
}

export function webhooksRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.notifications;
  const webhookUuid = (req: Parameters<typeof pathUuid>[0]) => pathUuid(req, 'webhookUuid', 'Webhook');

  resource(router, '/webhooks', {
    get: async (req, res) => {
      const range = parseRange(req.query.range);
      const page = await service.call((c) => c.listWebhooks, { range_from: range.from, range_to: range.to }, callAs(res, true));
      sendPage(res, range, page.webhooks.map(webhookJson), page.total);
    },
    // 200 as the reference shows; the signing secret is in this response only.
    post: async (req, res) => {
      const body = validate(createBody, req.body);
      const created = await service.call(
        (c) => c.createWebhook,
        { description: body.description, url: body.url, http_auth: body.http_auth ?? undefined },
        callAs(res),
      );
      res.status(200).json({ ...webhookJson(created.webhook), secret: created.secret });
    },
  });

  resource(router, '/webhooks/replay/:eventType', {
    get: async (req, res) => {
      await service.call((c) => c.replayEvent, { event_type: String(req.params.eventType) }, callAs(res));
      res.status(204).end();
    },
  });

  resource(router, '/webhooks/:webhookUuid', {
    get: async (req, res) => {
      res.json(webhookJson(await service.call((c) => c.getWebhook, { webhook_uuid: webhookUuid(req) }, callAs(res, true))));
    },
    delete: async (req, res) => {
      await service.call((c) => c.deleteWebhook, { webhook_uuid: webhookUuid(req) }, callAs(res));
      res.status(204).end();
    },
  });

  resource(router, '/webhooks/:webhookUuid/enable', {
    post: async (req, res) => {
      res.json(webhookJson(await service.call((c) => c.enableWebhook, { webhook_uuid: webhookUuid(req) }, callAs(res))));
    },
  });

  resource(router, '/webhooks/:webhookUuid/deliveries', {
    get: async (req, res) => {
      const webhook_uuid = webhookUuid(req);
      const range = parseRange(req.query.range);
      const page = await service.call((c) => c.listDeliveries, { webhook_uuid, range_from: range.from, range_to: range.to }, callAs(res, true));
      sendPage(res, range, page.deliveries.map(attemptJson), page.total);
    },
  });

  return router;
}
