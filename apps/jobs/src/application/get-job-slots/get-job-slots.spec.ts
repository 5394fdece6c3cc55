import { memoryStore } from '@vi/platform-testing';
import { aCaller, aCompanyUser, aJob, aJobSeeker, IdentityTable } from '../../../test/factories';
import { InMemoryCounters } from '../../../test/fakes';
import { getJobSlots } from './get-job-slots';

describe('getJobSlots', () => {
  const user = aCompanyUser();
  const company = user.companyUuid!;
  const identity = new IdentityTable();
  const counters = new InMemoryCounters(
    ...['active', 'active', 'active', 'inactive'].map((status) => aJob({ companyUuid: company, status: status as 'active' | 'inactive' })),
  );
  const sut = (caller = aCaller(user)) => getJobSlots({ store: memoryStore({ counters }), identity }, caller);

  it("counts the plan's active slots left; inactive jobs take none", async () => {
    identity.limits.set(company, 5);
    expect(await sut()).toEqual({ limit: 5, remaining: 2 });
  });

  it('shows none left, never fewer, when a smaller plan holds more active jobs than it allows', async () => {
    identity.limits.set(company, 2);
    expect(await sut()).toEqual({ limit: 2, remaining: 0 });
  });

  it('is -1 for an unlimited plan', async () => {
    identity.limits.set(company, -1);
    expect(await sut()).toEqual({ limit: -1, remaining: -1 });
  });

  it('is only for company users (403)', async () => {
    await expect(sut(aCaller(aJobSeeker()))).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
