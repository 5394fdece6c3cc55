import { memoryStore } from '@vi/platform-testing';
import { aCompany, aJobSeekerUser, aUser, DEFAULT_AVATAR, HOUR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryUsers } from '../../../test/fakes';
import { listUsers } from './list-users';

describe('listUsers', () => {
  const company = aCompany();
  const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
  const [first, second, third] = [0, 1, 2].map((h) => aUser(company, { name: `User ${h}`, createdAt: at(h), updatedAt: at(h) }));
  const users = new InMemoryUsers(third, first, aUser(aCompany()), second);
  const sut = (rangeFrom: number, rangeTo: number, principal = principalOf(first)) =>
    listUsers({ store: memoryStore({ users, companies: new InMemoryCompanies(company) }), defaultAvatarUrl: DEFAULT_AVATAR }, principal, {
      rangeFrom,
      rangeTo,
    });

  it("pages the company's users oldest first, with the total", async () => {
    const page = await sut(1, 2);
    expect(page.total).toBe(3);
    expect(page.users.map((u) => u.name)).toEqual(['User 1', 'User 2']);
    expect(page.users[0].company).toEqual({ uuid: company.uuid, name: 'Acme', avatar: DEFAULT_AVATAR });
  });

  it('leaves deleted users out of the page and the total', async () => {
    await users.markDeleted(second.uuid, at(5));
    expect(await sut(0, 9)).toMatchObject({ total: 2, users: [{ name: 'User 0' }, { name: 'User 2' }] });
  });

  it('is for company users', async () => {
    await expect(sut(0, 9, principalOf(aJobSeekerUser()))).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
