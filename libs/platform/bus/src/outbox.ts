import { randomUUID } from 'node:crypto';
import { sql, type Generated, type Kysely, type RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import { toRfc3339 } from '@vi/platform-time';
import { currentCorrelationId } from '@vi/platform-logger';
import { traceHeaders, type TraceHeaders } from '@vi/platform-tracing';
import type { BusMessage, EventBus } from './event-bus';
import { Gauge } from 'prom-client';
import { outboxRelayed } from './bus-metrics';
import { publishInSpan } from './message-tracing';
import { PollingLoop } from './polling-loop';

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

export interface NewEvent<P = unknown> {
  subject: string;
  payload: P;
}

/**
 * Records events in the same transaction as the change they describe: no
 * committed change loses its event, no rolled-back change publishes one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs inside any service's transaction, whatever its schema
export async function enqueueEvents(trx: Kysely<any>, events: NewEvent[]): Promise<BusMessage[]> {
  if (events.length === 0) return [];
  const { rows, correlationId, trace, occurredAt } = outboxRecords(events);
  await trx
    .insertInto('outbox')
    .values(rows.map((row) => ({ ...row, correlation_id: correlationId, trace_context: trace ? JSON.stringify(trace) : null, occurred_at: occurredAt })))
    .execute();
  return rows.map((row, i) => ({
    id: row.id,
    subject: row.subject,
    payload: events[i].payload,
    correlationId: correlationId ?? undefined,
    trace,
    occurredAt: toRfc3339(occurredAt),
  }));
}

/** What every outbox row of one write carries: its own id, subject and payload (JSON), and the request's correlation and trace. */
function outboxRecords(events: NewEvent[]) {
  return {
    rows: events.map((event) => ({ id: randomUUID(), subject: event.subject, payload: JSON.stringify(event.payload) })),
    correlationId: currentCorrelationId() ?? null,
    trace: traceHeaders(),
    occurredAt: new Date(),
  };
}

/** An event that a statement records only if it made the row named by `key` (see `outboxInsertFor`). */
export interface KeyedEvent extends NewEvent {
  key: string;
}

/**
 * The outbox insert as one part of a service's own data-modifying statement (`with made as (insert … on conflict do
 * nothing returning uuid), events as (${outboxInsertFor(events, sql`select uuid::text from made`)}) …`): records each
 * event whose `key` is among the keys `made` selects, in the order given, so only the rows that statement made are
 * announced. Its text is the same whatever the number of events (arrays as parameters), so the statement can be
 * `prepared`. Run it through `OutboxStore.statement`, which kicks the relay after it (decision 052).
 */
export function outboxInsertFor(events: KeyedEvent[], made: RawBuilder<unknown>): RawBuilder<unknown> {
  const { rows, correlationId, trace, occurredAt } = outboxRecords(events);
  return sql`insert into outbox (id, subject, payload, correlation_id, trace_context, occurred_at)
  select e.id, e.subject, e.payload, ${correlationId}::text, ${trace ? JSON.stringify(trace) : null}::jsonb, ${occurredAt}::timestamptz
  from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.subject)}::text[], ${rows.map((r) => r.payload)}::jsonb[], ${events.map((e) => e.key)}::text[])
    with ordinality as e(id, subject, payload, key, n)
  where e.key in (${made})
  order by e.n`;
}

export interface OutboxRelayOptions {
  pollIntervalMs?: number;
  batchSize?: number;
}

/** The relays of this process (one per service; several under `npm start`), for the age gauge. */
const runningRelays = new Set<OutboxRelay>();

// Read from the database at each scrape, so that it grows while the relay is stuck (the bus unreachable).
new Gauge({
  name: 'outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest event still waiting in an outbox of this process (0 when all are published)',
  async collect() {
    const ages = await Promise.all([...runningRelays].map((relay) => relay.oldestUnpublishedAgeSeconds().catch(() => 0)));
    this.set(Math.max(0, ...ages));
  },
});

/**
 * Moves outbox rows to the bus in commit order. Replicas cooperate through
 * `FOR UPDATE SKIP LOCKED`; a crash between publish and mark re-publishes the
 * same id, which the bus de-duplicates. `kick()` after a commit makes the
 * common case immediate; polling covers restarts and other replicas' rows.
 */
export class OutboxRelay {
  private readonly loop: PollingLoop;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by every service, whatever its schema
    private readonly db: Kysely<any>,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.loop = new PollingLoop(
      () => this.drain(),
      options.pollIntervalMs ?? 500,
      (error: unknown) => this.logger.error({ err: error }, 'outbox relay pass failed'),
    );
  }

  start(): void {
    runningRelays.add(this);
    this.loop.start();
  }

  /** Relays now (or right after the pass under way). */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    runningRelays.delete(this);
    await this.loop.stop();
  }

  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const row = (await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('occurred_at').as('oldest'))
      .where('published_at', 'is', null)
      .executeTakeFirst()) as { oldest: Date | string | null } | undefined;
    return row?.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0;
  }

  /** Relays until nothing is left; returns how many events were published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.relayBatch();
      total += published;
      if (published < (this.options.batchSize ?? 100)) return total;
    }
  }

  /**
   * Claims the oldest unpublished rows and marks them published in one statement, publishes them, and commits: a
   * round trip less than selecting and then updating. If publishing fails, the transaction rolls back and none is
   * marked; the next pass publishes them again under the same ids, which the bus de-duplicates.
   */
  private async relayBatch(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await sql<OutboxTable>`
        update outbox set published_at = ${new Date()}
        where id in (
          select id from outbox where published_at is null order by seq limit ${this.options.batchSize ?? 100} for update skip locked
        )
        returning *`.execute(trx);
      const rows = claimed.rows.sort((a, b) => Number(a.seq) - Number(b.seq));
      // All at once: the client writes them to the bus in outbox order and the acknowledgements come back together,
      // instead of one round trip per event while the rows stay locked.
      await Promise.all(
        rows.map((row) =>
          publishInSpan(
            { id: row.id, subject: row.subject, payload: row.payload, correlationId: row.correlation_id ?? undefined, occurredAt: toRfc3339(row.occurred_at) },
            row.trace_context,
            (traced) => this.bus.publish(traced),
          ),
        ),
      );
      outboxRelayed.inc(rows.length);
      return rows.length;
    });
  }
}

