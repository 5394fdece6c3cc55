import { randomSecret, memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aService, DEFAULT_AVATAR, principalOf, T0, aCompany, aUser } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import { ApiKeyVault } from '../../infrastructure/api-key-vault';
import { createCompany, type CreateCompanyInput } from './create-company';

describe('createCompany', () => {
  const clock = new FakeClock(T0);
  const vault = new ApiKeyVault(randomSecret(), randomSecret());
  const input: CreateCompanyInput = { name: 'Acme', adminName: 'Ada Admin', adminEmail: 'ada@acme.example', planCode: 'starter' };
  let companies: InMemoryCompanies;
  let users: InMemoryUsers;
  let apiKeys: InMemoryApiKeys;
  let store: MemoryStore<{ plans: InMemoryPlans; companies: InMemoryCompanies; users: InMemoryUsers; apiKeys: InMemoryApiKeys }>;
  const sut = (given: Partial<CreateCompanyInput> = {}, caller = aService()) =>
    createCompany({ store, vault, defaultAvatarUrl: DEFAULT_AVATAR, clock }, caller, { ...input, ...given });

  beforeEach(() => {
    companies = new InMemoryCompanies();
    users = new InMemoryUsers();
    apiKeys = new InMemoryApiKeys(users);
    store = memoryStore({ plans: new InMemoryPlans(), companies, users, apiKeys });
  });

  it('creates the company on its plan from now, its first administrator, and a key that works for them', async () => {
    const created = await sut();

    expect(created).toMatchObject({ created: true, api_key: expect.stringMatching(/^vik_/) });
    expect(await companies.find(created.company_uuid)).toMatchObject({ name: 'Acme', planCode: 'starter', planStartedAt: T0 });
    expect(await users.find(created.user_uuid)).toMatchObject({
      companyUuid: created.company_uuid,
      role: 'administrator',
      name: 'Ada Admin',
      email: 'ada@acme.example',
    });
    expect(await apiKeys.findOwnerByHash(vault.hash(created.api_key))).toMatchObject({ userUuid: created.user_uuid, companyUuid: created.company_uuid });
    expect(JSON.stringify([...apiKeys.state.values()])).not.toContain(created.api_key);
    expect(store.published.map((e) => [e.subject, e.payload])).toEqual([
      [
        'identity.company.created',
        {
          uuid: created.company_uuid,
          name: 'Acme',
          plan: 'starter',
          features: { advanced_share_links: false, interview_sms_notifications: false, api_access: true },
        },
      ],
      [
        'identity.user.created',
        expect.objectContaining({ uuid: created.user_uuid, role: 'administrator', avatar: DEFAULT_AVATAR, occurred_at: '2026-03-02T09:00:00+00:00' }),
      ],
    ]);
  });

  it('with an operator-chosen key, finds the same company again and leaves its key as it is', async () => {
    const first = await sut({ adminApiKey: 'bootstrap-key-1' });
    const published = store.published.length;

    const again = await sut({ adminApiKey: 'bootstrap-key-1' });

    expect(again).toEqual({ ...first, created: false });
    expect(companies.state.size).toBe(1);
    expect(store.published).toHaveLength(published);
  });

  it('with another operator-chosen key, hands the administrator that key and revokes the old one everywhere', async () => {
    const first = await sut({ adminApiKey: 'bootstrap-key-1' });

    const again = await sut({ adminApiKey: 'bootstrap-key-2' });

    expect(again).toMatchObject({ company_uuid: first.company_uuid, created: false });
    expect(await apiKeys.findOwnerByHash(vault.hash('bootstrap-key-1'))).toBeUndefined();
    expect(await apiKeys.findOwnerByHash(vault.hash('bootstrap-key-2'))).toMatchObject({ userUuid: first.user_uuid });
    expect(store.subjects().at(-1)).toBe('identity.api_key.revoked');
    expect(store.published.at(-1)?.payload).toMatchObject({ user_uuid: first.user_uuid, reason: 'rotated' });
  });

  it('refuses a plan the catalogue does not have, creating nothing', async () => {
    await expect(sut({ planCode: 'platinum' })).rejects.toMatchObject({ code: 'api.plan_not_found', reason: 'Unknown plan platinum' });
    expect(companies.state.size).toBe(0);
    expect(store.published).toEqual([]);
  });

  it('is for operators, not for any user', async () => {
    const company = aCompany();
    await expect(sut({}, principalOf(aUser(company, { role: 'administrator' })))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
