import type { ColumnType, Generated } from '@vi/platform-postgres';
import type { TraceHeaders } from '@vi/platform-tracing';
import type { AttemptRow, DeliveryRow, LastNotificationRow, MessageRow, WebhookRow } from '../application/store';
import type { CalendarInvitation } from '../domain/calendar';

/** Row types of the `notifications` schema, for Kysely: the rows of `application/store.ts`, with what the database fills in or serializes. */
export interface NotificationsDatabase {
  webhooks: WebhookRow;
  processed_events: {
    consumer: string;
    event_id: string;
    processed_at: Date;
  };
  last_notifications: LastNotificationRow;
  deliveries: Omit<DeliveryRow, 'seq' | 'attempts'> & { seq: Generated<number>; attempts: Generated<number> };
  delivery_attempts: AttemptRow;
  messages: Omit<MessageRow, 'attempts' | 'trace_context' | 'calendar'> & {
    attempts: Generated<number>;
    trace_context: ColumnType<TraceHeaders | null, string | null, never>;
    calendar: ColumnType<CalendarInvitation | null, string | null, never>;
  };
  /** Each live interview's calendar SEQUENCE (decision 041). */
  interview_calendars: {
    interview_uuid: string;
    sequence: number;
    /** The interview's `updated_at` in the event that last set it. */
    changed_at: Date;
    canceled: boolean;
  };
}
