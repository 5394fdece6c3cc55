import { randomUUID } from 'node:crypto';
import type { NewDelivery } from '../store';

/** One delivery per webhook, due now; each gets its own uuid, the `webhook-id` of all its attempts. */
export function newDeliveries(
  webhookUuids: string[],
  notification: { eventId: string; eventType: string; payloadType: string; resourceUuid: string; body: string },
  replay: boolean,
  now: Date,
): NewDelivery[] {
  return webhookUuids.map((webhookUuid) => ({
    uuid: randomUUID(),
    webhook_uuid: webhookUuid,
    event_id: notification.eventId,
    event_type: notification.eventType,
    payload_type: notification.payloadType,
    resource_uuid: notification.resourceUuid,
    body: notification.body,
    replay,
    next_attempt_at: now,
    created_at: now,
  }));
}
