import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aUser, DAY, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import type { Company } from '../../domain/user';
import { getPlan } from './get-plan';

describe('getPlan', () => {
  const clock = new FakeClock(T0);
  const downgradeAt = new Date('2026-04-02T09:00:00+00:00');
  const sut = (company: Company) => {
    const user = aUser(company);
    const store = memoryStore({ companies: new InMemoryCompanies(company), plans: new InMemoryPlans(), users: new InMemoryUsers(user) });
    return getPlan({ store, clock }, principalOf(user));
  };

  it('renews monthly on the day the plan started', async () => {
    clock.set(new Date(T0.getTime() + 40 * DAY));
    expect(await sut(aCompany())).toMatchObject({ code: 'growth', started_at: '2026-03-02T09:00:00+00:00', renews_at: '2026-05-02T09:00:00+00:00' });
  });

  it('shows a scheduled downgrade until its date, then the smaller plan from that date', async () => {
    const company = aCompany({ planCode: 'growth', downgradePlanCode: 'starter', downgradeAt });

    clock.set(new Date(downgradeAt.getTime() - 1000));
    expect(await sut(company)).toMatchObject({
      code: 'growth',
      downgrades_to: { name: 'Starter', at: '2026-04-02T09:00:00+00:00' },
      users: { limit: 10, remaining: 9 },
    });

    clock.set(downgradeAt);
    expect(await sut(company)).toMatchObject({
      code: 'starter',
      started_at: '2026-04-02T09:00:00+00:00',
      renews_at: '2026-05-02T09:00:00+00:00',
      downgrades_to: undefined,
      users: { limit: 2, remaining: 1 },
    });
  });

  it('counts paid extra users, and shows unlimited as -1', async () => {
    expect(await sut(aCompany({ planCode: 'starter', usersPaid: 3 }))).toMatchObject({ users: { limit: 2, paid: 3, remaining: 4 } });
    expect(await sut(aCompany({ planCode: 'unlimited' }))).toMatchObject({ users: { limit: -1, remaining: -1 }, jobs: { limit: -1, remaining: -1 } });
  });
});
