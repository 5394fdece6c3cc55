import type { ColumnType, Generated } from '@vi/platform-postgres';
import type { TraceHeaders } from '@vi/platform-tracing';
import type { CalendarInvitation } from '../domain/calendar';
import type { WebhookStatus } from '../domain/webhook-health';

/** Row types of the `notifications` schema, for Kysely. */
export interface NotificationsDatabase {
  webhooks: {
    uuid: string;
    company_uuid: string;
    user_uuid: string;
    description: string;
    url: string;
    http_auth_ciphertext: string | null;
    secret_ciphertext: string;
    status: WebhookStatus;
    failing_since: Date | null;
    disabled_at: Date | null;
    failures_counted_from: Date;
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
  };
  processed_events: {
    consumer: string;
    event_id: string;
    processed_at: Date;
  };
  last_notifications: {
    company_uuid: string;
    event_type: string;
    event_id: string;
    payload_type: string;
    resource_uuid: string;
    body: string;
    occurred_at: Date;
  };
  deliveries: {
    uuid: string;
    seq: Generated<number>;
    webhook_uuid: string;
    event_id: string;
    event_type: string;
    payload_type: string;
    resource_uuid: string;
    body: string;
    replay: boolean;
    status: DeliveryStatus;
    attempts: Generated<number>;
    next_attempt_at: Date;
    locked_until: Date | null;
    created_at: Date;
    finished_at: Date | null;
  };
  delivery_attempts: {
    uuid: string;
    delivery_uuid: string;
    webhook_uuid: string;
    event_type: string;
    attempt: number;
    succeeded: boolean;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    attempted_at: Date;
  };
  messages: {
    uuid: string;
    dedupe_key: string;
    channel: 'email' | 'sms';
    kind: string;
    recipient: string;
    subject: string | null;
    text_body: string;
    html_body: string | null;
    interview_uuid: string | null;
    /** Which bearer link the body's placeholder stands for, asked of its owner at send time (decision 018). */
    link_kind: MessageLinkKind | null;
    link_subject: string | null;
    status: MessageStatus;
    attempts: Generated<number>;
    send_after: Date;
    locked_until: Date | null;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
    /** W3C trace context of the consumer that planned it: its sending is a span of that trace (decision 031). */
    trace_context: ColumnType<TraceHeaders | null, string | null, never>;
    /** A live interview's calendar invitation, serialized as `.ics` when the email is sent (decision 041). */
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

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type MessageLinkKind = 'set_password' | 'candidate' | 'share_link';
export type MessageStatus = 'pending' | 'sent' | 'failed' | 'canceled' | 'skipped';
