import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { NotificationsError, NotificationsErrorCode } from '../../domain/notifications.errors';
import type { Webhook } from '../../domain/webhook';
import type { NotificationsRepositories, NotificationsStore } from '../../infrastructure/notifications.store';
import type { WebhookRow } from '../../infrastructure/webhook.repository';
import { webhookOf } from '../webhook-view';

/** One of the caller's own webhooks; anyone else's is not found. */
export async function findOwnWebhook(repositories: NotificationsRepositories, principal: UserPrincipal, webhookUuid: string): Promise<WebhookRow> {
  const owner = companyUserOf(principal);
  const row = await repositories.webhooks.findOfUser(owner.userUuid, webhookUuid);
  if (!row) throw new NotificationsError(NotificationsErrorCode.WebhookNotFound);
  return row;
}

export async function getWebhook(deps: { store: NotificationsStore }, principal: UserPrincipal, webhookUuid: string): Promise<Webhook> {
  return webhookOf(await findOwnWebhook(deps.store.read, principal, webhookUuid));
}
