import { webhookEventTypeOf } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { notificationOf } from '../../domain/webhook';
import { newDeliveries } from '../shared/new-deliveries';
import type { NotificationsStore } from '../store';

/** The subjects of the webhook event table (`interviews.interview.canceled` is among them on the bus but has no webhook event). */
export const WEBHOOK_SOURCE_SUBJECTS = ['interviews.interview.*', 'jobs.job.*'];

/**
 * Records one delivery per receiving webhook of the event's company, and the
 * event as the company's last of its type (for replay), keyed by the event id:
 * the bus acknowledges the event only after this commits, and a redelivered
 * event adds nothing.
 *
 * The webhooks are read first. Most events reach a company with none, and then
 * the record is one statement, atomic on its own, where a transaction would
 * cost three more round trips to PostgreSQL on every write of the product
 * (decision 023). Reading them before the transaction rather than in it is the
 * same under read committed: a webhook created or deleted after the read and
 * before the commit is not seen either way.
 */
export async function fanOutEvent(
  deps: { store: StoreOf<NotificationsStore, 'ledger' | 'webhooks' | 'deliveries'>; clock: Clock; onQueued: () => void },
  message: BusMessage,
): Promise<void> {
  const eventType = webhookEventTypeOf(message.subject);
  const notification = eventType && notificationOf(eventType, message.payload);
  if (!notification) return;
  const last = {
    company_uuid: notification.companyUuid,
    event_type: notification.eventType,
    event_id: message.id,
    payload_type: notification.payloadType,
    resource_uuid: notification.resourceUuid,
    body: notification.body,
    occurred_at: new Date(message.occurredAt),
  };
  const webhooks = await deps.store.read.webhooks.receivingOfCompany(notification.companyUuid);
  if (webhooks.length === 0) {
    await deps.store.read.ledger.markProcessedRememberingLast('webhooks', last);
    return;
  }
  const queued = await deps.store.transaction(async (tx) => {
    if (!(await tx.ledger.markProcessedRememberingLast('webhooks', last))) return false;
    await tx.deliveries.insertMany(
      newDeliveries(
        webhooks.map((w) => w.uuid),
        { ...notification, eventId: message.id },
        false,
        deps.clock.now(),
      ),
    );
    return true;
  });
  if (queued) deps.onQueued();
}
