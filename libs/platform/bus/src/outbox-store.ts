import type { Kysely } from 'kysely';
import { enqueueEvents, pendingEvents, type NewEvent, type PendingEvents } from './outbox-inserts';
import type { OutboxRelay } from './outbox-relay';

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
