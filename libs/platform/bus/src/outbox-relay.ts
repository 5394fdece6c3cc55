import { sql, type Kysely } from 'kysely';
import { prepared } from '@vi/platform-postgres';
import type { Logger } from 'pino';
import { toRfc3339 } from '@vi/platform-time';
import { Gauge } from 'prom-client';
import type { EventBus } from './event-bus';
import { outboxRelayed } from './bus-metrics';
import { publishInSpan } from './message-tracing';
import type { OutboxTable } from './outbox-table';
import { PollingLoop } from './polling-loop';

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
