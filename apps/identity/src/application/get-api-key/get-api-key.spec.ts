import { memoryStore } from '@vi/platform-testing';
import { randomSecret } from '@vi/platform-testing';
import { aCompany, anApiKey, aUser, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryUsers } from '../../../test/fakes';
import { ApiKeyVault } from '../../infrastructure/api-key-vault';
import { getApiKey } from './get-api-key';

describe('getApiKey', () => {
  const vault = new ApiKeyVault(randomSecret(), randomSecret());
  const company = aCompany();
  const [admin, pat, kim] = [aUser(company, { role: 'administrator' }), aUser(company), aUser(company)];
  const users = new InMemoryUsers(admin, pat, kim);
  const apiKeys = new InMemoryApiKeys(users, anApiKey(pat, { keyCiphertext: vault.encrypt('vik_pats-key'), lastUsedAt: T0 }));
  const sut = (principal: ReturnType<typeof principalOf>, userUuid: string) =>
    getApiKey({ store: memoryStore({ users, apiKeys }), vault, defaultAvatarUrl: DEFAULT_AVATAR }, principal, userUuid);

  it('reads the key back for an administrator and for its own user', async () => {
    await expect(sut(principalOf(admin), pat.uuid)).resolves.toMatchObject({
      key: 'vik_pats-key',
      last_used_at: '2026-03-02T09:00:00+00:00',
      user: { uuid: pat.uuid },
    });
    await expect(sut(principalOf(pat), pat.uuid)).resolves.toMatchObject({ key: 'vik_pats-key' });
  });

  it("does not show a standard user a colleague's key; a user without a key has none", async () => {
    await expect(sut(principalOf(kim), pat.uuid)).rejects.toMatchObject({ code: 'api.administrator_required' });
    await expect(sut(principalOf(admin), kim.uuid)).rejects.toMatchObject({ code: 'api.integration_key_not_found' });
  });
});
