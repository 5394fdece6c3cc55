import { enqueueEvents, type NewEvent, type OutboxRelay } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import { ApiKeyRepository } from './api-key.repository';
import { CompanyRepository } from './company.repository';
import type { IdentityDatabase } from './identity.database';
import { PlanRepository } from './plan.repository';
import { UserRepository } from './user.repository';

/** Repositories bound to one connection or transaction. */
export class IdentityRepositories {
  readonly companies: CompanyRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly plans: PlanRepository;

  constructor(readonly db: Kysely<IdentityDatabase>) {
    this.companies = new CompanyRepository(db);
    this.users = new UserRepository(db);
    this.apiKeys = new ApiKeyRepository(db);
    this.plans = new PlanRepository(db);
  }
}

export interface IdentityTransaction extends IdentityRepositories {
  /** Records events in this transaction's outbox; they are published after commit. */
  publish(events: NewEvent[]): Promise<void>;
}

/** Entry point to identity's storage: plain reads, or a transaction with its outbox. */
export class IdentityStore {
  readonly read: IdentityRepositories;

  constructor(
    private readonly db: Kysely<IdentityDatabase>,
    private readonly relay: Pick<OutboxRelay, 'kick'>,
  ) {
    this.read = new IdentityRepositories(db);
  }

  async transaction<T>(work: (tx: IdentityTransaction) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute((trx) => {
      const tx = Object.assign(new IdentityRepositories(trx), {
        publish: async (events: NewEvent[]) => void (await enqueueEvents(trx, events)),
      });
      return work(tx);
    });
    this.relay.kick();
    return result;
  }
}
