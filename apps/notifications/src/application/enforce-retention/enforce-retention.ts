import { busRetentionTasks, pruneOlderThan, type RetentionTask } from '@vi/platform-bus';
import { sql, type Kysely } from '@vi/platform-postgres';
import type { NotificationsDatabase } from '../../infrastructure/notifications.database';

/**
 * What the notifications service keeps, and for how long (decision 019): a finished delivery (succeeded, failed or
 * canceled) with its attempts for `deliveriesMs` after it finished, a finished message (sent, failed, canceled,
 * skipped) for `messagesMs` after it was recorded, the ledger of handled events for `processedEventsMs`. Pending
 * deliveries and messages are never removed, nor the last notification of each type (the replay endpoint's).
 */
export function notificationsRetentionTasks(
  db: Kysely<NotificationsDatabase>,
  retention: { deliveriesMs: number; messagesMs: number; processedEventsMs?: number },
): RetentionTask[] {
  const finishedDelivery = sql`status <> 'pending'`;
  return [
    {
      // Attempts first: they reference their delivery.
      name: 'delivery_attempts',
      run: (now) =>
        pruneOlderThan(
          db,
          'delivery_attempts',
          'attempted_at',
          0,
          sql`delivery_uuid in (select uuid from deliveries where ${finishedDelivery} and finished_at < ${new Date(now.getTime() - retention.deliveriesMs)})`,
        ).run(now),
    },
    pruneOlderThan(
      db,
      'deliveries',
      'finished_at',
      retention.deliveriesMs,
      sql`${finishedDelivery} and not exists (select 1 from delivery_attempts a where a.delivery_uuid = deliveries.uuid)`,
    ),
    pruneOlderThan(db, 'messages', 'created_at', retention.messagesMs, sql`status <> 'pending'`),
    // No outbox here: notifications publishes no events.
    ...busRetentionTasks(db, { processedEventsMs: retention.processedEventsMs }),
  ];
}
