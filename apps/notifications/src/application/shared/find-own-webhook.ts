import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { NotificationsError, NotificationsErrorCode } from '../../domain/notifications.errors';
import type { NotificationsStore, WebhookRow } from '../store';

/** One of the caller's own webhooks; anyone else's is not found. */
export async function findOwnWebhook(
  repositories: ReposOf<NotificationsStore, 'webhooks'>,
  principal: UserPrincipal,
  webhookUuid: string,
): Promise<WebhookRow> {
  const owner = companyUserOf(principal);
  const row = await repositories.webhooks.findOfUser(owner.userUuid, webhookUuid);
  if (!row) throw new NotificationsError(NotificationsErrorCode.WebhookNotFound);
  return row;
}
