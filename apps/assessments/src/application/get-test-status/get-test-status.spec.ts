import { aCompanyUser, anInterview, anOrder } from '../../../test/factories';
import { FakeEvaluations, FakeInterviews, FakeSharing, inMemoryStore } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import { getTestStatus } from './get-test-status';

describe('getTestStatus', () => {
  const setup = async () => {
    const caller = aCompanyUser();
    const order = anOrder({ companyUuid: caller.principal.companyUuid!, status: 'completed' });
    const store = inMemoryStore();
    await store.transaction((tx) => tx.orders.insertIfNoneOpen(order));
    const interviews = new FakeInterviews();
    const evaluations = new FakeEvaluations();
    const deps = { store, interviews, evaluations, sharing: new FakeSharing(), adapters: atsAdapters({ ashbyApiUrl: 'http://ashby.test' }) };
    return { sut: (c = caller, ats = 'greenhouse') => getTestStatus(deps, c, { ats, orderId: order.uuid }), interviews, evaluations, order };
  };

  it('answers Greenhouse the completed interview with the evaluations’ score, a share link and its metadata', async () => {
    const { sut, interviews, evaluations, order } = await setup();
    interviews.interviews.set(order.interviewUuid, anInterview({ uuid: order.interviewUuid, rating: 2 }));
    evaluations.summaries.set(order.interviewUuid, { overallAverage: 3.5, recommendations: { yes: 1, strong_yes: 2 } });
    expect(await sut()).toEqual({
      partner_status: 'complete',
      partner_profile_url: `http://localhost:8080/share/${order.interviewUuid}`,
      partner_score: 70,
      metadata: { 'Completed At': '2026-03-02T09:00:00+00:00', 'Questions answered': 1, Questions: 2, Recommendation: 'strong_yes' },
    });
  });

  it('uses the rating without evaluations, and gives no link before completion', async () => {
    const { sut, interviews, order } = await setup();
    interviews.interviews.set(order.interviewUuid, anInterview({ uuid: order.interviewUuid, status: 'accepted', completed_at: undefined, rating: 4 }));
    expect(await sut()).toMatchObject({ partner_status: 'accepted', partner_profile_url: null, partner_score: 80 });
  });

  it('answers 404 to another company, and for an order of another ATS', async () => {
    const { sut } = await setup();
    await expect(sut(aCompanyUser())).rejects.toMatchObject({ code: 'api.assessment_order_not_found' });
    await expect(sut(undefined, 'ashby')).rejects.toMatchObject({ code: 'api.assessment_order_not_found' });
  });
});
