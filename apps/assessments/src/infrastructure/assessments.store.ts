import type { Kysely } from '@vi/platform-postgres';
import type { AssessmentsRepositories, AssessmentsStore } from '../application/store';
import type { AssessmentsDatabase } from './assessments.database';
import { CallbackRepository } from './callback.repository';
import { ConnectionRepository } from './connection.repository';
import { OrderRepository } from './order.repository';
import { ProcessedEventRepository } from './processed-event.repository';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlAssessmentsRepositories(db: Kysely<AssessmentsDatabase>): AssessmentsRepositories {
  return {
    orders: new OrderRepository(db),
    callbacks: new CallbackRepository(db),
    connections: new ConnectionRepository(db),
    processedEvents: new ProcessedEventRepository(db),
  };
}

/** The schema's entry point: `read` repositories on the pool, or a transaction's. Assessments publishes no events (no outbox). */
export function createAssessmentsStore(db: Kysely<AssessmentsDatabase>): AssessmentsStore {
  return {
    read: sqlAssessmentsRepositories(db),
    transaction: (work) => db.transaction().execute((trx) => work(sqlAssessmentsRepositories(trx))),
  };
}
