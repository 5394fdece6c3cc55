import { Router } from 'express';
import { z } from 'zod';
import { createdWebhookJson, deliveryAttemptJson, webhookJson } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { requireCsrfTokenOfSession } from '../auth/session-cookie';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf } from '../http/operation';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { descriptionField, isHttpUrl } from './request-fields';

// Shapes here; the notifications service checks the rules again (credentials in the URL, private addresses).
const createBody = z.object({
  description: descriptionField.default(''),
  url: z.string().max(2048, 'at most 2048 characters').refine(isHttpUrl, 'must be an absolute http or https URL'),
  // `username:password`; null (or absent) for none.
  http_auth: z
    .string()
    .regex(/^[^:]+:/, 'must look like username:password')
    .nullable()
    .optional(),
});

export function webhooksRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.notifications;

  resource(router, '/webhooks', {
    get: {
      summary: "List the caller's webhooks",
      tag: 'Webhooks',
      ok: { 200: arrayOf('Webhook') },
      ...listRoute({
        fetch: ({ range, res }) => service.call((c) => c.listWebhooks, range, readAs(res)),
        page: (page) => ({ items: page.webhooks.map(webhookJson), total: page.total }),
      }),
    },
    post: {
      summary: 'Create a webhook (200, as the reference shows; the secret is in this response only)',
      tag: 'Webhooks',
      body: createBody,
      ok: { 200: 'CreatedWebhook' },
      handler: async (req, res) => {
        const body = validate(createBody, req.body);
        const created = await service.call(
          (c) => c.createWebhook,
          { description: body.description, url: body.url, http_auth: body.http_auth ?? undefined },
          writeAs(res),
        );
        res.status(200).json(createdWebhookJson(created));
      },
    },
  });

  resource(
    router,
    '/webhooks/replay/:eventType',
    {
      // A GET that sends a notification again: a change, so never retried.
      get: {
        summary: 'Re-send the last notification of an event type',
        description:
          'A change, though the method is GET: HEAD answers 405 instead of replaying, and a request signed in with the session cookie must send `X-CSRF-Token`, as for a POST.',
        tag: 'Webhooks',
        ok: { 204: null },
        errors: [405],
        handler: async (req, res) => {
          await service.call((c) => c.replayEvent, { event_type: String(req.params.eventType) }, writeAs(res));
          res.status(204).end();
        },
      },
    },
    { getChangesState: requireCsrfTokenOfSession },
  );

  resource(router, '/webhooks/:webhookUuid', {
    get: {
      summary: 'Get a webhook',
      tag: 'Webhooks',
      ok: { 200: 'Webhook' },
      handler: async (req, res) => {
        res.json(webhookJson(await service.call((c) => c.getWebhook, { webhook_uuid: pathUuid(req, 'webhookUuid') }, readAs(res))));
      },
    },
    delete: {
      summary: 'Delete a webhook',
      tag: 'Webhooks',
      ok: { 204: null },
      handler: async (req, res) => {
        await service.call((c) => c.deleteWebhook, { webhook_uuid: pathUuid(req, 'webhookUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  resource(router, '/webhooks/:webhookUuid/enable', {
    post: {
      summary: 'Enable a disabled webhook',
      tag: 'Webhooks',
      ok: { 200: 'Webhook' },
      handler: async (req, res) => {
        res.json(webhookJson(await service.call((c) => c.enableWebhook, { webhook_uuid: pathUuid(req, 'webhookUuid') }, writeAs(res))));
      },
    },
  });

  resource(router, '/webhooks/:webhookUuid/deliveries', {
    get: {
      summary: 'Delivery attempts, newest first',
      tag: 'Webhooks',
      ok: { 200: arrayOf('DeliveryAttempt') },
      ...listRoute({
        fetch: ({ range, req, res }) => service.call((c) => c.listDeliveries, { webhook_uuid: pathUuid(req, 'webhookUuid'), ...range }, readAs(res)),
        page: (page) => ({ items: page.deliveries.map(deliveryAttemptJson), total: page.total }),
      }),
    },
  });

  return router;
}
