import { sql, type Generated, type Kysely } from 'kysely';
import type { TraceHeaders } from '@vi/platform-tracing';

/** The outbox table every publishing service has in its own schema. */
export interface OutboxTable {
  id: string;
  /** bigserial, which the drivers read as a number. */
  seq: Generated<number>;
  subject: string;
  payload: unknown;
  correlation_id: string | null;
  /** W3C trace context of the span that recorded the event (addOutboxTraceContext); null when tracing was off. */
  trace_context: TraceHeaders | null;
  occurred_at: Date;
  published_at: Date | null;
  /**
   * Until when a relay holds the unpublished row (addOutboxClaims, decision 055): another relay claims it only once
   * this has passed, so a relay that died between its claim and its publish loses nothing. Null when never claimed.
   */
  claimed_until: Date | null;
}

/**
 * Migration step creating the outbox table; call it from a service's first migration, and addOutboxTraceContext
 * after it.
 */
export async function createOutboxTable(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outbox (
      id uuid primary key,
      seq bigserial not null,
      subject text not null,
      payload jsonb not null,
      correlation_id text,
      occurred_at timestamptz not null default now(),
      published_at timestamptz
    )`.execute(db);
  await sql`create index outbox_unpublished on outbox (seq) where published_at is null`.execute(db);
}

/**
 * Migration step adding the outbox's `trace_context` (jsonb: `traceparent`, `tracestate`): an event keeps the
 * trace of the request that caused it until the relay publishes it, perhaps much later (decision 031).
 */
export async function addOutboxTraceContext(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column trace_context jsonb`.execute(db);
}

/**
 * Migration step adding the outbox's `claimed_until` (decision 055): a relay claims rows with a lease, in one statement
 * of its own, instead of holding their row locks in a transaction while it publishes them.
 */
export async function addOutboxClaims(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column claimed_until timestamptz`.execute(db);
}
