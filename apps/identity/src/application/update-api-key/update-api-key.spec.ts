import { memoryStore, randomSecret, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, anApiKey, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryUsers } from '../../../test/fakes';
import { ApiKeyVault } from '../../infrastructure/api-key-vault';
import { updateApiKey, type UpdateApiKeyInput } from './update-api-key';

describe('updateApiKey', () => {
  const clock = new FakeClock(new Date(T0.getTime() + DAY));
  const vault = new ApiKeyVault(randomSecret(), randomSecret());
  const company = aCompany();
  const [admin, pat] = [aUser(company, { role: 'administrator' }), aUser(company)];
  let apiKeys: InMemoryApiKeys;
  let store: MemoryStore<{ users: InMemoryUsers; apiKeys: InMemoryApiKeys }>;
  const sut = (input: Omit<UpdateApiKeyInput, 'userUuid'>, principal = principalOf(admin)) =>
    updateApiKey({ store, vault, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, { userUuid: pat.uuid, ...input });

  beforeEach(() => {
    const users = new InMemoryUsers(admin, pat);
    apiKeys = new InMemoryApiKeys(users, anApiKey(pat, { keyHash: vault.hash('vik_old'), keyCiphertext: vault.encrypt('vik_old') }));
    store = memoryStore({ users, apiKeys });
  });

  it('changes the description and keeps the key working', async () => {
    expect(await sut({ description: 'ATS sync', rotate: false })).toMatchObject({
      key: 'vik_old',
      description: 'ATS sync',
      updated_at: '2026-03-03T09:00:00+00:00',
    });
    expect(await apiKeys.findOwnerByHash(vault.hash('vik_old'))).toBeDefined();
    expect(store.published).toEqual([]);
  });

  it('rotates: a new value works, the old one no longer does, and gateways are told to forget it', async () => {
    const rotated = await sut({ rotate: true });

    expect(rotated.key).not.toBe('vik_old');
    expect(await apiKeys.findOwnerByHash(vault.hash(rotated.key))).toMatchObject({ userUuid: pat.uuid });
    expect(await apiKeys.findOwnerByHash(vault.hash('vik_old'))).toBeUndefined();
    expect(store.published).toEqual([{ subject: 'identity.api_key.revoked', payload: expect.objectContaining({ user_uuid: pat.uuid, reason: 'rotated' }) }]);
  });

  it('is for administrators', async () => {
    await expect(sut({ rotate: true }, principalOf(pat))).rejects.toMatchObject({ code: 'api.administrator_required' });
  });
});
