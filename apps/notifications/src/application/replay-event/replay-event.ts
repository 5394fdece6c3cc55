import { isWebhookEventType, type notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { NotificationsError, NotificationsErrorCode } from '../../domain/notifications.errors';
import { newDeliveries } from '../shared/new-deliveries';
import type { NotificationsStore } from '../store';

/**
 * Re-sends the last notification of an event type in the caller's company to
 * the caller's webhooks, as new deliveries (new `webhook-id`s: a replay is a
 * new message, not a retry). Answers how many were queued; 0 when there is
 * nothing to replay.
 */
export async function replayEvent(
  deps: { store: StoreOf<NotificationsStore, 'ledger' | 'webhooks' | 'deliveries'>; clock: Clock; onQueued: () => void },
  principal: UserPrincipal,
  eventType: string,
): Promise<notifications.ReplayResult> {
  if (!isWebhookEventType(eventType)) throw new NotificationsError(NotificationsErrorCode.EventTypeUnknown, `Unknown event type ${eventType}`);
  const owner = companyUserOf(principal);
  const queued = await deps.store.transaction(async (tx) => {
    const last = await tx.ledger.lastOf(owner.companyUuid, eventType);
    if (!last) return 0;
    const webhooks = await tx.webhooks.receivingOfUser(owner.userUuid);
    const notification = { eventId: last.event_id, eventType, payloadType: last.payload_type, resourceUuid: last.resource_uuid, body: last.body };
    await tx.deliveries.insertMany(
      newDeliveries(
        webhooks.map((w) => w.uuid),
        notification,
        true,
        deps.clock.now(),
      ),
    );
    return webhooks.length;
  });
  if (queued > 0) deps.onQueued();
  return { deliveries: queued };
}
