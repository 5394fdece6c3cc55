import type { notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { renderWebhook } from '../webhook-rendering';
import type { NotificationsStore } from '../store';

/** The caller's webhooks, oldest first, one page (`range` as in decision 008). */
export async function listWebhooks(
  deps: { store: StoreOf<NotificationsStore, 'webhooks'> },
  principal: UserPrincipal,
  range: { from: number; to: number },
): Promise<notifications.WebhookPage> {
  const owner = companyUserOf(principal);
  const page = await deps.store.read.webhooks.pageOfUser(owner.userUuid, range.from, range.to - range.from + 1);
  return { webhooks: page.rows.map(renderWebhook), total: page.total };
}
