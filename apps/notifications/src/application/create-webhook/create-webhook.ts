import { randomUUID } from 'node:crypto';
import type { notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { generateWebhookSecret } from '../../domain/signature';
import { checkWebhookInput, type WebhookInput } from '../../domain/webhook';
import type { SecretSealer } from '../ports';
import { renderWebhook } from '../webhook-rendering';
import type { NotificationsStore } from '../store';

/**
 * Registers a webhook for the calling company user. The signing secret is
 * returned this once; it and the basic-auth credentials are stored encrypted.
 */
export async function createWebhook(
  deps: { store: StoreOf<NotificationsStore, 'webhooks'>; sealer: SecretSealer; allowPrivateTargets: boolean; clock: Clock },
  principal: UserPrincipal,
  input: WebhookInput,
): Promise<notifications.CreatedWebhook> {
  const owner = companyUserOf(principal);
  checkWebhookInput(input, deps);
  const secret = generateWebhookSecret();
  const now = deps.clock.now();
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
  return { webhook: renderWebhook(row), secret };
}
