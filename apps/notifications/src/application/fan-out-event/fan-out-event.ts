import { webhookEventTypeOf } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { notificationOf } from '../../domain/webhook';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import { newDeliveries } from '../shared/new-deliveries';

/** The subjects of the webhook event table (`interviews.interview.canceled` is among them on the bus but has no webhook event). */
export const WEBHOOK_SOURCE_SUBJECTS = ['interviews.interview.*', 'jobs.job.*'];

/**
 * Records one delivery per receiving webhook of the event's company, and the
 * event as the company's last of its type (for replay), in one transaction
 * keyed by the event id: the bus acknowledges the event only after this
 * commits, and a redelivered event adds nothing.
 */
export async function fanOutEvent(
  deps: { store: StoreOf<NotificationsStore, 'ledger' | 'webhooks' | 'deliveries'>; clock: Clock; onQueued: () => void },
  message: BusMessage,
): Promise<void> {
  const eventType = webhookEventTypeOf(message.subject);
  const notification = eventType && notificationOf(eventType, message.payload);
  if (!notification) return;
  const queued = await deps.store.transaction(async (tx) => {
    const first = await tx.ledger.markProcessedRememberingLast('webhooks', {
      company_uuid: notification.companyUuid,
      event_type: notification.eventType,
      event_id: message.id,
      payload_type: notification.payloadType,
      resource_uuid: notification.resourceUuid,
      body: notification.body,
      occurred_at: new Date(message.occurredAt),
    });
    if (!first) return 0;
    const webhooks = await tx.webhooks.receivingOfCompany(notification.companyUuid);
    await tx.deliveries.insertMany(
      newDeliveries(
        webhooks.map((w) => w.uuid),
        { ...notification, eventId: message.id },
        false,
        deps.clock.now(),
      ),
    );
    return webhooks.length;
  });
  if (queued > 0) deps.onQueued();
}
