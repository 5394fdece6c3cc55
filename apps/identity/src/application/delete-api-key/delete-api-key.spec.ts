import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { aCompany, anApiKey, aUser, principalOf } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryUsers } from '../../../test/fakes';
import { deleteApiKey } from './delete-api-key';

describe('deleteApiKey', () => {
  const company = aCompany();
  const [admin, pat] = [aUser(company, { role: 'administrator' }), aUser(company)];
  let apiKeys: InMemoryApiKeys;
  let store: MemoryStore<{ users: InMemoryUsers; apiKeys: InMemoryApiKeys }>;
  const sut = (userUuid: string, principal = principalOf(admin)) => deleteApiKey({ store }, principal, userUuid);

  beforeEach(() => {
    const users = new InMemoryUsers(admin, pat);
    apiKeys = new InMemoryApiKeys(users, anApiKey(pat, { keyHash: 'pat-key' }));
    store = memoryStore({ users, apiKeys });
  });

  it('removes the key and revokes it everywhere; a second time there is none', async () => {
    await sut(pat.uuid);
    expect(await apiKeys.findOwnerByHash('pat-key')).toBeUndefined();
    expect(store.published).toEqual([
      { subject: 'identity.api_key.revoked', payload: expect.objectContaining({ user_uuid: pat.uuid, company_uuid: company.uuid, reason: 'deleted' }) },
    ]);
    await expect(sut(pat.uuid)).rejects.toMatchObject({ code: 'api.integration_key_not_found' });
  });

  it('is for administrators', async () => {
    await expect(sut(pat.uuid, principalOf(pat))).rejects.toMatchObject({ code: 'api.administrator_required' });
    expect(await apiKeys.findOwnerByHash('pat-key')).toBeDefined();
  });
});
