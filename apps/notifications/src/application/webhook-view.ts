import type { Webhook } from '../domain/webhook';
import type { WebhookRow } from '../infrastructure/webhook.repository';

export function webhookOf(row: WebhookRow): Webhook {
  return {
    uuid: row.uuid,
    companyUuid: row.company_uuid,
    userUuid: row.user_uuid,
    description: row.description,
    url: row.url,
    hasHttpAuth: row.http_auth_ciphertext !== null,
    status: row.status,
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}
