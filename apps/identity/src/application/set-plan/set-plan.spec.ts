import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aService, aUser, DAY, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import type { Company } from '../../domain/user';
import { setPlan } from './set-plan';

describe('setPlan', () => {
  const clock = new FakeClock(new Date(T0.getTime() + 10 * DAY));
  let company: Company;
  let companies: InMemoryCompanies;
  let store: MemoryStore<{ companies: InMemoryCompanies; plans: InMemoryPlans; users: InMemoryUsers }>;
  const sut = (planCode: string, caller = aService()) => setPlan({ store, clock }, caller, { companyUuid: company.uuid, planCode });

  beforeEach(() => {
    company = aCompany({ planCode: 'growth' });
    companies = new InMemoryCompanies(company);
    store = memoryStore({ companies, plans: new InMemoryPlans(), users: new InMemoryUsers() });
  });

  it('applies an upgrade at once, starting a new billing period, and tells the services enforcing features', async () => {
    const plan = await sut('unlimited');

    expect(plan).toMatchObject({
      code: 'unlimited',
      started_at: '2026-03-12T09:00:00+00:00',
      renews_at: '2026-04-12T09:00:00+00:00',
      downgrades_to: undefined,
    });
    expect(store.published).toEqual([
      { subject: 'identity.company.plan_changed', payload: expect.objectContaining({ uuid: company.uuid, plan: 'unlimited' }) },
    ]);
  });

  it('schedules a downgrade for the end of the billing period; until then the plan stays', async () => {
    const plan = await sut('starter');

    expect(plan).toMatchObject({
      code: 'growth',
      started_at: '2026-03-02T09:00:00+00:00',
      downgrades_to: { name: 'Starter', at: '2026-04-02T09:00:00+00:00' },
    });
    expect(await companies.find(company.uuid)).toMatchObject({
      planCode: 'growth',
      downgradePlanCode: 'starter',
      downgradeAt: new Date('2026-04-02T09:00:00+00:00'),
    });
    expect(store.published[0].payload).toMatchObject({ plan: 'growth', features: { advanced_share_links: true } });
  });

  it('cancels a scheduled downgrade when the current plan is chosen again', async () => {
    await sut('starter');
    const plan = await sut('growth');
    expect(plan).toMatchObject({ code: 'growth', downgrades_to: undefined });
    expect(await companies.find(company.uuid)).toMatchObject({ downgradePlanCode: null, downgradeAt: null });
  });

  it('refuses an unknown plan or company, changing nothing', async () => {
    await expect(sut('platinum')).rejects.toMatchObject({ code: 'api.plan_not_found', reason: 'Unknown plan platinum' });
    company = aCompany();
    await expect(sut('growth')).rejects.toMatchObject({ code: 'api.company_not_found' });
    expect(store.published).toEqual([]);
  });

  it('is for operators', async () => {
    await expect(sut('unlimited', principalOf(aUser(company, { role: 'administrator' })))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
