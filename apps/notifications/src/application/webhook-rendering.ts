import type { notifications } from '@vi/contracts';
import { toRfc3339OrNull } from '@vi/platform-time';
import type { WebhookRow } from './store';

/** A webhook as its owner reads it: whether it sends basic auth, never the credentials or the signing secret. */
export function renderWebhook(row: WebhookRow): notifications.Webhook {
  return {
    uuid: row.uuid,
    description: row.description,
    url: row.url,
    http_auth: row.http_auth_ciphertext !== null,
    status: row.status,
    failing_since: toRfc3339OrNull(row.failing_since) ?? undefined,
  };
}
