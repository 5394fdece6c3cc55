import { randomUUID } from 'node:crypto';
import { StatementLog } from '@vi/platform-postgres';
import { describeRepositoryContract, memoryStore, openMigratedTestDatabase } from '@vi/platform-testing';
import { assessmentsMigrations } from '../migrations';
import type { AssessmentsStore } from '../src/application/store';
import type { AssessmentsDatabase } from '../src/infrastructure/assessments.database';
import { createAssessmentsStore } from '../src/infrastructure/assessments.store';
import { aCallback, anAttempt, anOrder } from './factories';
import { inMemoryRepositories } from './fakes';

/**
 * One contract, two implementations (decision 033): what the assessments use cases rely on from their repositories,
 * run against the in-memory fakes their specs use and against the SQL repositories (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). What only the database shows (two processes claiming at once) stays in callbacks.integration.spec.ts.
 */
describeRepositoryContract<AssessmentsStore>(
  "assessments' repositories",
  {
    'in memory (test/fakes.ts)': async () => ({ store: memoryStore(inMemoryRepositories()), close: async () => undefined }),
    'SQL (infrastructure/)': async () => {
      const database = await openMigratedTestDatabase<AssessmentsDatabase>('assessments', assessmentsMigrations);
      const statements = new StatementLog();
      return { store: createAssessmentsStore(statements.recording(database.db)), close: () => database.close(), statements };
    },
  },
  (store) => {
    describe('orders', () => {
      it('keeps one open order per ATS, company, test and email (any case), answering the open one; an ended one frees the place', async () => {
        const first = anOrder();
        expect(await store().transaction((tx) => tx.orders.insertIfNoneOpen(first))).toEqual({ order: first, created: true });
        const sameCandidate = (uuid: string) => ({ ...first, uuid, interviewUuid: uuid, candidate: { ...first.candidate, email: 'ADA@example.com' } });
        const again = sameCandidate(randomUUID());
        expect(await store().transaction((tx) => tx.orders.insertIfNoneOpen(again))).toEqual({ order: first, created: false });
        const otherAts = { ...sameCandidate(randomUUID()), ats: 'ashby' as const };
        expect((await store().transaction((tx) => tx.orders.insertIfNoneOpen(otherAts))).created).toBe(true);
        await store().transaction((tx) => tx.orders.setStatus(first.uuid, 'completed', new Date('2026-03-02T00:00:00Z')));
        expect((await store().transaction((tx) => tx.orders.insertIfNoneOpen(again))).created).toBe(true);
        expect(await store().read.orders.findOpen(first.companyUuid, 'greenhouse', first.testUuid, 'ada@EXAMPLE.com')).toEqual(again);
      });

      it('finds an order in its company only, by its interview, and removes one', async () => {
        const order = anOrder({ status: 'started', atsFields: { candidate_id: 'c1' }, externalId: 'app-1' });
        await store().transaction((tx) => tx.orders.insertIfNoneOpen(order));
        expect(await store().read.orders.find(order.companyUuid, order.uuid)).toEqual(order);
        expect(await store().read.orders.find(randomUUID(), order.uuid)).toBeUndefined();
        expect(await store().read.orders.get(order.uuid)).toEqual(order);
        expect(await store().transaction((tx) => tx.orders.findByInterview(order.interviewUuid, { lock: true }))).toEqual(order);
        await store().transaction((tx) => tx.orders.delete(order.uuid));
        expect(await store().read.orders.get(order.uuid)).toBeUndefined();
      });

      it('lists a company’s orders newest first, filtered and paged, with the total, and says when its first of an ATS was made', async () => {
        const companyUuid = randomUUID();
        const at = (day: number) => new Date(Date.UTC(2026, 2, day));
        const orders = [
          anOrder({ companyUuid, createdAt: at(1), updatedAt: at(1) }),
          anOrder({ companyUuid, ats: 'ashby', createdAt: at(2), updatedAt: at(2), status: 'completed' }),
          anOrder({ companyUuid, createdAt: at(3), updatedAt: at(3), status: 'canceled' }),
        ];
        await store().transaction(async (tx) => {
          for (const order of orders) await tx.orders.insertIfNoneOpen(order);
          await tx.orders.insertIfNoneOpen(anOrder());
        });
        const all = await store().read.orders.list(companyUuid, { ats: [], statuses: [], offset: 0, limit: 10 });
        expect(all).toEqual({ orders: [orders[2], orders[1], orders[0]], total: 3 });
        expect(await store().read.orders.list(companyUuid, { ats: ['greenhouse'], statuses: [], offset: 1, limit: 1 })).toEqual({
          orders: [orders[0]],
          total: 2,
        });
        expect(await store().read.orders.list(companyUuid, { ats: [], statuses: ['completed', 'sent'], offset: 0, limit: 10 })).toEqual({
          orders: [orders[1], orders[0]],
          total: 2,
        });
        expect(await store().read.orders.firstAt(companyUuid, 'greenhouse')).toEqual(at(1));
        expect(await store().read.orders.firstAt(randomUUID(), 'greenhouse')).toBeNull();
      });
    });

    describe('callbacks', () => {
      it('claims due callbacks once until their lease ends, and not after they are delivered or given up', async () => {
        const order = anOrder();
        await store().transaction((tx) => tx.orders.insertIfNoneOpen(order));
        const due = aCallback(order, { dueAt: new Date('2026-03-01T10:00:00Z') });
        const later = aCallback(order, { dueAt: new Date('2026-03-01T12:00:00Z') });
        await store().transaction(async (tx) => {
          await tx.callbacks.insert(later);
          await tx.callbacks.insert(due);
        });
        const now = new Date('2026-03-01T11:00:00Z');
        const lease = { now, leaseUntil: new Date('2026-03-01T11:01:00Z'), batchSize: 10 };
        expect(await store().transaction((tx) => tx.callbacks.claimDue(lease))).toEqual([due]);
        expect(await store().transaction((tx) => tx.callbacks.claimDue(lease))).toEqual([]);
        // The lease ran out (a process stopped mid-attempt): another takes it.
        const afterLease = { ...lease, now: new Date('2026-03-01T11:02:00Z'), leaseUntil: new Date('2026-03-01T11:03:00Z') };
        expect(await store().transaction((tx) => tx.callbacks.claimDue(afterLease))).toEqual([due]);
        const retryAt = new Date('2026-03-01T11:30:00Z');
        const failed = anAttempt(due, { attemptedAt: new Date('2026-03-01T11:02:01Z') });
        await store().transaction((tx) => tx.callbacks.recordAttempt(due.uuid, { attempts: 1, statusCode: 503, error: 'HTTP 503', dueAt: retryAt }, failed));
        const atRetry = { now: retryAt, leaseUntil: new Date('2026-03-01T11:31:00Z'), batchSize: 10 };
        expect(await store().transaction((tx) => tx.callbacks.claimDue(atRetry))).toEqual([
          { ...due, attempts: 1, lastStatusCode: 503, lastError: 'HTTP 503', dueAt: retryAt },
        ]);
        const delivered = anAttempt(due, { attemptedAt: new Date('2026-03-01T11:30:01Z'), statusCode: 200, error: null });
        await store().transaction((tx) =>
          tx.callbacks.recordAttempt(due.uuid, { attempts: 2, statusCode: 200, error: null, deliveredAt: delivered.attemptedAt }, delivered),
        );
        const much = { now: new Date('2026-03-02T00:00:00Z'), leaseUntil: new Date('2026-03-02T00:01:00Z'), batchSize: 10 };
        expect((await store().transaction((tx) => tx.callbacks.claimDue(much))).map((c) => c.uuid)).toEqual([later.uuid]);
        expect(await store().read.callbacks.attemptsOf([order.uuid, randomUUID()])).toEqual(new Map([[order.uuid, [failed, delivered]]]));
        expect(await store().read.callbacks.lastAttempt(order.companyUuid, 'greenhouse')).toEqual(delivered);
        expect(await store().read.callbacks.lastAttempt(order.companyUuid, 'ashby')).toBeUndefined();
      });
    });

    describe('connections', () => {
      it('keeps a company’s sealed key per ATS, replaced keeping when it was first set, and removes it', async () => {
        const connection = { companyUuid: randomUUID(), ats: 'ashby' as const, apiKeyCiphertext: 'v1.a', connectedAt: new Date('2026-03-01T00:00:00Z') };
        expect(await store().transaction((tx) => tx.connections.save(connection))).toEqual(connection);
        const replaced = { ...connection, apiKeyCiphertext: 'v1.b', connectedAt: new Date('2026-03-05T00:00:00Z') };
        expect(await store().transaction((tx) => tx.connections.save(replaced))).toEqual({ ...connection, apiKeyCiphertext: 'v1.b' });
        expect(await store().read.connections.find(connection.companyUuid, 'ashby')).toEqual({ ...connection, apiKeyCiphertext: 'v1.b' });
        expect(await store().read.connections.find(randomUUID(), 'ashby')).toBeUndefined();
        expect(await store().transaction((tx) => tx.connections.delete(connection.companyUuid, 'ashby'))).toBe(true);
        expect(await store().transaction((tx) => tx.connections.delete(connection.companyUuid, 'ashby'))).toBe(false);
      });
    });

    it('records a consumed event once', async () => {
      const eventId = randomUUID();
      expect(await store().transaction((tx) => tx.processedEvents.markProcessed(eventId))).toBe(true);
      expect(await store().transaction((tx) => tx.processedEvents.markProcessed(eventId))).toBe(false);
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
