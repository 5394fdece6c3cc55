import type { notifications } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { LoggedAttempt } from './store';

/** One attempt of the delivery log; `webhook_id` is its delivery's, the same for every retry. */
export function renderDeliveryAttempt(row: LoggedAttempt): notifications.DeliveryAttempt {
  return {
    uuid: row.uuid,
    webhook_id: row.delivery_uuid,
    event_type: row.event_type,
    attempt: row.attempt,
    success: row.succeeded,
    status_code: row.status_code ?? undefined,
    duration_ms: row.duration_ms,
    error: row.error ?? undefined,
    attempted_at: toRfc3339(row.attempted_at),
    next_attempt_at: row.next_attempt_at ? toRfc3339(row.next_attempt_at) : undefined,
  };
}