/** Repositories of one transaction, plus the outbox of that transaction. */
export type WithOutbox<R> = R & {
  /** Records events in this transaction's outbox; they are published after commit. */
  publish(events: NewEvent[]): Promise<void>;
};

/**
 * A service's entry point to its schema: `read` repositories on the pool, or a
 * transaction whose repositories and outbox share one connection. The relay is
 * kicked after each commit so events leave at once.
 */
export class OutboxStore<DB, R extends object> {
  readonly read: R;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly relay: Pick<OutboxRelay, 'kick'>,
    private readonly repositories: (db: Kysely<DB>) => R,
  ) {
    this.read = repositories(db);
  }

  /**
   * Runs `work` in one transaction. When PostgreSQL aborts it to break a deadlock (or a serialization failure),
   * nothing of it was committed, and it runs again in a new transaction, up to three times in all: the database
   * decides who goes first, the caller sees one answer. `work` therefore touches only the database through `tx`
   * (decision 028: calls to other services and files go before or after the transaction).
   */
  async transaction<T>(work: (tx: WithOutbox<R>) => Promise<T>): Promise<T> {
    return this.retried(() =>
      this.db.transaction().execute((trx) =>
        work(
          Object.assign(this.repositories(trx), {
            publish: async (events: NewEvent[]): Promise<void> => void (await enqueueEvents(trx, events)),
          }),
        ),
      ),
    );
  }

  /**
   * Runs `work`, a change made by ONE statement that records its own events (`outboxInsertFor`), on the pool: a
   * statement is atomic on its own, so it needs no BEGIN and COMMIT, two round trips fewer (decision 052). Retried as
   * a transaction is; the relay is kicked after it only when `recorded(result)` says it wrote events (a relay pass
   * costs three round trips, for nothing when the statement made nothing).
   */
  async statement<T>(work: (repos: R) => Promise<T>, recorded: (result: T) => boolean = () => true): Promise<T> {
    return this.retried(() => work(this.read), recorded);
  }

  private async retried<T>(attempt: () => Promise<T>, recorded: (result: T) => boolean = () => true): Promise<T> {
    for (let n = 1; ; n++) {
      try {
        const result = await attempt();
        if (recorded(result)) this.relay.kick();
        return result;
      } catch (error) {
        if (n === MAX_TRANSACTION_ATTEMPTS || !isRetryableAbort(error)) throw error;
        // A short random pause, so that the two transactions do not meet again in the same order.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * n));
      }
    }
  }
}

const MAX_TRANSACTION_ATTEMPTS = 3;

/** deadlock_detected, serialization_failure: PostgreSQL rolled the whole transaction back. */
function isRetryableAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
