import { randomUUID } from 'node:crypto';
import { EvaluationsSubjects, InterviewsSubjects } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { anOrder } from '../../../test/factories';
import { inMemoryStore } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import type { Order } from '../../domain/order';
import { applyInterviewEvent } from './apply-interview-event';

describe('applyInterviewEvent', () => {
  const setup = async (...orders: Order[]) => {
    const store = inMemoryStore();
    for (const order of orders) await store.transaction((tx) => tx.orders.insertIfNoneOpen(order));
    let woken = 0;
    const deps = {
      store,
      adapters: atsAdapters({ ashbyApiUrl: 'https://api.ashbyhq.com' }),
      clock: new FakeClock(new Date('2026-03-02T10:00:00Z')),
      wake: () => void woken++,
    };
    const event = (subject: string, interviewUuid: string, id = randomUUID()) => ({
      id,
      subject,
      occurredAt: '2026-03-02T10:00:00+00:00',
      payload: subject.startsWith('evaluations') ? { interview_uuid: interviewUuid } : { interview: { uuid: interviewUuid } },
    });
    return { store, sut: (message: ReturnType<typeof event>) => applyInterviewEvent(deps, message), event, woken: () => woken };
  };

  it('moves the order with its interview and writes the callback its ATS hears of, once per event id', async () => {
    const ashby = anOrder({ ats: 'ashby', callbackUrl: null });
    const { store, sut, event, woken } = await setup(ashby);
    const accepted = event(InterviewsSubjects.InterviewAccepted, ashby.interviewUuid);
    await sut(accepted);
    await sut(accepted);
    expect((await store.read.orders.get(ashby.uuid))?.status).toBe('started');
    await sut(event(InterviewsSubjects.InterviewCompleted, ashby.interviewUuid));
    await sut(event(EvaluationsSubjects.EvaluationSubmitted, ashby.interviewUuid));
    expect((await store.read.orders.get(ashby.uuid))?.status).toBe('completed');
    expect(store.read.callbacks.all().map((c) => c.kind)).toEqual(['started', 'completed', 'scored']);
    expect(woken()).toBe(3);
  });

  it('tells Greenhouse only of the completion; a delete after it changes nothing; another interview’s event is ignored', async () => {
    const greenhouse = anOrder();
    const { store, sut, event } = await setup(greenhouse);
    await sut(event(InterviewsSubjects.InterviewAccepted, greenhouse.interviewUuid));
    await sut(event(InterviewsSubjects.InterviewCompleted, greenhouse.interviewUuid));
    await sut(event(InterviewsSubjects.InterviewDeleted, greenhouse.interviewUuid));
    await sut(event(InterviewsSubjects.InterviewCompleted, randomUUID()));
    expect((await store.read.orders.get(greenhouse.uuid))?.status).toBe('completed');
    expect(store.read.callbacks.all().map((c) => c.kind)).toEqual(['completed']);
  });

  it('cancels an open order whose interview is canceled or deleted', async () => {
    const [a, b] = [anOrder({ ats: 'ashby' }), anOrder({ ats: 'ashby' })];
    const { store, sut, event } = await setup(a, b);
    await sut(event(InterviewsSubjects.InterviewCanceled, a.interviewUuid));
    await sut(event(InterviewsSubjects.InterviewDeleted, b.interviewUuid));
    expect([(await store.read.orders.get(a.uuid))?.status, (await store.read.orders.get(b.uuid))?.status]).toEqual(['canceled', 'canceled']);
    expect(store.read.callbacks.all().map((c) => c.kind)).toEqual(['canceled', 'canceled']);
  });
});
