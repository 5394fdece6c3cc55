import { memoryStore } from '@vi/platform-testing';
import { aCompany, aService, aUser, principalOf } from '../../../test/factories';
import { InMemoryPlans } from '../../../test/fakes';
import { listPlans } from './list-plans';

describe('listPlans', () => {
  const sut = (caller = aService()) => listPlans({ store: memoryStore({ plans: new InMemoryPlans() }) }, caller);

  it('lists the catalogue from the smallest plan up', async () => {
    expect((await sut()).plans.map((p) => [p.code, p.users_limit])).toEqual([
      ['essentials', 1],
      ['starter', 2],
      ['growth', 10],
      ['unlimited', -1],
    ]);
  });

  it('is for operators', async () => {
    await expect(sut(principalOf(aUser(aCompany(), { role: 'administrator' })))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
