import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aService, aSession, aUser, DAY, HOUR, T0 } from '../../../test/factories';
import { InMemoryPasswords, InMemorySessions, InMemorySetPasswordTokens, InMemoryUsers } from '../../../test/fakes';
import type { User } from '../../domain/user';
import { PasswordHasher } from '../../infrastructure/password-hasher';
import { bearerHash } from '../shared/bearer-hash';
import { setPassword } from './set-password';

const STRONG = 'violet-harbour-lantern-42';

describe('setPassword', () => {
  const clock = new FakeClock(T0);
  const hasher = new PasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 });
  const gateway = aService('gateway');
  let pat: User;
  let users: InMemoryUsers;
  let tokens: InMemorySetPasswordTokens;
  let passwords: InMemoryPasswords;
  let sessions: InMemorySessions;
  let store: MemoryStore<{ setPasswordTokens: InMemorySetPasswordTokens; users: InMemoryUsers; passwords: InMemoryPasswords; sessions: InMemorySessions }>;
  const sut = (token: string, password = STRONG) =>
    setPassword({ store, hasher, sessionLifetime: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR }, clock }, gateway, { token, password });
  const link = (token: string, user = pat, expiresAt = new Date(T0.getTime() + 7 * DAY)) =>
    tokens.insert({ tokenHash: bearerHash(token), userUuid: user.uuid, expiresAt, createdAt: T0 });

  beforeEach(async () => {
    clock.set(T0);
    pat = aUser(aCompany());
    users = new InMemoryUsers(pat);
    tokens = new InMemorySetPasswordTokens();
    passwords = new InMemoryPasswords(users);
    sessions = new InMemorySessions(users);
    store = memoryStore({ setPasswordTokens: tokens, users, passwords, sessions });
    await link('token-1');
  });

  it('sets the password and signs the user in for 12 hours at most', async () => {
    const signedIn = await sut('token-1');

    expect(signedIn).toEqual({
      session_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      session: {
        session_uuid: expect.any(String),
        user_uuid: pat.uuid,
        company_uuid: pat.companyUuid,
        role: 'standard',
        user_type: 'company_user',
        ends_at: '2026-03-02T11:00:00+00:00',
        expires_at: '2026-03-02T21:00:00+00:00',
      },
    });
    const [candidate] = await passwords.findSignInCandidates(pat.email);
    expect(await hasher.verify(STRONG, candidate.password)).toBe(true);
    expect(await sessions.findByIdHash(bearerHash(signedIn.session_id))).toBeDefined();
  });

  it('refuses a weak password with its reason, and the link still works afterwards', async () => {
    await expect(sut('token-1', 'short')).rejects.toMatchObject({ code: 'api.password_too_short', reason: 'The password must be at least 12 characters long' });
    await expect(sut('token-1', 'Password1234')).rejects.toMatchObject({ code: 'api.password_too_common' });
    await expect(sut('token-1')).resolves.toBeDefined();
  });

  it('takes a link once, not after 7 days, and never one it did not issue', async () => {
    await sut('token-1');
    await expect(sut('token-1')).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });

    await link('token-2');
    clock.advance(7 * DAY);
    await expect(sut('token-2')).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });
    await expect(sut('never-issued')).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });
  });

  it("ends the user's other links and sessions: whoever knew the old password is out", async () => {
    await link('token-2');
    await sessions.insert({ ...aSession(pat), idHash: 'old-session' });

    await sut('token-1');

    expect(await sessions.findByIdHash('old-session')).toBeUndefined();
    await expect(sut('token-2')).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });
    expect(store.published).toEqual([{ subject: 'identity.session.revoked', payload: { user_uuid: pat.uuid, reason: 'password_set' } }]);
  });

  it('refuses the link of a deleted or disabled user', async () => {
    await users.markDeleted(pat.uuid, T0);
    await expect(sut('token-1')).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });
  });
});
