import { randomUUID } from 'node:crypto';
import type { Database } from '@vi/platform-postgres';
import { openMigratedTestDatabase } from '@vi/platform-testing';
import { assessmentsMigrations } from '../migrations';
import type { AssessmentsStore } from '../src/application/store';
import type { AssessmentsDatabase } from '../src/infrastructure/assessments.database';
import { createAssessmentsStore } from '../src/infrastructure/assessments.store';
import { aCallback, anOrder } from './factories';

/**
 * What only the database shows (decision 071): two requests sending one test to one candidate at once make one order
 * (the partial unique index), and replicas claiming due callbacks at once never take the same one
 * (`for update skip locked`). On PostgreSQL (TEST_DATABASE_URL) the statements really run side by side; PGlite runs
 * them one after the other, and the answer must be the same.
 */
describe('assessments under concurrency', () => {
  let database: Database<AssessmentsDatabase>;
  let store: AssessmentsStore;

  beforeAll(async () => {
    database = await openMigratedTestDatabase<AssessmentsDatabase>('assessments', assessmentsMigrations);
    store = createAssessmentsStore(database.db);
  });
  afterAll(() => database?.close());

  it('makes one open order of ten sent at once for one candidate and test, every request answered with it', async () => {
    const first = anOrder();
    const orders = Array.from({ length: 10 }, () => {
      const uuid = randomUUID();
      return { ...first, uuid, interviewUuid: uuid };
    });
    const answers = await Promise.all(orders.map((order) => store.transaction((tx) => tx.orders.insertIfNoneOpen(order))));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.order.uuid)).size).toBe(1);
    const { total } = await store.read.orders.list(first.companyUuid, { ats: [], statuses: [], offset: 0, limit: 50 });
    expect(total).toBe(1);
  });

  it('gives each due callback to one claimer of several claiming at once', async () => {
    const order = anOrder({ status: 'completed' });
    await store.transaction((tx) => tx.orders.insertIfNoneOpen(order));
    const callbacks = Array.from({ length: 30 }, () => aCallback(order, { dueAt: new Date('2026-03-01T10:00:00Z') }));
    await store.transaction(async (tx) => {
      for (const callback of callbacks) await tx.callbacks.insert(callback);
    });
    const now = new Date('2026-03-01T10:01:00Z');
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => store.transaction((tx) => tx.callbacks.claimDue({ now, leaseUntil: new Date('2026-03-01T10:02:00Z'), batchSize: 10 }))),
    );
    const claimed = claims.flat().map((c) => c.uuid);
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
  });
});
