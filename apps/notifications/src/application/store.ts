import type { TraceHeaders } from '@vi/platform-tracing';
import type { CalendarInvitation } from '../domain/calendar';
import type { WebhookStatus } from '../domain/webhook-health';

/**
 * The notifications service's store as its use cases see it (decision 033): the repositories' interfaces and the
 * rows they take and answer, owned here; the SQL repositories of `infrastructure/` implement them (its Kysely tables
 * are built from these rows), and `test/fakes.ts` in memory (both run the same contract specs).
 */
export interface NotificationsRepositories {
  readonly webhooks: WebhookRepository;
  readonly deliveries: DeliveryRepository;
  readonly messages: MessageRepository;
  readonly ledger: EventLedger;
  readonly calendars: CalendarRepository;
}

/**
 * Not `Store<…>` of @vi/platform-bus: notifications publishes no events, so its transactions have no outbox.
 * A use case names the repositories it touches with `StoreOf<NotificationsStore, …>` as everywhere (decision 028).
 */
export interface NotificationsStore {
  readonly read: NotificationsRepositories;
  transaction<T>(work: (tx: NotificationsRepositories) => Promise<T>): Promise<T>;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type MessageLinkKind = 'set_password' | 'candidate' | 'share_link';
export type MessageStatus = 'pending' | 'sent' | 'failed' | 'canceled' | 'skipped';

export interface WebhookRow {
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
}

/** The last notification of one type per company (what a replay sends again). */
export interface LastNotificationRow {
  company_uuid: string;
  event_type: string;
  event_id: string;
  payload_type: string;
  resource_uuid: string;
  body: string;
  occurred_at: Date;
}

export interface DeliveryRow {
  uuid: string;
  seq: number;
  webhook_uuid: string;
  event_id: string;
  event_type: string;
  payload_type: string;
  resource_uuid: string;
  body: string;
  replay: boolean;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  created_at: Date;
  finished_at: Date | null;
}

export type NewDelivery = Omit<DeliveryRow, 'seq' | 'attempts' | 'locked_until' | 'finished_at' | 'status'>;

export interface AttemptRow {
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
}

/** An attempt as the delivery log shows it: with its delivery's next attempt when it is the latest of a pending delivery. */
export type LoggedAttempt = AttemptRow & { next_attempt_at: Date | null };

export interface MessageRow {
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
  attempts: number;
  send_after: Date;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  /** W3C trace context of the consumer that planned it: its sending is a span of that trace (decision 031). */
  trace_context: TraceHeaders | null;
  /** A live interview's calendar invitation, serialized as `.ics` when the email is sent (decision 041). */
  calendar: CalendarInvitation | null;
}

export type NewMessage = Omit<MessageRow, 'attempts' | 'locked_until' | 'last_error' | 'sent_at' | 'status' | 'trace_context' | 'calendar'> & {
  calendar?: CalendarInvitation | null;
};

export interface WebhookRepository {
  insert(row: WebhookRow): Promise<void>;
  /** A user's live webhooks, oldest first, and how many there are. */
  pageOfUser(userUuid: string, offset: number, limit: number): Promise<{ rows: WebhookRow[]; total: number }>;
  /** A live webhook of the user. */
  findOfUser(userUuid: string, uuid: string): Promise<WebhookRow | undefined>;
  /** These webhooks, deleted ones included. */
  findMany(uuids: string[]): Promise<WebhookRow[]>;
  /** Webhooks that receive notifications (not deleted, not disabled), oldest first. */
  receivingOfCompany(companyUuid: string): Promise<WebhookRow[]>;
  receivingOfUser(userUuid: string): Promise<WebhookRow[]>;
  /** The row locked for a health update (attempts of one webhook finishing together update it in turn). */
  lock(uuid: string): Promise<WebhookRow | undefined>;
  update(
    uuid: string,
    change: Partial<Pick<WebhookRow, 'status' | 'failing_since' | 'disabled_at' | 'failures_counted_from' | 'deleted_at'>> & { updated_at: Date },
  ): Promise<void>;
  /** Soft-deletes every webhook of a user; returns their uuids. */
  deleteOfUser(userUuid: string, now: Date): Promise<string[]>;
}

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  batchSize: number;
  /** At most this many deliveries of one webhook per claim. */
  perWebhook: number;
  /** Webhooks whose in-flight attempts are at their limit in this process. */
  excludeWebhooks: string[];
}

