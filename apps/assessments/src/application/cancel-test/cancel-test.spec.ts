import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, anOrder } from '../../../test/factories';
import { FakeInterviews, inMemoryStore } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import { cancelTest } from './cancel-test';

describe('cancelTest', () => {
  const setup = async (status: 'sent' | 'completed' = 'sent') => {
    const caller = aCompanyUser();
    const order = anOrder({ ats: 'ashby', callbackUrl: null, companyUuid: caller.principal.companyUuid!, status });
    const store = inMemoryStore();
    await store.transaction((tx) => tx.orders.insertIfNoneOpen(order));
    const interviews = new FakeInterviews();
    const deps = { store, interviews, adapters: atsAdapters({ ashbyApiUrl: 'http://ashby.test' }), clock: new FakeClock(), wake: () => undefined };
    return { sut: (c = caller, orderId = order.uuid) => cancelTest(deps, c, { ats: 'ashby', orderId }), store, interviews, order };
  };

  it('cancels the interview as the caller, the order with it, and tells Ashby', async () => {
    const { sut, store, interviews, order } = await setup();
    expect(await sut()).toEqual({ success: true });
    expect(interviews.canceled).toEqual([order.interviewUuid]);
    expect((await store.read.orders.get(order.uuid))?.status).toBe('canceled');
    expect(store.read.callbacks.all().map((c) => c.kind)).toEqual(['canceled']);
  });

  it('answers as a cancel did for an order already ended, touching nothing', async () => {
    const { sut, interviews } = await setup('completed');
    expect(await sut()).toEqual({ success: true });
    expect(interviews.canceled).toEqual([]);
  });

  it('answers 404 to another company’s key', async () => {
    const { sut, interviews } = await setup();
    await expect(sut(aCompanyUser())).rejects.toMatchObject({ code: 'api.assessment_order_not_found', kind: 'not_found' });
    expect(interviews.canceled).toEqual([]);
  });
});
