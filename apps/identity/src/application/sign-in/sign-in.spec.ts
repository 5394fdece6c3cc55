import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, aService, aUser, HOUR, principalOf, T0 } from '../../../test/factories';
import { InMemoryPasswords, InMemorySessions, InMemoryUsers } from '../../../test/fakes';
import type { User } from '../../domain/user';
import { PasswordHasher } from '../../infrastructure/password-hasher';
import { bearerHash } from '../shared/bearer-hash';
import { signIn } from './sign-in';

const STRONG = 'violet-harbour-lantern-42';

describe('signIn', () => {
  const clock = new FakeClock(T0);
  const cheap = new PasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 });
  let pat: User;
  let users: InMemoryUsers;
  let passwords: InMemoryPasswords;
  let sessions: InMemorySessions;
  let store: MemoryStore<{ passwords: InMemoryPasswords; sessions: InMemorySessions }>;
  const sut = (email: string, password: string, hasher = cheap, caller = aService('gateway')) =>
    signIn({ store, hasher, sessionLifetime: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR }, clock }, caller, { email, password });

  beforeEach(async () => {
    pat = aUser(aCompany(), { email: 'pat@acme.example' });
    const seeker = aJobSeekerUser({ email: 'sam@seeker.example' });
    users = new InMemoryUsers(pat, seeker);
    passwords = new InMemoryPasswords(users);
    sessions = new InMemorySessions(users);
    await passwords.upsert(pat.uuid, await cheap.hash(STRONG));
    await passwords.upsert(seeker.uuid, await cheap.hash(STRONG));
    store = memoryStore({ passwords, sessions });
  });

  it('starts a session for the right password, the email in any case', async () => {
    const signedIn = await sut('PAT@acme.example', STRONG);
    expect(signedIn.session).toMatchObject({ user_uuid: pat.uuid, expires_at: '2026-03-02T21:00:00+00:00' });
    expect(await sessions.findByIdHash(bearerHash(signedIn.session_id))).toMatchObject({ user: { uuid: pat.uuid } });
  });

  it('fails alike for a wrong password, an unknown email, a job seeker and a disabled user', async () => {
    const disabled = aUser(aCompany(), { email: 'off@acme.example', active: false });
    await users.insert(disabled);
    await passwords.upsert(disabled.uuid, await cheap.hash(STRONG));
    for (const [email, password] of [
      ['pat@acme.example', `${STRONG}x`],
      ['nobody@acme.example', STRONG],
      ['sam@seeker.example', STRONG],
      ['off@acme.example', STRONG],
    ]) {
      await expect(sut(email, password)).rejects.toMatchObject({ code: 'api.sign_in_failed', reason: 'The email or the password is not correct' });
    }
    expect(sessions.state.size).toBe(0);
  });

  it("raises a hash made with weaker parameters to today's at sign-in", async () => {
    const stronger = new PasswordHasher({ N: 2048, r: 8, p: 1, keylen: 32 });
    await sut('pat@acme.example', STRONG, stronger);
    expect(passwords.state.get(pat.uuid)?.params).toEqual({ N: 2048, r: 8, p: 1, keylen: 32 });
  });

  it('is asked by the gateway only', async () => {
    await expect(sut('pat@acme.example', STRONG, cheap, principalOf(pat))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
