import { memoryStore, randomSecret, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aUser, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { Company, User } from '../../domain/user';
import { createApiKey } from './create-api-key';

describe('createApiKey', () => {
  const clock = new FakeClock(T0);
  const vault = new ApiKeyVault(randomSecret(), randomSecret());
  let company: Company;
  let admin: User;
  let pat: User;
  let apiKeys: InMemoryApiKeys;
  let store: MemoryStore<{ users: InMemoryUsers; companies: InMemoryCompanies; plans: InMemoryPlans; apiKeys: InMemoryApiKeys }>;
  const sut = (userUuid: string, principal = principalOf(admin)) =>
    createApiKey({ store, vault, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, userUuid);
  const withPlan = (planCode: string) => {
    company = aCompany({ planCode });
    [admin, pat] = [aUser(company, { role: 'administrator' }), aUser(company, { name: 'Pat' })];
    const users = new InMemoryUsers(admin, pat);
    apiKeys = new InMemoryApiKeys(users);
    store = memoryStore({ users, companies: new InMemoryCompanies(company), plans: new InMemoryPlans(), apiKeys });
  };

  beforeEach(() => withPlan('growth'));

  it("mints a user's integration key, shown to the administrator once made, kept only hashed and encrypted", async () => {
    const key = await sut(pat.uuid);

    expect(key).toEqual({
      key: expect.stringMatching(/^vik_/),
      description: '',
      type: 'custom_integration',
      last_used_at: undefined,
      created_at: '2026-03-02T09:00:00+00:00',
      updated_at: '2026-03-02T09:00:00+00:00',
      user: { uuid: pat.uuid, name: 'Pat', email: pat.email, avatar: DEFAULT_AVATAR },
    });
    expect(await apiKeys.findOwnerByHash(vault.hash(key.key))).toMatchObject({ userUuid: pat.uuid });
    expect(JSON.stringify([...apiKeys.state.values()])).not.toContain(key.key);
    expect(store.published).toEqual([
      { subject: 'identity.api_key.created', payload: { key_uuid: expect.any(String), user_uuid: pat.uuid, company_uuid: company.uuid } },
    ]);
  });

  it('refuses a second key for the same user', async () => {
    await sut(pat.uuid);
    await expect(sut(pat.uuid)).rejects.toMatchObject({ code: 'api.integration_key_exists' });
  });

  it("refuses when the company's plan has no API access", async () => {
    withPlan('essentials');
    await expect(sut(pat.uuid)).rejects.toMatchObject({ code: 'api.plan_no_api_access' });
    expect(apiKeys.state.size).toBe(0);
  });

  it('is for administrators, for users of their company', async () => {
    await expect(sut(pat.uuid, principalOf(pat))).rejects.toMatchObject({ code: 'api.administrator_required' });
    await expect(sut(aUser(aCompany()).uuid)).rejects.toMatchObject({ code: 'api.user_not_found' });
  });
});
