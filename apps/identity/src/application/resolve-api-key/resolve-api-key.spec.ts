import { generateApiKey } from '@vi/contracts';
import { memoryStore, randomSecret } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, anApiKey, aService, aUser, MINUTE, principalOf, T0 } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import { ApiKeyVault } from '../../infrastructure/api-key-vault';
import { resolveApiKey } from './resolve-api-key';

describe('resolveApiKey', () => {
  const clock = new FakeClock(T0);
  const vault = new ApiKeyVault(randomSecret(), randomSecret());
  const gateway = aService('gateway');
  const [growth, essentials] = [aCompany({ planCode: 'growth' }), aCompany({ planCode: 'essentials' })];
  const [admin, disabled, noApi, seeker] = [aUser(growth, { role: 'administrator' }), aUser(growth, { active: false }), aUser(essentials), aJobSeekerUser()];
  const keys = Object.fromEntries([admin, disabled, noApi, seeker].map((u) => [u.uuid, generateApiKey()]));
  const users = new InMemoryUsers(admin, disabled, noApi, seeker);
  const apiKeys = new InMemoryApiKeys(users, ...[admin, disabled, noApi, seeker].map((u) => anApiKey(u, { keyHash: vault.hash(keys[u.uuid]) })));
  const sut = (apiKey: string, caller = gateway) =>
    resolveApiKey(
      { store: memoryStore({ apiKeys, companies: new InMemoryCompanies(growth, essentials), plans: new InMemoryPlans() }), vault, clock },
      caller,
      apiKey,
    );
  const lastUsed = async (user: { uuid: string }) => (await apiKeys.findByUser(user.uuid))?.lastUsedAt;

  it('answers who a key acts for', async () => {
    expect(await sut(keys[admin.uuid])).toEqual({
      key_uuid: expect.any(String),
      user_uuid: admin.uuid,
      company_uuid: growth.uuid,
      role: 'administrator',
      user_type: 'company_user',
    });
    expect(await sut(keys[seeker.uuid])).toEqual({
      key_uuid: expect.any(String),
      user_uuid: seeker.uuid,
      company_uuid: undefined,
      role: undefined,
      user_type: 'job_seeker',
    });
  });

  it('records when a key was last used, at most once a minute', async () => {
    clock.set(T0);
    await sut(keys[admin.uuid]);
    expect(await lastUsed(admin)).toEqual(T0);
    clock.advance(MINUTE);
    await sut(keys[admin.uuid]);
    expect(await lastUsed(admin)).toEqual(T0);
    clock.advance(1000);
    await sut(keys[admin.uuid]);
    expect(await lastUsed(admin)).toEqual(clock.now());
  });

  it("tells an unknown, a malformed, a disabled user's and a plan-less key apart", async () => {
    await expect(sut(generateApiKey())).rejects.toMatchObject({ code: 'api.key_invalid' });
    await expect(sut('not a key')).rejects.toMatchObject({ code: 'api.key_invalid' });
    await expect(sut(keys[disabled.uuid])).rejects.toMatchObject({ code: 'api.key_disabled' });
    await expect(sut(keys[noApi.uuid])).rejects.toMatchObject({ code: 'api.plan_no_api_access' });
  });

  it('refuses the key of a deleted user as unknown', async () => {
    const gone = aUser(growth);
    await users.insert(gone);
    const key = generateApiKey();
    await apiKeys.insert(anApiKey(gone, { keyHash: vault.hash(key) }));
    await users.markDeleted(gone.uuid, T0);
    await expect(sut(key)).rejects.toMatchObject({ code: 'api.key_invalid' });
  });

  it('is asked by the gateway (a service), never by a user', async () => {
    await expect(sut(keys[admin.uuid], principalOf(admin))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
