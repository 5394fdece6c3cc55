import { memoryStore } from '@vi/platform-testing';
import { aCompany, aJobSeekerUser, aUser, DEFAULT_AVATAR, principalOf } from '../../../test/factories';
import { InMemoryCompanies } from '../../../test/fakes';
import type { UserPrincipal } from '@vi/platform-grpc';
import { getCompany } from './get-company';

describe('getCompany', () => {
  const company = aCompany({ website: 'https://acme.example', social: { twitter: '@acme' }, industry: { uuid: 'i1', name: 'Manufacturing' } });
  const other = aCompany();
  const sut = (principal: UserPrincipal, uuid: string) =>
    getCompany({ store: memoryStore({ companies: new InMemoryCompanies(company, other) }), defaultAvatarUrl: DEFAULT_AVATAR }, principal, uuid);

  it('shows a user their own company, every social link present (empty when not set)', async () => {
    expect(await sut(principalOf(aUser(company)), company.uuid)).toEqual({
      uuid: company.uuid,
      name: 'Acme',
      website: 'https://acme.example',
      summary: '',
      created_at: '2026-03-02T09:00:00+00:00',
      updated_at: '2026-03-02T09:00:00+00:00',
      avatar: DEFAULT_AVATAR,
      horizontal_logo: '',
      social: { facebook: '', twitter: '@acme', youtube: '', gplus: '', pintrest: '', rss: '' },
      location: undefined,
      video: undefined,
      industry: { uuid: 'i1', name: 'Manufacturing' },
    });
  });

  it('answers 404 for any other company, existing or not', async () => {
    await expect(sut(principalOf(aUser(company)), other.uuid)).rejects.toMatchObject({ code: 'api.company_not_found' });
    await expect(sut(principalOf(aJobSeekerUser()), company.uuid)).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
