import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import type { Principal } from '@vi/platform-grpc';
import { aCompany, aService, aUser, DAY, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryPlans } from '../../../test/fakes';
import { getCompanyPlan } from './get-company-plan';

describe('getCompanyPlan', () => {
  const clock = new FakeClock(T0);
  const company = aCompany({ planCode: 'growth', downgradePlanCode: 'essentials', downgradeAt: new Date(T0.getTime() + DAY) });
  const sut = (caller: Principal, uuid = company.uuid) =>
    getCompanyPlan({ store: memoryStore({ companies: new InMemoryCompanies(company), plans: new InMemoryPlans() }), clock }, caller, uuid);

  it('gives the services the plan in force, with its limits and features, a due downgrade applied', async () => {
    expect(await sut(aService('jobs'))).toEqual({
      code: 'growth',
      name: 'Growth',
      jobs_limit: 10,
      users_limit: 10,
      features: { advanced_share_links: true, interview_sms_notifications: true, api_access: true },
    });
    clock.advance(DAY);
    expect(await sut(aService('jobs'))).toMatchObject({ code: 'essentials', features: { api_access: false } });
  });

  it("lets a user read only their own company's plan", async () => {
    clock.set(T0);
    await expect(sut(principalOf(aUser(company)))).resolves.toMatchObject({ code: 'growth' });
    await expect(sut(principalOf(aUser(aCompany())))).rejects.toMatchObject({ code: 'api.company_not_found' });
    await expect(sut(aService('jobs'), aCompany().uuid)).rejects.toMatchObject({ code: 'api.company_not_found' });
  });
});
