import { memoryStore } from '@vi/platform-testing';
import { aCompany, aUser, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryUsers } from '../../../test/fakes';
import { getUser } from './get-user';

describe('getUser', () => {
  const company = aCompany({ avatarUrl: 'https://cdn.example/acme.png' });
  const caller = aUser(company);
  const colleague = aUser(company, { name: 'Cole League', avatarUrl: 'https://cdn.example/cole.png' });
  const other = aUser(aCompany());
  const users = new InMemoryUsers(caller, colleague, other);
  const sut = (uuid: string) =>
    getUser({ store: memoryStore({ users, companies: new InMemoryCompanies(company) }), defaultAvatarUrl: DEFAULT_AVATAR }, principalOf(caller), uuid);

  it('shows a colleague with their company', async () => {
    expect(await sut(colleague.uuid)).toEqual({
      uuid: colleague.uuid,
      active: true,
      name: 'Cole League',
      email: colleague.email,
      role: 'standard',
      avatar: 'https://cdn.example/cole.png',
      company: { uuid: company.uuid, name: 'Acme', avatar: 'https://cdn.example/acme.png' },
      created_at: '2026-03-02T09:00:00+00:00',
      updated_at: '2026-03-02T09:00:00+00:00',
    });
  });

  it('answers 404 for a user of another company and for a deleted colleague', async () => {
    await expect(sut(other.uuid)).rejects.toMatchObject({ code: 'api.user_not_found' });
    await users.markDeleted(colleague.uuid, T0);
    await expect(sut(colleague.uuid)).rejects.toMatchObject({ code: 'api.user_not_found' });
  });
});
