import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, anApiKey, aSession, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryApiKeys, InMemorySessions, InMemoryUsers } from '../../../test/fakes';
import { deleteUser } from './delete-user';

describe('deleteUser', () => {
  const clock = new FakeClock(new Date(T0.getTime() + DAY));
  const company = aCompany();
  const admin = aUser(company, { role: 'administrator' });
  const pat = aUser(company);
  let users: InMemoryUsers;
  let apiKeys: InMemoryApiKeys;
  let sessions: InMemorySessions;
  let store: MemoryStore<{ users: InMemoryUsers; apiKeys: InMemoryApiKeys; sessions: InMemorySessions }>;
  const sut = (uuid: string, principal = principalOf(admin)) => deleteUser({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, uuid);

  beforeEach(async () => {
    users = new InMemoryUsers(admin, pat);
    apiKeys = new InMemoryApiKeys(users, anApiKey(pat, { keyHash: 'pat-key' }));
    sessions = new InMemorySessions(users);
    await sessions.insert({ ...aSession(pat), idHash: 'pat-session' });
    store = memoryStore({ users, apiKeys, sessions });
  });

  it('ends everything the user could authenticate with, and tells the other services', async () => {
    await sut(pat.uuid);

    expect(await users.find(pat.uuid)).toBeUndefined();
    expect(await apiKeys.findOwnerByHash('pat-key')).toBeUndefined();
    expect(await sessions.findByIdHash('pat-session')).toBeUndefined();
    expect(store.published.map((e) => [e.subject, e.payload])).toEqual([
      ['identity.user.deleted', expect.objectContaining({ uuid: pat.uuid, occurred_at: '2026-03-03T09:00:00+00:00' })],
      ['identity.api_key.revoked', expect.objectContaining({ user_uuid: pat.uuid, company_uuid: company.uuid, reason: 'user_deleted' })],
    ]);
  });

  it('deletes a user without a key with UserDeleted alone', async () => {
    await apiKeys.deleteByUser(pat.uuid);
    await sut(pat.uuid);
    expect(store.subjects()).toEqual(['identity.user.deleted']);
  });

  it('does not let an administrator delete themselves', async () => {
    await expect(sut(admin.uuid)).rejects.toMatchObject({ code: 'api.user_cannot_delete_self' });
    expect(await users.find(admin.uuid)).toBeDefined();
  });

  it('is for administrators, within their company', async () => {
    await expect(sut(admin.uuid, principalOf(pat))).rejects.toMatchObject({ code: 'api.administrator_required' });
    await expect(sut(aUser(aCompany()).uuid)).rejects.toMatchObject({ code: 'api.user_not_found' });
  });
});
