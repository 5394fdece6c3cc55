import pino from 'pino';
import { FakeClock } from '@vi/platform-time';
import { aCallback, anInterview, anOrder } from '../../../test/factories';
import { FakeEvaluations, FakeInterviews, FakeSender, FakeSharing, fakeSealer, inMemoryStore } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import type { Order } from '../../domain/order';
import { CallbackDispatcher } from './deliver-callbacks';

describe('CallbackDispatcher', () => {
  const setup = async (order: Order, results: ConstructorParameters<typeof FakeSender>[0]) => {
    const store = inMemoryStore();
    await store.transaction((tx) => tx.orders.insertIfNoneOpen(order));
    const clock = new FakeClock(new Date('2026-03-02T10:00:00Z'));
    const sender = new FakeSender(results);
    const interviews = new FakeInterviews();
    const evaluations = new FakeEvaluations();
    const sut = new CallbackDispatcher({
      store,
      adapters: atsAdapters({ ashbyApiUrl: 'http://ashby.test' }),
      sender,
      sealer: fakeSealer,
      clock,
      interviews,
      evaluations,
      sharing: new FakeSharing(),
      settings: { retry: { scheduleMs: [5_000, 60_000], retryAfterMaxMs: 3_600_000 }, batchSize: 10, leaseMs: 60_000 },
      logger: pino({ level: 'silent' }),
    });
    const pass = async () => {
      await sut.pass();
      await sut.drain();
    };
    return { store, clock, sender, interviews, evaluations, pass };
  };

  it('retries a 503 on the schedule, honours Retry-After, and records each attempt until delivered', async () => {
    const order = anOrder({ status: 'completed' });
    const { store, clock, sender, pass } = await setup(order, [
      { ok: false, statusCode: 503, retryAfterMs: 30_000 },
      { ok: false },
      { ok: true, statusCode: 200 },
    ]);
    await store.transaction((tx) => tx.callbacks.insert(aCallback(order, { dueAt: clock.now() })));
    await pass();
    await pass(); // not due yet: nothing sent
    expect(sender.sent).toHaveLength(1);
    clock.advance(30_000);
    await pass();
    clock.advance(72_000); // 60 s, +20% jitter at most
    await pass();
    expect(sender.sent.map((r) => [r.method, r.url])).toEqual(Array(3).fill(['PATCH', order.callbackUrl]));
    const [callback] = store.read.callbacks.all();
    expect(callback).toMatchObject({ attempts: 3, lastStatusCode: 200, deliveredAt: clock.now() });
    expect((await store.read.callbacks.attemptsOf([order.uuid])).get(order.uuid)?.map((a) => a.statusCode)).toEqual([503, null, 200]);
  });

  it('gives up on a 4xx, and when the schedule is used up', async () => {
    const order = anOrder({ status: 'completed' });
    const { store, clock, pass } = await setup(order, [{ ok: false, statusCode: 410 }]);
    await store.transaction((tx) => tx.callbacks.insert(aCallback(order, { dueAt: clock.now() })));
    await pass();
    expect(store.read.callbacks.all()[0]).toMatchObject({ attempts: 1, givenUpAt: clock.now(), deliveredAt: null });
  });

  it('tells Ashby with the company’s key, the score and the profile URL; without a key the attempt records why', async () => {
    const order = anOrder({ ats: 'ashby', status: 'completed', callbackUrl: null });
    const { store, clock, sender, interviews, evaluations, pass } = await setup(order, [{ ok: true, statusCode: 200 }]);
    interviews.interviews.set(order.interviewUuid, anInterview({ uuid: order.interviewUuid, rating: 3 }));
    evaluations.summaries.set(order.interviewUuid, { overallAverage: 4.5, recommendations: { yes: 2 } });
    await store.transaction((tx) => tx.callbacks.insert(aCallback(order, { kind: 'completed', dueAt: clock.now() })));
    await pass();
    expect(store.read.callbacks.all()[0]).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/no Ashby API key/) });
    expect(sender.sent).toEqual([]);

    await store.transaction((tx) =>
      tx.connections.save({ companyUuid: order.companyUuid, ats: 'ashby', apiKeyCiphertext: fakeSealer.seal('k-1'), connectedAt: clock.now() }),
    );
    // Retried like a network error (±20% jitter around 5 s): the key may be set meanwhile.
    clock.advance(6_000);
    await pass();
    expect(sender.sent[0]).toMatchObject({
      url: 'http://ashby.test/assessment.update',
      headers: { authorization: `Basic ${Buffer.from('k-1:').toString('base64')}` },
    });
    expect(JSON.parse(sender.sent[0].body!)).toMatchObject({
      assessment_status: 'Completed',
      assessment_profile_url: `http://localhost:8080/share/${order.interviewUuid}`,
      assessment_result: [expect.objectContaining({ type: 'numeric_score', value: 90 }), expect.objectContaining({ type: 'url' })],
    });
  });
});
