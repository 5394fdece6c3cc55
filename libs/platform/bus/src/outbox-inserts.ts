import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { insertRows } from '@vi/platform-postgres';
import { currentCorrelationId } from '@vi/platform-logger';
import { traceHeaders } from '@vi/platform-tracing';
import type { OutboxTable } from './outbox-table';

export interface NewEvent<P = unknown> {
  subject: string;
  payload: P;
}

/**
 * Records events in the same transaction as the change they describe: no
 * committed change loses its event, no rolled-back change publishes one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs inside any service's transaction, whatever its schema
export async function enqueueEvents(trx: Kysely<any>, events: NewEvent[]): Promise<PendingEvents['rows']> {
  if (events.length === 0) return [];
  const pending = pendingEvents(events);
  await outboxInsert(pending).execute(trx);
  return pending.rows;
}

/** The outbox rows of events not yet written: made by `pendingEvents`, written by `outboxInsert` in a statement of the change. */
export interface PendingEvents {
  readonly rows: ReadonlyArray<OutboxInsertRow>;
}

/** An outbox row as inserted: its payload and trace context as JSON text. */
type OutboxInsertRow = Omit<OutboxTable, 'seq' | 'published_at' | 'claimed_until' | 'payload' | 'trace_context'> & {
  payload: string;
  trace_context: string | null;
};

/** The outbox rows of these events, stamped with the current correlation id, trace and time. */
export function pendingEvents(events: NewEvent[]): PendingEvents {
  const now = new Date();
  const correlationId = currentCorrelationId() ?? null;
  const trace = traceHeaders();
  const traceContext = trace ? JSON.stringify(trace) : null;
  return {
    rows: events.map((event) => ({
      id: randomUUID(),
      subject: event.subject,
      payload: JSON.stringify(event.payload),
      correlation_id: correlationId,
      trace_context: traceContext,
      occurred_at: now,
    })),
  };
}

/**
 * The insert of pending events' outbox rows, to run on its own or to embed in a statement that writes their change
 * (a data-modifying `WITH` part: decision 053). There must be at least one row.
 */
export function outboxInsert(pending: PendingEvents): RawBuilder<unknown> {
  return insertRows<{ outbox: OutboxInsertRow }, 'outbox'>('outbox', pending.rows);
}

/** An event that a statement records only if it made the row named by `key` (`outboxInsertFor`). */
export interface KeyedEvent extends NewEvent {
  key: string;
}

/**
 * The outbox insert as a part of a service's own data-modifying statement, for events that depend on what the
 * statement writes (`with made as (insert … on conflict do nothing returning uuid), events as (${outboxInsertFor(events,
 * sql`select uuid::text from made`)}) …`): records each event whose `key` is among the keys `made` selects, in the
 * order given, so only the rows that statement made are announced (decision 052). Its text is the same whatever the
 * number of events (arrays as parameters), so the statement can be `prepared`. Run it through `OutboxStore.statement`.
 */
export function outboxInsertFor(events: KeyedEvent[], made: RawBuilder<unknown>): RawBuilder<unknown> {
  const { rows } = pendingEvents(events);
  const column = <K extends keyof PendingEvents['rows'][number]>(key: K) => rows.map((row) => row[key]);
  return sql`insert into outbox (id, subject, payload, correlation_id, trace_context, occurred_at)
  select e.id, e.subject, e.payload, e.correlation_id, e.trace_context, e.occurred_at
  from unnest(${column('id')}::uuid[], ${column('subject')}::text[], ${column('payload')}::jsonb[], ${column('correlation_id')}::text[],
    ${column('trace_context')}::jsonb[], ${column('occurred_at').map((at) => at.toISOString())}::timestamptz[], ${events.map((e) => e.key)}::text[])
    with ordinality as e(id, subject, payload, correlation_id, trace_context, occurred_at, key, n)
  where e.key in (${made})
  order by e.n`;
}
