import type { UserPrincipal } from '@vi/platform-grpc';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import { findOwnWebhook } from '../get-webhook/get-webhook';

/** Deletes a webhook: it gets no new deliveries and its pending ones are canceled. */
export async function deleteWebhook(deps: { store: NotificationsStore }, principal: UserPrincipal, webhookUuid: string): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const row = await findOwnWebhook(tx, principal, webhookUuid);
    const now = new Date();
    await tx.webhooks.update(row.uuid, { deleted_at: now, updated_at: now });
    await tx.deliveries.cancelPending([row.uuid], now);
  });
}
