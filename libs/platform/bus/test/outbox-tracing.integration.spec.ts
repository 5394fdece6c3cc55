import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, testServers, uniqueName, waitFor, type TestDatabase } from '@vi/platform-testing';
import { SpanKind, startSpan, startTracing, tracer, withContext, type Tracing } from '@vi/platform-tracing';
import {
  addOutboxClaims,
  addOutboxTraceContext,
  createOutboxTable,
  enqueueEvents,
  InProcessBus,
  NatsJetStreamBus,
  OutboxRelay,
  type BusMessage,
  type EventBus,
  type OutboxTable,
} from '../src';

const logger = createLogger('outbox-tracing-test', 'silent');

const adapters: Array<[string, () => Promise<EventBus>]> = [['in-process', async () => new InProcessBus(logger)]];
if (testServers.natsUrl) {
  adapters.push(['NATS JetStream', () => NatsJetStreamBus.connect({ url: testServers.natsUrl!, streamRoot: uniqueName('trace').toLowerCase(), logger })]);
}

describe('trace context through the outbox', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let testDb: TestDatabase;
  let database: Database<{ outbox: OutboxTable }>;

  beforeAll(async () => {
    tracing = await startTracing({ serviceName: 'outbox-tracing-test', exporter });
    testDb = await createTestDatabase();
    database = await openDatabase({ url: testDb.url, schema: 'outbox_tracing_test', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'outbox_tracing_test', {
      '0001_outbox': { up: (db) => createOutboxTable(db) },
      '0002_trace_context': { up: (db) => addOutboxTraceContext(db) },
      '0003_claims': { up: (db) => addOutboxClaims(db) },
    });
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
    await tracing.shutdown();
  });

  it.each(adapters)(
    '%s: the recording span’s traceparent is stored with the row and reaches the consumer as message headers, through a producer span',
    async (_name, connect) => {
      const bus = await connect();
      const received: BusMessage[] = [];
      await bus.consume({ durable: 'traced', subjects: ['test.>'], handler: async (m) => void received.push(m) });
      try {
        // A request's span records the event, as a gRPC handler's does.
        const request = startSpan(tracer('test'), 'request', { kind: SpanKind.SERVER });
        const [enqueued] = await withContext(request.context, () =>
          database.db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'test.thing.created', payload: { n: 1 } }])),
        );
        request.span.end();
        const { traceId, spanId } = request.span.spanContext();

        const row = await database.db.selectFrom('outbox').select(['trace_context', 'published_at']).where('id', '=', enqueued.id).executeTakeFirstOrThrow();
        expect(row).toEqual({ trace_context: { traceparent: `00-${traceId}-${spanId}-01` }, published_at: null });

        await new OutboxRelay(database.db, bus, logger).drain();
        const spans = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
        const of = (kind: SpanKind) => spans().find((s) => s.kind === kind && s.attributes['messaging.message.id'] === enqueued.id);
        await waitFor(() => received.some((m) => m.id === enqueued.id) && of(SpanKind.CONSUMER) !== undefined);

        const producer = of(SpanKind.PRODUCER)!;
        const consumer = of(SpanKind.CONSUMER)!;
        expect(producer.name).toBe('publish test.thing.created');
        expect(producer.parentSpanContext?.spanId).toBe(spanId);
        // What the consumer got is the producer span's context (on NATS, from the message headers only).
        expect(received.find((m) => m.id === enqueued.id)?.trace).toEqual({ traceparent: `00-${traceId}-${producer.spanContext().spanId}-01` });
        expect(consumer).toMatchObject<Partial<ReadableSpan>>({
          name: 'process test.thing.created',
          attributes: expect.objectContaining({ 'messaging.consumer.group.name': 'traced' }) as ReadableSpan['attributes'],
        });
        expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
      } finally {
        if (bus instanceof NatsJetStreamBus) await bus.deleteStream();
        await bus.close();
      }
    },
  );
});
