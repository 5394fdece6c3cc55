import type { StoreOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { findOwnWebhook } from '../shared/find-own-webhook';
import type { NotificationsStore } from '../store';

/** Deletes a webhook: it gets no new deliveries and its pending ones are canceled. */
export async function deleteWebhook(
  deps: { store: StoreOf<NotificationsStore, 'webhooks' | 'deliveries'>; clock: Clock },
  principal: UserPrincipal,
  webhookUuid: string,
): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const row = await findOwnWebhook(tx, principal, webhookUuid);
    const now = deps.clock.now();
    await tx.webhooks.update(row.uuid, { deleted_at: now, updated_at: now });
    await tx.deliveries.cancelPending([row.uuid], now);
  });
}