export interface DeliveryRepository {
  /** Deletes the deliveries (with their attempts) and last notifications of these resources, but those of `keptEventType`. */
  deleteOfResources(resourceUuids: string[], keptEventType: string): Promise<number>;
  insertMany(rows: NewDelivery[]): Promise<void>;
  /**
   * Takes due deliveries of receiving webhooks for one pass, oldest first, and leases them until `leaseUntil`; on an
   * active webhook a delivery waits while an earlier one of the same resource is pending (one resource's events in order).
   */
  claimDue(options: ClaimOptions): Promise<DeliveryRow[]>;
  /** Gives a claimed delivery back without an attempt (its endpoint's breaker is open). */
  postpone(uuid: string, nextAttemptAt: Date): Promise<void>;
  finish(uuid: string, status: 'succeeded' | 'failed', attempts: number, now: Date): Promise<void>;
  retryAt(uuid: string, attempts: number, nextAttemptAt: Date): Promise<void>;
  /** Cancels what is still pending for these webhooks (deleted or disabled). */
  cancelPending(webhookUuids: string[], now: Date): Promise<void>;
  insertAttempt(row: AttemptRow): Promise<void>;
  countFailuresSince(webhookUuid: string, since: Date): Promise<number>;
  /** A webhook's attempts, newest first; the latest attempt of a delivery still pending carries when it is tried next. */
  attemptsPage(webhookUuid: string, offset: number, limit: number): Promise<{ rows: LoggedAttempt[]; total: number }>;
}

export interface MessageRepository {
  /** Records messages to send; one already recorded under the same dedupe key is kept as it is. */
  insertMany(rows: NewMessage[]): Promise<void>;
  /**
   * `consumer`'s ledger and the messages of its events in one statement (decision 054): the events are marked
   * processed, and the messages of those seen for the first time inserted (one already recorded under the same dedupe
   * key kept as it is). How many messages were inserted.
   */
  insertOfFirstTime(consumer: string, eventIds: string[], rows: Array<NewMessage & { event_id: string }>): Promise<number>;
  /** Deletes every message of these interviews, whatever its status (a job seeker's erasure). */
  deleteOfInterviews(interviewUuids: string[]): Promise<number>;
  /** Cancels an interview's pending messages of these kinds (reminders of a finished or moved interview). */
  cancelPending(interviewUuid: string, kinds: string[], now: Date): Promise<void>;
  /** Due messages, leased until `leaseUntil` (replicas never take the same one). */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<MessageRow[]>;
  /**
   * Records what attempts came to, in one statement however many (a dispatcher pass's): each message leaves its lease,
   * `sent_at` is `now` for those sent, and a retried one (`pending`) is due again at its `sendAfter`.
   */
  finishAttempts(outcomes: MessageOutcome[], now: Date): Promise<void>;
}

/** What one attempt at a message came to: done (sent, failed, skipped, canceled), or `pending` again from `sendAfter`. */
export type MessageOutcome =
  | { uuid: string; status: Exclude<MessageStatus, 'pending'>; attempts: number; error: string | null; sendAfter: null }
  | { uuid: string; status: 'pending'; attempts: number; error: string; sendAfter: Date };

/** Consumers' idempotency and the last notification per type. */
export interface EventLedger {
  /** True the first time `consumer` handles `eventId`; false for a redelivered event. */
  markProcessed(consumer: string, eventId: string): Promise<boolean>;
  /** Marks the event processed and, the first time, remembers it as the company's last of its type: true the first time. */
  markProcessedRememberingLast(consumer: string, last: LastNotificationRow): Promise<boolean>;
  /** `markProcessed` for several events in one statement (a consumer's batch, decision 051): the ids handled for the first time. */
  markProcessedMany(consumer: string, eventIds: string[]): Promise<Set<string>>;
  /**
   * `markProcessedRememberingLast` for several events in one statement: the ids handled for the first time. Of those,
   * the one given last for a company and type is remembered as its last.
   */
  markProcessedRememberingLastMany(consumer: string, lasts: LastNotificationRow[]): Promise<Set<string>>;
  lastOf(companyUuid: string, eventType: string): Promise<LastNotificationRow | undefined>;
}

/** A change to a live interview's calendar entry, as an interview event tells it. */
export interface CalendarChange {
  interviewUuid: string;
  /** The interview's `updated_at` in the event: a change older than the last one recorded is stale. */
  changedAt: Date;
  /** Created or reset: the entry as it is; rescheduled: moved; canceled: removed. */
  kind: 'same' | 'moved' | 'canceled';
}

/** Each live interview's calendar SEQUENCE (decision 041). */
export interface CalendarRepository {
  /** Records the change and answers the SEQUENCE its invitation carries, or null when the change is stale (older than the last, or after the cancellation). */
  record(change: CalendarChange): Promise<number | null>;
  /** The SEQUENCE of the interview's latest invitation; 0 before any. */
  sequenceOf(interviewUuid: string): Promise<number>;
  /** Forgets these interviews' entries (deleted interviews, a job seeker's erasure). */
  deleteOfInterviews(interviewUuids: string[]): Promise<void>;
}
