import type { notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { findOwnWebhook } from '../shared/find-own-webhook';
import { renderWebhook } from '../webhook-rendering';
import type { NotificationsStore } from '../store';

/**
 * Re-enables a webhook (an extension): it is active again, failures count
 * afresh from now. Deliveries canceled while it was disabled are not resent.
 */
export async function enableWebhook(
  deps: { store: StoreOf<NotificationsStore, 'webhooks'>; clock: Clock },
  principal: UserPrincipal,
  webhookUuid: string,
): Promise<notifications.Webhook> {
  return deps.store.transaction(async (tx) => {
    const row = await findOwnWebhook(tx, principal, webhookUuid);
    if (row.status === 'active') return renderWebhook(row);
    const now = deps.clock.now();
    const change = { status: 'active' as const, failing_since: null, disabled_at: null, failures_counted_from: now, updated_at: now };
    await tx.webhooks.update(row.uuid, change);
    return renderWebhook({ ...row, ...change });
  });
}
