import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, anApiKey, aService, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryApiKeys, InMemoryUsers } from '../../../test/fakes';
import { ERASED_NAME, erasedEmail, eraseJobSeeker } from './erase-job-seeker';

describe('eraseJobSeeker', () => {
  const clock = new FakeClock(new Date(T0.getTime() + DAY));
  const seeker = aJobSeekerUser({ email: 'sam@seeker.example', avatarUrl: 'https://cdn.example/sam.png' });
  let users: InMemoryUsers;
  let store: MemoryStore<{ users: InMemoryUsers; apiKeys: InMemoryApiKeys }>;
  const sut = (email: string, caller = aService()) => eraseJobSeeker({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, caller, email);

  beforeEach(() => {
    users = new InMemoryUsers(seeker);
    store = memoryStore({ users, apiKeys: new InMemoryApiKeys(users, anApiKey(seeker)) });
  });

  it('replaces their name and email everywhere, deletes them and revokes their key', async () => {
    const erased = await sut('SAM@seeker.example');

    expect(erased).toEqual({ uuid: seeker.uuid, name: ERASED_NAME, email: erasedEmail(seeker.uuid), avatar: DEFAULT_AVATAR });
    expect(await users.find(seeker.uuid)).toBeUndefined();
    expect(JSON.stringify([...users.state.values()])).not.toContain('sam@seeker.example');
    expect(store.published.map((e) => [e.subject, e.payload])).toEqual([
      ['identity.user.updated', expect.objectContaining({ uuid: seeker.uuid, name: ERASED_NAME, email: erasedEmail(seeker.uuid), avatar: DEFAULT_AVATAR })],
      ['identity.user.deleted', expect.objectContaining({ uuid: seeker.uuid, name: ERASED_NAME, occurred_at: '2026-03-03T09:00:00+00:00' })],
      ['identity.api_key.revoked', { key_uuid: expect.any(String), user_uuid: seeker.uuid, company_uuid: null, reason: 'user_deleted' }],
    ]);
  });

  it('finds no company user by that email, nor anyone twice', async () => {
    const company = aCompany();
    await users.insert(aUser(company, { email: 'pat@acme.example' }));
    await expect(sut('pat@acme.example')).rejects.toMatchObject({ code: 'api.user_not_found' });
    await sut('sam@seeker.example');
    await expect(sut('sam@seeker.example')).rejects.toMatchObject({ code: 'api.user_not_found' });
  });

  it('is for operators', async () => {
    await expect(sut('sam@seeker.example', principalOf(aUser(aCompany(), { role: 'administrator' })))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
