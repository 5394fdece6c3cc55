import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Webhook } from '../../domain/webhook';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import { webhookOf } from '../webhook-view';

/** The caller's webhooks, oldest first, one page (`range` as in decision 008). */
export async function listWebhooks(
  deps: { store: NotificationsStore },
  principal: UserPrincipal,
  range: { from: number; to: number },
): Promise<{ webhooks: Webhook[]; total: number }> {
  const owner = companyUserOf(principal);
  const page = await deps.store.read.webhooks.pageOfUser(owner.userUuid, range.from, range.to - range.from + 1);
  return { webhooks: page.rows.map(webhookOf), total: page.total };
}
