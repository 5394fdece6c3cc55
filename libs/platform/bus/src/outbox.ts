import { randomUUID } from 'node:crypto';
import { sql, type Generated, type Kysely, type RawBuilder } from 'kysely';
import { insertRows, prepared } from '@vi/platform-postgres';
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

export interface OutboxRelayOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * How long a claim holds its rows (ms, 30 s by default): past it, another pass or replica claims them again. It
   * must outlast a pass's publishes (each bounded by the bus client's timeout, 5 s on NATS); a relay that outlives
   * it publishes them twice, under the same ids, which the bus de-duplicates.
   */
  leaseMs?: number;
}

/** An outbox row as the relay claims it. */
type ClaimedRow = Pick<OutboxTable, 'id' | 'subject' | 'payload' | 'correlation_id' | 'trace_context' | 'occurred_at'> & { seq: number | string };

/** How long the last published batch waits for the next pass to mark it before a pass runs for that alone (ms). */
const MARK_LINGER_MS = 50;

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
 * Moves outbox rows to the bus in commit order (decisions 006, 055). A batch is one statement that marks what the
 * previous batch published and claims the next rows with a lease (`claimed_until`, the database's clock), then its
 * publishes, outside any transaction: replicas cooperate through `FOR UPDATE SKIP LOCKED` and the lease, and a
 * relay that dies between its claim and its mark leaves rows that are claimed again once their lease has passed and
 * re-published under the same ids, which the bus de-duplicates. `kick()` after a commit makes the common case
 * immediate; polling covers restarts and other replicas' rows.
 */
export class OutboxRelay {
  private readonly loop: PollingLoop;
  /** Ids published but not yet marked: the next claim marks them (a failed claim leaves them to the next). */
  private unmarked: string[] = [];
  /** The pass that marks what the last one published, when no other comes first. */
  private lingering: NodeJS.Timeout | undefined;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by every service, whatever its schema
    private readonly db: Kysely<any>,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.loop = new PollingLoop(
      () => this.pass(),
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

  /** Stops polling, waits for the pass under way, and marks what it published. */
  async stop(): Promise<void> {
    runningRelays.delete(this);
    await this.loop.stop();
    clearTimeout(this.lingering);
    const published = this.unmarked.splice(0);
    if (published.length > 0) {
      await sql`update outbox set published_at = ${new Date()} where id = any(${published}::uuid[]) and published_at is null`.execute(this.db);
    }
  }

  /** The oldest event of the outbox not yet published: an event this relay published and has yet to mark is published. */
  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const result = await sql<{ oldest: Date | string | null }>`select min(occurred_at) as oldest from outbox
      where published_at is null and id <> all(${this.unmarked}::uuid[])`.execute(this.db);
    const oldest = result.rows[0]?.oldest;
    return oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0;
  }

  /**
   * The polling loop's pass: claims and publishes until a claim comes back short of a batch, and leaves the last
   * batch's mark to the next pass's claim, which under load comes within milliseconds (the next commit's kick): one
   * statement per batch. When none comes within MARK_LINGER_MS, a pass runs to mark them (decision 055).
   */
  private async pass(): Promise<void> {
    clearTimeout(this.lingering);
    for (;;) {
      const rows = await this.claim();
      if (rows.length > 0) await this.publish(rows);
      if (rows.length < (this.options.batchSize ?? 100)) break;
    }
    if (this.unmarked.length > 0) this.lingering = setTimeout(() => this.loop.kick(), MARK_LINGER_MS).unref();
  }

  /**
   * Relays until nothing is left; returns how many events were published. Each claim marks what the one before it
   * published, and the last one claims nothing, so when it returns every event it published is marked. It runs in
   * place of a pass, never beside one: a pass kicked by a commit would otherwise hold rows this drain cannot claim and
   * still be publishing them when it returns.
   */
  async drain(): Promise<number> {
    return this.loop.exclusively(async () => {
      clearTimeout(this.lingering);
      let total = 0;
      for (;;) {
        const rows = await this.claim();
        if (rows.length === 0) return total;
        await this.publish(rows);
        total += rows.length;
      }
    });
  }

  /** Marks the rows published before (one data-modifying `WITH` part) and claims the oldest unclaimed ones, in one statement. */
  private async claim(): Promise<ClaimedRow[]> {
    const published = this.unmarked;
    this.unmarked = [];
    try {
      const claimed = await prepared(sql<ClaimedRow>`with marked as (
          update outbox set published_at = ${new Date()} where id = any(${published}::uuid[]) and published_at is null
        )
        update outbox set claimed_until = now() + ${this.options.leaseMs ?? 30_000}::double precision * interval '1 millisecond'
        where id in (
          select id from outbox
          where published_at is null and (claimed_until is null or claimed_until < now()) and id <> all(${published}::uuid[])
          order by seq limit ${this.options.batchSize ?? 100}
          for update skip locked
        )
        returning id, seq, subject, payload, correlation_id, trace_context, occurred_at`).execute(this.db);
      return claimed.rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    } catch (error) {
      this.unmarked = [...published, ...this.unmarked];
      throw error;
    }
  }

  /**
   * Publishes claimed rows, all at once: the client writes them to the bus in outbox order and the acknowledgements
   * come back together. If one fails, none is marked and their claim is given up, so the next pass publishes them
   * again, in order, under the same ids (the bus de-duplicates those already out); if even that fails, their lease runs out.
   */
  private async publish(rows: ClaimedRow[]): Promise<void> {
    const results = await Promise.allSettled(
      rows.map((row) =>
        publishInSpan(
          { id: row.id, subject: row.subject, payload: row.payload, correlationId: row.correlation_id ?? undefined, occurredAt: toRfc3339(row.occurred_at) },
          row.trace_context,
          (traced) => this.bus.publish(traced),
        ),
      ),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      const ids = rows.map((row) => row.id);
      await sql`update outbox set claimed_until = null where id = any(${ids}::uuid[]) and published_at is null`
        .execute(this.db)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'outbox relay could not give up its claim; the lease will run out'));
      throw failed.reason;
    }
    this.unmarked.push(...rows.map((row) => row.id));
    outboxRelayed.inc(rows.length);
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
 * kicked after each commit that recorded an event, so events leave at once.
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
    let recorded = false;
    return this.retried(
      () => {
        recorded = false;
        return this.db.transaction().execute((trx) =>
          work(
            Object.assign(this.repositories(trx), {
              publish: async (events: NewEvent[]): Promise<void> => {
                recorded ||= events.length > 0;
                await enqueueEvents(trx, events);
              },
            }),
          ),
        );
      },
      () => recorded,
    );
  }

  /**
   * Runs `work`, which writes its change and its events' outbox rows in ONE statement (data-modifying `WITH` parts),
   * on the pool with no explicit transaction: PostgreSQL runs a single statement atomically, so this saves the
   * `BEGIN` and `COMMIT` round trips (decision 053). `work` makes exactly one write; it is retried after a deadlock
   * like a transaction, and the relay is kicked after it if it recorded an event: `recorded(result)` says so when given
   * (decision 052), else whether `events` was given any (decision 058).
   */
  async statement<T>(work: (scope: WithPendingEvents<R>) => Promise<T>, recorded?: (result: T) => boolean): Promise<T> {
    let offered = false;
    const events = (list: NewEvent[]): PendingEvents => {
      offered ||= list.length > 0;
      return pendingEvents(list);
    };
    return this.retried(
      () => work(Object.assign(this.repositories(this.db), { events })),
      // `recorded` knows best (outboxInsertFor writes only some of the events offered); else whether any was offered.
      (result) => (recorded ? recorded(result) : offered),
    );
  }

  /**
   * Kicks the relay after a success only if `recorded(result)` says the work recorded an event: a relay pass costs
   * round trips, and most transactions record none (decisions 052, 055, 058).
   */
  private async retried<T>(run: () => Promise<T>, recorded: (result: T) => boolean): Promise<T> {
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
