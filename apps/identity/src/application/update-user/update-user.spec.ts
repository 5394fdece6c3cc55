import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryPasswords, InMemorySessions, InMemorySetPasswordTokens, InMemoryUsers } from '../../../test/fakes';
import { bearerHash } from '../shared/bearer-hash';
import type { UserPrincipal } from '@vi/platform-grpc';
import { updateUser, type UpdateUserInput } from './update-user';

describe('updateUser', () => {
  const clock = new FakeClock(new Date(T0.getTime() + DAY));
  const company = aCompany();
  const admin = aUser(company, { role: 'administrator' });
  const pat = aUser(company, { name: 'Pat', email: 'pat@acme.example' });
  const kim = aUser(company, { name: 'Kim', email: 'kim@acme.example' });
  let users: InMemoryUsers;
  let tokens: InMemorySetPasswordTokens;
  let sessions: InMemorySessions;
  let passwords: InMemoryPasswords;
  let store: MemoryStore<{
    users: InMemoryUsers;
    companies: InMemoryCompanies;
    setPasswordTokens: InMemorySetPasswordTokens;
    sessions: InMemorySessions;
    passwords: InMemoryPasswords;
  }>;
  const sut = (principal: UserPrincipal, input: UpdateUserInput) => updateUser({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, input);

  beforeEach(() => {
    users = new InMemoryUsers(admin, pat, kim);
    tokens = new InMemorySetPasswordTokens();
    sessions = new InMemorySessions(users);
    passwords = new InMemoryPasswords(users);
    store = memoryStore({ users, companies: new InMemoryCompanies(company), setPasswordTokens: tokens, sessions, passwords });
  });

  it('lets an administrator rename a user; the change shows and goes on the bus at the time it was made', async () => {
    const updated = await sut(principalOf(admin), { userUuid: pat.uuid, name: 'Patricia' });

    expect(updated).toMatchObject({
      name: 'Patricia',
      email: 'pat@acme.example',
      updated_at: '2026-03-03T09:00:00+00:00',
      created_at: '2026-03-02T09:00:00+00:00',
    });
    expect(await users.find(pat.uuid)).toMatchObject({ name: 'Patricia' });
    expect(store.published).toEqual([
      { subject: 'identity.user.updated', payload: expect.objectContaining({ uuid: pat.uuid, name: 'Patricia', occurred_at: '2026-03-03T09:00:00+00:00' }) },
    ]);
  });

  it('lets a user change their own email, also only its case', async () => {
    await expect(sut(principalOf(pat), { userUuid: pat.uuid, email: 'PAT@acme.example' })).resolves.toMatchObject({ email: 'PAT@acme.example' });
    await expect(sut(principalOf(pat), { userUuid: pat.uuid, email: 'patricia@acme.example' })).resolves.toMatchObject({ email: 'patricia@acme.example' });
  });

  describe('a new address ends what the old one holds', () => {
    const later = new Date(T0.getTime() + 30 * DAY);
    const aLink = (userUuid: string, token: string) => tokens.insert({ tokenHash: bearerHash(token), userUuid, expiresAt: later, createdAt: T0 });
    const aSession = (userUuid: string, uuid: string) =>
      sessions.insert({ uuid, userUuid, idHash: `hash-${uuid}`, createdAt: T0, lastSeenAt: T0, expiresAt: later });

    beforeEach(async () => {
      await aLink(pat.uuid, 'sent-to-the-typo');
      await aLink(pat.uuid, 'reset-sent-to-the-typo');
      await aLink(kim.uuid, 'kims-own');
      await aSession(pat.uuid, 'pat-session');
      await aSession(kim.uuid, 'kim-session');
    });

    it('spends every link of the user and ends their sessions; a user without a password gets a fresh link at the new address', async () => {
      await sut(principalOf(admin), { userUuid: pat.uuid, email: 'pat.corrected@acme.example' });

      expect(await tokens.consume(bearerHash('sent-to-the-typo'), clock.now())).toBeUndefined();
      expect(await tokens.consume(bearerHash('reset-sent-to-the-typo'), clock.now())).toBeUndefined();
      expect([...sessions.state.keys()]).toEqual(['kim-session']);
      expect(store.published.map((e) => e.subject)).toEqual(['identity.user.updated', 'identity.session.revoked', 'identity.user.set_password_requested']);
      expect(store.published[1].payload).toEqual({ user_uuid: pat.uuid, reason: 'email_changed' });
      expect(store.published[2].payload).toMatchObject({ uuid: pat.uuid, email: 'pat.corrected@acme.example' });
      expect(await tokens.consume(bearerHash('kims-own'), clock.now())).toBe(kim.uuid);
    });

    it('sends no new link to a user who has a password', async () => {
      await passwords.upsert(pat.uuid, { algorithm: 'scrypt', params: { N: 2, r: 1, p: 1, keylen: 32 }, salt: 's', hash: 'h' });
      await sut(principalOf(pat), { userUuid: pat.uuid, email: 'patricia@acme.example' });
      expect(store.published.map((e) => e.subject)).toEqual(['identity.user.updated', 'identity.session.revoked']);
      expect(await tokens.consume(bearerHash('sent-to-the-typo'), clock.now())).toBeUndefined();
    });

    it('keeps links and sessions when only the name or the case of the address changes', async () => {
      await sut(principalOf(admin), { userUuid: pat.uuid, name: 'Patricia', email: 'PAT@acme.example' });
      expect(store.published.map((e) => e.subject)).toEqual(['identity.user.updated']);
      expect([...sessions.state.keys()].sort()).toEqual(['kim-session', 'pat-session']);
      expect(await tokens.consume(bearerHash('sent-to-the-typo'), clock.now())).toBe(pat.uuid);
    });
  });

  it('does not let a standard user change someone else', async () => {
    await expect(sut(principalOf(pat), { userUuid: kim.uuid, name: 'Not Kim' })).rejects.toMatchObject({ code: 'api.administrator_required' });
    expect(await users.find(kim.uuid)).toMatchObject({ name: 'Kim' });
  });

  it("refuses a colleague's email, in any case, and publishes nothing", async () => {
    await expect(sut(principalOf(admin), { userUuid: pat.uuid, email: 'KIM@acme.example' })).rejects.toMatchObject({ code: 'api.user_email_taken' });
    expect(store.published).toEqual([]);
  });

  it('answers 404 for a user of another company', async () => {
    const stranger = aUser(aCompany());
    users.state.set(stranger.uuid, { user: stranger, deletedAt: null });
    await expect(sut(principalOf(admin), { userUuid: stranger.uuid, name: 'X' })).rejects.toMatchObject({ code: 'api.user_not_found' });
  });
});
