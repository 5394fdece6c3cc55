import { randomUUID } from 'node:crypto';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { generateWebhookSecret } from '../../domain/signature';
import { checkWebhookInput, type Webhook, type WebhookInput } from '../../domain/webhook';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import type { SecretSealer } from '../ports';
import { webhookOf } from '../webhook-view';

/**
 * Registers a webhook for the calling company user. The signing secret is
 * returned this once; it and the basic-auth credentials are stored encrypted.
 */
export async function createWebhook(
  deps: { store: NotificationsStore; sealer: SecretSealer; allowPrivateTargets: boolean },
  principal: UserPrincipal,
  input: WebhookInput,
): Promise<{ webhook: Webhook; secret: string }> {
  const owner = companyUserOf(principal);
  checkWebhookInput(input, deps);
  const secret = generateWebhookSecret();
  const now = new Date();
  const row = {
    uuid: randomUUID(),
    company_uuid: owner.companyUuid,
    user_uuid: owner.userUuid,
    description: input.description,
    url: input.url,
    http_auth_ciphertext: input.httpAuth === undefined ? null : deps.sealer.seal(input.httpAuth),
    secret_ciphertext: deps.sealer.seal(secret),
    status: 'active' as const,
    failing_since: null,
    disabled_at: null,
    failures_counted_from: now,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await deps.store.read.webhooks.insert(row);
  return { webhook: webhookOf(row), secret };
}
