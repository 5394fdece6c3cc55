import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { deleteInBatches } from '@vi/platform-postgres';
import { systemClock, type Clock } from '@vi/platform-time';
import { PollingLoop } from './polling-loop';

/** One thing a sweep removes: returns how many rows (or files) went. */
export interface RetentionTask {
  name: string;
  run(now: Date): Promise<number>;
}

/** Rows of `table` whose `column` is older than `keepMs`, deleted in batches (`deleteInBatches`). */
export function pruneOlderThan(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's schema
  db: Kysely<any>,
  table: string,
  column: string,
  keepMs: number,
  extra = sql`true`,
): RetentionTask {
  return {
    name: table,
    run: (now) => deleteInBatches(db, table, sql`${sql.ref(column)} < ${new Date(now.getTime() - keepMs)} and ${extra}`),
  };
}

/**
 * The bus tables a service has (decision 019), each with its retention: published outbox rows (an unpublished one
 * is never touched) and the consumers' ledger of handled events, which must outlive the stream's retention (7 days)
 * so that a redelivered or replayed event is still recognised. A table without a retention is not the service's.
 */
export function busRetentionTasks(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's schema
  db: Kysely<any>,
  retention: { outboxMs?: number; processedEventsMs?: number },
): RetentionTask[] {
  const { outboxMs, processedEventsMs } = retention;
  return [
    ...(outboxMs !== undefined ? [pruneOlderThan(db, 'outbox', 'published_at', outboxMs, sql`published_at is not null`)] : []),
    ...(processedEventsMs !== undefined ? [pruneOlderThan(db, 'processed_events', 'processed_at', processedEventsMs)] : []),
  ];
}

/** Runs a service's retention tasks every `intervalMs` (and once at start). */
export class RetentionSweep {
  private readonly loop: PollingLoop;

  constructor(
    private readonly tasks: RetentionTask[],
    intervalMs: number,
    private readonly logger: Logger,
    private readonly clock: Clock = systemClock,
  ) {
    this.loop = new PollingLoop(
      () => this.sweep(),
      intervalMs,
      (error) => this.logger.error({ err: error }, 'retention sweep failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass over every task, at the clock's time (decision 027) or at `now` when a test names the instant. */
  async sweep(now = this.clock.now()): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const task of this.tasks) removed[task.name] = await task.run(now);
    if (Object.values(removed).some((n) => n > 0)) this.logger.info({ removed }, 'retention sweep');
    return removed;
  }
}
