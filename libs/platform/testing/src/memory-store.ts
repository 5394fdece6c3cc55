/** An event as a transaction publishes it: the shape of `NewEvent` (@vi/platform-bus), not imported because the bus's own tests use this lib. */
export interface PublishedEvent {
  subject: string;
  payload: unknown;
}

/** An in-memory repository whose rows are plain data in `state` (copied and put back by `MemoryStore`). */
export interface Stateful<S = unknown> {
  state: S;
}

/**
 * A service store of just the in-memory repositories a use case names, for use-case specs (decisions 027 and 028):
 * it can stand for `StoreOf<SomeStore, 'a' | 'b'>`. A transaction publishes into `published` when its work returns,
 * and puts every repository's `state` back when the work throws, as a rollback would. What only the database can
 * show (locks, sort orders, constraints) belongs in the services' integration specs.
 */
export class MemoryStore<R extends Record<string, Stateful>> {
  readonly published: PublishedEvent[] = [];

  constructor(readonly read: R) {}

  async transaction<T>(work: (tx: R & { publish(events: PublishedEvent[]): Promise<void> }) => Promise<T>): Promise<T> {
    const saved = Object.values(this.read).map((repo) => [repo, structuredClone(repo.state)] as const);
    const pending: PublishedEvent[] = [];
    try {
      const result = await work({ ...this.read, publish: async (events: PublishedEvent[]) => void pending.push(...events) });
      this.published.push(...pending);
      return result;
    } catch (error) {
      for (const [repo, state] of saved) repo.state = state;
      throw error;
    }
  }

  /**
   * A one-statement write (`Store.statement`): the work's repository write gets its events from `events`, which
   * are published when the work returns, as a statement's outbox rows are relayed after it.
   */
  async statement<T>(work: (scope: R & { events(events: PublishedEvent[]): { rows: never[] } }) => Promise<T>): Promise<T> {
    return this.transaction((tx) => {
      const { publish, ...repos } = tx;
      return work({ ...(repos as unknown as R), events: (events: PublishedEvent[]) => (void publish(events), { rows: [] }) });
    });
  }

  /** The subjects published so far, in order. */
  subjects(): string[] {
    return this.published.map((event) => event.subject);
  }
}

export function memoryStore<R extends Record<string, Stateful>>(repos: R): MemoryStore<R> {
  return new MemoryStore(repos);
}
