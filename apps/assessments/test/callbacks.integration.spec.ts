import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@vi/platform-logger';
import { openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, randomSecret, testServers, uniqueName, waitFor, type TestDatabase } from '@vi/platform-testing';
import type { AssessmentsStore } from '../src/application/store';
import { startAssessmentsService, type RunningAssessmentsService } from '../src/composition-root';
import { loadAssessmentsConfig } from '../src/config';
import type { AssessmentsDatabase } from '../src/infrastructure/assessments.database';
import { createAssessmentsStore } from '../src/infrastructure/assessments.store';
import { aCallback, anOrder } from './factories';

/**
 * Callbacks as an ATS receives them (decision 071): a real HTTP receiver on 127.0.0.1, the service's own callback
 * loop on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). A Greenhouse callback needs no other
 * service (its PATCH has no body), so the upstreams are not called.
 */
describe('assessments callbacks', () => {
  let testDb: TestDatabase;
  let database: Database<AssessmentsDatabase>;
  let store: AssessmentsStore;
  let receiver: Server;
  let receiverUrl: string;
  /** What the receiver answers next, in order (then 200); what it was sent. */
  let answers: number[];
  let received: Array<{ method: string; url: string; body: string }>;
  /** Called on each request before it is answered. */
  let onRequest: (() => Promise<void>) | undefined;
  const running: RunningAssessmentsService[] = [];

  const start = async () => {
    const config = loadAssessmentsConfig({
      ASSESSMENTS_GRPC_PORT: '0',
      ASSESSMENTS_HEALTH_PORT: '0',
      INTERNAL_JWT_SECRET: randomSecret(),
      ASSESSMENTS_ENCRYPTION_KEY: randomSecret(),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      DATA_DIR: 'memory://',
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
      ...(testServers.natsUrl ? { NATS_URL: testServers.natsUrl, EVENT_STREAM: uniqueName('t').toLowerCase() } : {}),
      ASSESSMENTS_POLL_MS: '50',
    });
    // Retries a fifth of a second apart: the schedule's shape, not its length, is under test.
    const service = await startAssessmentsService(
      { ...config, callbacks: { ...config.callbacks, retryScheduleMs: [200, 200, 200] } },
      { database: testDb.embedded, logger: createLogger('assessments', 'silent') },
    );
    running.push(service);
    return service;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString() });
        void (onRequest?.() ?? Promise.resolve()).then(() => res.writeHead(answers.shift() ?? 200).end());
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // The first service migrates the schema; the spec writes orders beside it.
    await start();
    database = await openDatabase<AssessmentsDatabase>({ url: testDb.url, schema: 'assessments', embedded: testDb.embedded });
    store = createAssessmentsStore(database.db);
  });

  beforeEach(() => {
    answers = [];
    received = [];
    onRequest = undefined;
  });

  afterAll(async () => {
    for (const service of running) await service.stop();
    await database?.close();
    await new Promise((resolve) => receiver.close(resolve));
    await testDb.drop();
  });

  /** A completed Greenhouse order whose completion is to be told, as the event's transaction writes it. */
  async function completedOrder(path: string) {
    const order = anOrder({ status: 'completed', callbackUrl: `${receiverUrl}${path}` });
    const callback = aCallback(order, { dueAt: new Date() });
    await store.transaction(async (tx) => {
      await tx.orders.insertIfNoneOpen(order);
      await tx.callbacks.insert(callback);
    });
    return { order, callback };
  }

  const attemptsOf = async (orderUuid: string) => (await store.read.callbacks.attemptsOf([orderUuid])).get(orderUuid) ?? [];
  const delivered = async (callbackUuid: string) =>
    (await database.db.selectFrom('callbacks').select('delivered_at').where('uuid', '=', callbackUuid).executeTakeFirstOrThrow()).delivered_at !== null;

  it('retries a 503 on the schedule until the ATS answers 200, recording every attempt', async () => {
    answers = [503, 503];
    const { order, callback } = await completedOrder('/greenhouse/one');
    running[0].callbacks.kick();
    await waitFor(() => delivered(callback.uuid), 10_000);
    expect(received).toEqual([
      { method: 'PATCH', url: '/greenhouse/one', body: '' },
      { method: 'PATCH', url: '/greenhouse/one', body: '' },
      { method: 'PATCH', url: '/greenhouse/one', body: '' },
    ]);
    expect((await attemptsOf(order.uuid)).map((a) => [a.statusCode, a.error?.slice(0, 8) ?? null])).toEqual([
      [503, 'HTTP 503'],
      [503, 'HTTP 503'],
      [200, null],
    ]);
    expect(await store.read.callbacks.lastAttempt(order.companyUuid, 'greenhouse')).toMatchObject({ statusCode: 200, error: null });
  });

  it('survives a restart mid-retry: a new process on the same database delivers the callback once', async () => {
    const first = running[running.length - 1];
    answers = [503];
    // The first process stops polling while its attempt is under way: it records the 503 and never tries again.
    onRequest = async () => {
      onRequest = undefined;
      await first.callbacks.stop();
    };
    const { order, callback } = await completedOrder('/greenhouse/two');
    first.callbacks.kick();
    await waitFor(async () => (await attemptsOf(order.uuid)).length === 1, 10_000);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(await delivered(callback.uuid)).toBe(false);

    const second = await start();
    await waitFor(() => delivered(callback.uuid), 10_000);
    // Nothing else is due: a further pass sends nothing more.
    await second.callbacks.exclusively(async () => undefined);
    expect(received.map((r) => r.url)).toEqual(['/greenhouse/two', '/greenhouse/two']);
    expect((await attemptsOf(order.uuid)).map((a) => a.statusCode)).toEqual([503, 200]);
  });
});
