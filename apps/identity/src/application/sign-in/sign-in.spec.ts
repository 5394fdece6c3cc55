import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, aService, aUser, HOUR, principalOf, T0 } from '../../../test/factories';
import { InMemoryPasswords, InMemorySessions, InMemorySignInFailures, InMemoryUsers } from '../../../test/fakes';
import type { User } from '../../domain/user';
import { CURRENT_SCRYPT_PARAMS, PasswordHasher } from '../../infrastructure/password-hasher';
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
  let failures: InMemorySignInFailures;
  let store: MemoryStore<{ passwords: InMemoryPasswords; sessions: InMemorySessions; signInFailures: InMemorySignInFailures }>;
  const LIMIT = 3;
  const WINDOW_MS = 15 * 60_000;
  const sut = (email: string, password: string, hasher = cheap, caller = aService('gateway')) =>
    signIn(
      { store, hasher, sessionLifetime: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR }, signInWindow: { limit: LIMIT, windowMs: WINDOW_MS }, clock },
      caller,
      { email, password },
    );
  const outcome = (email: string, password: string, hasher = cheap) =>
    sut(email, password, hasher).then(
      () => 'signed in',
      (error: { code: string; retryAfterSeconds?: number }) => `${error.code}${error.retryAfterSeconds ? ` retry ${error.retryAfterSeconds}` : ''}`,
    );

  beforeEach(async () => {
    pat = aUser(aCompany(), { email: 'pat@acme.example' });
    const seeker = aJobSeekerUser({ email: 'sam@seeker.example' });
    users = new InMemoryUsers(pat, seeker);
    passwords = new InMemoryPasswords(users);
    sessions = new InMemorySessions(users);
    await passwords.upsert(pat.uuid, await cheap.hash(STRONG));
    await passwords.upsert(seeker.uuid, await cheap.hash(STRONG));
    failures = new InMemorySignInFailures();
    store = memoryStore({ passwords, sessions, signInFailures: failures });
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

  describe('failures counted per account (decision 034)', () => {
    it('locks an account after its failures, the right password included, until its window ends; a success starts it afresh', async () => {
      for (let i = 0; i < LIMIT; i++) expect(await outcome('pat@acme.example', `wrong-${i}`)).toBe('api.sign_in_failed');
      expect(await outcome('pat@acme.example', STRONG)).toBe(`api.too_many_requests retry ${WINDOW_MS / 1000}`);
      clock.advance(WINDOW_MS);
      expect(await outcome('pat@acme.example', STRONG)).toBe('signed in');
      expect(failures.state.has(pat.uuid)).toBe(false);
    });

    it("another company's user with the same address signing in does not reset the victim's count", async () => {
      const mallory = aUser(aCompany(), { email: 'PAT@acme.example' });
      await users.insert(mallory);
      await passwords.upsert(mallory.uuid, await cheap.hash(`${STRONG}-mallory`));
      for (let i = 0; i < LIMIT - 1; i++) expect(await outcome('pat@acme.example', `wrong-${i}`)).toBe('api.sign_in_failed');
      expect(await outcome('pat@acme.example', `${STRONG}-mallory`)).toBe('signed in');
      expect(failures.state.get(pat.uuid)?.failures).toBe(LIMIT);
      // Pat's account is locked now: its password is not even tried, whatever Mallory's account allows.
      expect(await outcome('pat@acme.example', STRONG)).toBe('api.sign_in_failed');
      expect(sessions.state.size).toBe(1);
    });

    it('locks an address no user has exactly like a real one', async () => {
      for (let i = 0; i < LIMIT; i++) expect(await outcome('nobody@acme.example', `wrong-${i}`)).toBe('api.sign_in_failed');
      expect(await outcome('nobody@acme.example', STRONG)).toBe(`api.too_many_requests retry ${WINDOW_MS / 1000}`);
    });

    it('a parallel burst is counted before any password is checked: it stops at the limit', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => outcome('pat@acme.example', `wrong-${i}`)));
      expect(results.filter((r) => r === 'api.sign_in_failed')).toHaveLength(LIMIT);
      expect(results.filter((r) => r.startsWith('api.too_many_requests'))).toHaveLength(10 - LIMIT);
    });
  });

  it('refuses with 503 and Retry-After, before any work, when hashing is at capacity, and gives the attempt back (decision 035)', async () => {
    const narrow = new PasswordHasher(CURRENT_SCRYPT_PARAMS, { concurrency: 1, queue: 1 });
    // One hash runs, one waits, the third is refused.
    const results = await Promise.all(Array.from({ length: LIMIT }, (_, i) => outcome('pat@acme.example', `wrong-${i}`, narrow)));
    expect(results.sort()).toEqual(['api.sign_in_busy retry 1', 'api.sign_in_failed', 'api.sign_in_failed']);
    expect(failures.state.get(pat.uuid)?.failures).toBe(2);
  });
});
