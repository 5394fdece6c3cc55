import type { notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import { findOwnWebhook } from '../shared/find-own-webhook';
import { renderWebhook } from '../webhook-rendering';
import type { NotificationsStore } from '../store';

export async function getWebhook(
  deps: { store: StoreOf<NotificationsStore, 'webhooks'> },
  principal: UserPrincipal,
  webhookUuid: string,
): Promise<notifications.Webhook> {
  return renderWebhook(await findOwnWebhook(deps.store.read, principal, webhookUuid));
}
