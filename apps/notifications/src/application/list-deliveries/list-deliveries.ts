import type { notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import { renderDeliveryAttempt } from '../delivery-rendering';
import { findOwnWebhook } from '../shared/find-own-webhook';
import type { NotificationsStore } from '../store';

/** The delivery log of one of the caller's webhooks: attempts, newest first. */
export async function listDeliveries(
  deps: { store: StoreOf<NotificationsStore, 'webhooks' | 'deliveries'> },
  principal: UserPrincipal,
  input: { webhookUuid: string; from: number; to: number },
): Promise<notifications.DeliveryPage> {
  const webhook = await findOwnWebhook(deps.store.read, principal, input.webhookUuid);
  const page = await deps.store.read.deliveries.attemptsPage(webhook.uuid, input.from, input.to - input.from + 1);
  return { deliveries: page.rows.map(renderDeliveryAttempt), total: page.total };
}
