import type { UserPrincipal } from '@vi/platform-grpc';
import type { Webhook } from '../../domain/webhook';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import { findOwnWebhook } from '../get-webhook/get-webhook';
import { webhookOf } from '../webhook-view';

/**
 * Re-enables a webhook (an extension): it is active again, failures count
 * afresh from now. Deliveries canceled while it was disabled are not resent.
 */
export async function enableWebhook(deps: { store: NotificationsStore }, principal: UserPrincipal, webhookUuid: string): Promise<Webhook> {
  return deps.store.transaction(async (tx) => {
    const row = await findOwnWebhook(tx, principal, webhookUuid);
    if (row.status === 'active') return webhookOf(row);
    const now = new Date();
    const change = { status: 'active' as const, failing_since: null, disabled_at: null, failures_counted_from: now, updated_at: now };
    await tx.webhooks.update(row.uuid, change);
    return webhookOf({ ...row, ...change });
  });
}
