import type { UserPrincipal } from '@vi/platform-grpc';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import type { AttemptRow } from '../../infrastructure/delivery.repository';
import { findOwnWebhook } from '../get-webhook/get-webhook';

/** The delivery log of one of the caller's webhooks: attempts, newest first. */
export async function listDeliveries(
  deps: { store: NotificationsStore },
  principal: UserPrincipal,
  input: { webhookUuid: string; from: number; to: number },
): Promise<{ attempts: AttemptRow[]; total: number }> {
  const webhook = await findOwnWebhook(deps.store.read, principal, input.webhookUuid);
  const page = await deps.store.read.deliveries.attemptsPage(webhook.uuid, input.from, input.to - input.from + 1);
  return { attempts: page.rows, total: page.total };
}
