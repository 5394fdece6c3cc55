import { randomUUID } from 'node:crypto';
import { sql, type Generated, type Kysely, type RawBuilder } from 'kysely';
import { insertRows } from '@vi/platform-postgres';
import type { Logger } from 'pino';
import { toRfc3339 } from '@vi/platform-time';
import { currentCorrelationId } from '@vi/platform-logger';
import { traceHeaders, type TraceHeaders } from '@vi/platform-tracing';
import type { EventBus } from './event-bus';
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
type OutboxInsertRow = Omit<OutboxTable, 'seq' | 'published_at' | 'payload' | 'trace_context'> & { payload: string; trace_context: string | null };

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

/** What a one-statement write (`statement`) hands to its work: the repositories, and its events' outbox rows to write. */
export type WithPendingEvents<R> = R & {
  /** The outbox rows of these events, for the statement to insert with its change (`outboxInsert`); published after it. */
  events(events: NewEvent[]): PendingEvents;
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
   * Runs `work`, which writes its change and its events' outbox rows in ONE statement (data-modifying `WITH` parts),
   * on the pool with no explicit transaction: PostgreSQL runs a single statement atomically, so this saves the
   * `BEGIN` and `COMMIT` round trips (decision 053). `work` makes exactly one write; it is retried after a deadlock
   * like a transaction, and the relay is kicked after it unless `recorded(result)` says it wrote no event (decision 052).
   */
  async statement<T>(work: (scope: WithPendingEvents<R>) => Promise<T>, recorded?: (result: T) => boolean): Promise<T> {
    return this.retried(() => work(Object.assign(this.repositories(this.db), { events: pendingEvents })), recorded);
  }

  /** Kicks the relay after a success, unless `recorded(result)` says nothing was recorded (a relay pass is three round trips: decision 052). */
  private async retried<T>(run: () => Promise<T>, recorded: (result: T) => boolean = () => true): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await run();
        if (recorded(result)) this.relay.kick();
        return result;
      } catch (error) {
        if (attempt === MAX_TRANSACTION_ATTEMPTS || !isRetryableAbort(error)) throw error;
        // A short random pause, so that the two transactions do not meet again in the same order.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
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
