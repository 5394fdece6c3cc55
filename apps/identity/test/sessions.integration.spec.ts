import { randomSecret } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { createCompany } from '../src/application/create-company/create-company';
import { createUser } from '../src/application/create-user/create-user';
import { deleteUser } from '../src/application/delete-user/delete-user';
import { ensureJobSeeker } from '../src/application/ensure-job-seeker/ensure-job-seeker';
import { requestPasswordReset } from '../src/application/request-password-reset/request-password-reset';
import { resolveSession } from '../src/application/resolve-session/resolve-session';
import { issueSetPasswordLink, SET_PASSWORD_TOKEN_TTL_MS } from '../src/application/set-password-link/set-password-link';
import { setPassword } from '../src/application/set-password/set-password';
import { signIn } from '../src/application/sign-in/sign-in';
import { signOut } from '../src/application/sign-out/sign-out';
import { ApiKeyVault } from '../src/infrastructure/api-key-vault';
import { CURRENT_SCRYPT_PARAMS, PasswordHasher } from '../src/infrastructure/password-hasher';
import { aService, HOUR, T0 } from './factories';
import { openIdentityTestDatabase, type IdentityTestDatabase } from './test-database';

const operator = aService('test');
const gateway = aService('gateway');
const notifications = aService('notifications');
const STRONG = 'violet-harbour-lantern-42';

/** Passwords, set-password links and web sessions on a real database, with a clock the tests move. */
describe('identity: passwords and sessions', () => {
  let database: IdentityTestDatabase;
  const clock = new FakeClock(T0);
  // A cheap scrypt for speed (N = 2^10); one test uses today's parameters.
  const cheap = new PasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 });
  let deps: ReturnType<typeof makeDeps>;

  function makeDeps(hasher: PasswordHasher) {
    return {
      store: database.store,
      vault: new ApiKeyVault(randomSecret(), randomSecret()),
      defaultAvatarUrl: 'https://x/a.svg',
      publicBaseUrl: 'https://app.example',
      hasher,
      sessionLifetime: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
      signInWindow: { limit: 10, windowMs: 15 * 60_000 },
      clock,
    };
  }

  beforeAll(async () => {
    database = await openIdentityTestDatabase();
    deps = makeDeps(cheap);
  });
  beforeEach(() => {
    clock.set(T0);
  });
  afterAll(() => database.close());

  let companies = 0;
  /** A company user with a fresh set-password link; returns its token. */
  async function newUser(email = `user${++companies}@c${companies}.example`) {
    const company = await createCompany(deps, operator, { name: `C${++companies}`, adminName: 'A', adminEmail: `a@c${companies}.example`, planCode: 'growth' });
    const admin = { kind: 'user', userUuid: company.user_uuid, companyUuid: company.company_uuid, role: 'administrator', userType: 'company_user' } as const;
    const user = await createUser(deps, admin, { name: 'Pat', email, role: 'standard' });
    const { url } = await issueSetPasswordLink(deps, notifications, { userUuid: user.uuid, recipient: email });
    return { admin, user, token: new URL(url).searchParams.get('token')! };
  }

  it('stores scrypt with its parameters, salt and hash beside it, never the password; refuses weak ones in a sentence first', async () => {
    const d = makeDeps(new PasswordHasher());
    const { user, token } = await newUser();
    await expect(setPassword(d, gateway, { token, password: 'short' })).rejects.toMatchObject({
      code: 'api.password_too_short',
      reason: 'The password must be at least 12 characters long',
    });
    await expect(setPassword(d, gateway, { token, password: 'Password1234' })).rejects.toMatchObject({ code: 'api.password_too_common' });
    await expect(setPassword(d, gateway, { token, password: 'aaaaaaaaaaaaaaaa' })).rejects.toMatchObject({ code: 'api.password_too_common' });
    // A refused password leaves the link usable.
    const signedIn = await setPassword(d, gateway, { token, password: STRONG });
    expect(signedIn.session?.user_uuid).toBe(user.uuid);
    const row = await database.db.selectFrom('user_passwords').selectAll().where('user_uuid', '=', user.uuid).executeTakeFirstOrThrow();
    expect(row.algorithm).toBe('scrypt');
    expect(row.params).toEqual(CURRENT_SCRYPT_PARAMS);
    expect(Buffer.from(row.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(row.hash, 'base64')).toHaveLength(32);
    expect(JSON.stringify(await database.db.selectFrom('user_passwords').selectAll().execute())).not.toContain(STRONG);
    // Sessions are stored by hash only.
    expect(JSON.stringify(await database.db.selectFrom('sessions').selectAll().execute())).not.toContain(signedIn.session_id);
  });

  it('a link works once and for 7 days', async () => {
    const first = await newUser();
    await setPassword(deps, gateway, { token: first.token, password: STRONG });
    await expect(setPassword(deps, gateway, { token: first.token, password: `${STRONG}-again` })).rejects.toMatchObject({
      code: 'api.set_password_link_invalid',
    });
    const second = await newUser();
    clock.advance(SET_PASSWORD_TOKEN_TTL_MS);
    await expect(setPassword(deps, gateway, { token: second.token, password: STRONG })).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });
    await expect(setPassword(deps, gateway, { token: 'never-issued', password: STRONG })).rejects.toMatchObject({ code: 'api.set_password_link_invalid' });
  });

  it('signs in with the right password only; an unknown email, a wrong password and a job seeker fail alike', async () => {
    const { user, token, admin } = await newUser('same.person@shared.example');
    await setPassword(deps, gateway, { token, password: STRONG });
    const session = await signIn(deps, gateway, { email: 'Same.Person@shared.example', password: STRONG });
    expect((await resolveSession(deps, gateway, session.session_id)).user_uuid).toBe(user.uuid);
    await ensureJobSeeker(deps, admin, { name: 'S', email: 'seeker@shared.example' });
    const failures = await Promise.all([
      signIn(deps, gateway, { email: 'same.person@shared.example', password: `${STRONG}x` }).catch((e: unknown) => e),
      signIn(deps, gateway, { email: 'nobody@shared.example', password: STRONG }).catch((e: unknown) => e),
      signIn(deps, gateway, { email: 'seeker@shared.example', password: STRONG }).catch((e: unknown) => e),
    ]);
    for (const failure of failures) expect(failure).toMatchObject({ code: 'api.sign_in_failed', reason: 'The email or the password is not correct' });
  });

  it('counts failures per account in one upsert: a parallel burst stops at the limit, and a success clears only its own account (decision 034)', async () => {
    const victim = await newUser('shared.address@victim.example');
    await setPassword(deps, gateway, { token: victim.token, password: STRONG });
    const attempts = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        signIn(deps, gateway, { email: 'shared.address@victim.example', password: `wrong-${i}` }).catch((e: { code: string }) => e.code),
      ),
    );
    expect(attempts.filter((code) => code === 'api.sign_in_failed')).toHaveLength(10);
    expect(attempts.filter((code) => code === 'api.too_many_requests')).toHaveLength(15);
    const rows = () => database.db.selectFrom('sign_in_failures').selectAll().where('account', '=', victim.user.uuid).execute();
    expect((await rows()).map((r) => r.failures)).toEqual([10]);

    // Another company's user given the same address signs in: the victim's account stays locked.
    const other = await newUser('Shared.Address@victim.example');
    await setPassword(deps, gateway, { token: other.token, password: `${STRONG}-other` });
    expect((await signIn(deps, gateway, { email: 'shared.address@victim.example', password: `${STRONG}-other` })).session?.user_uuid).toBe(other.user.uuid);
    expect((await rows()).map((r) => r.failures)).toEqual([10]);
    await expect(signIn(deps, gateway, { email: 'shared.address@victim.example', password: STRONG })).rejects.toMatchObject({ code: 'api.sign_in_failed' });
    clock.advance(15 * 60_000);
    expect((await signIn(deps, gateway, { email: 'shared.address@victim.example', password: STRONG })).session?.user_uuid).toBe(victim.user.uuid);
    expect(await rows()).toEqual([]);
  });

  it('a session ends after 2 idle hours, and 12 hours after sign-in however busy; use moves the idle end', async () => {
    const { user, token } = await newUser();
    const { session_id: sessionId } = await setPassword(deps, gateway, { token, password: STRONG });
    for (let hour = 1.5; hour < 12; hour += 1.5) {
      clock.set(new Date(T0.getTime() + hour * HOUR));
      expect((await resolveSession(deps, gateway, sessionId)).expires_at).toBe('2026-03-02T21:00:00+00:00');
    }
    clock.set(new Date(T0.getTime() + 12 * HOUR));
    await expect(resolveSession(deps, gateway, sessionId)).rejects.toMatchObject({ code: 'api.session_invalid' });

    const idle = await signIn(deps, gateway, { email: user.email, password: STRONG });
    clock.advance(2 * HOUR - 1000);
    await resolveSession(deps, gateway, idle.session_id);
    clock.advance(2 * HOUR - 1000);
    await resolveSession(deps, gateway, idle.session_id);
    clock.advance(2 * HOUR);
    await expect(resolveSession(deps, gateway, idle.session_id)).rejects.toMatchObject({ code: 'api.session_invalid' });
  });

  it('sign-out, a new password and deleting the user end sessions, and say so on the bus', async () => {
    const { admin, user, token } = await newUser();
    const first = await setPassword(deps, gateway, { token, password: STRONG });
    const second = await signIn(deps, gateway, { email: user.email, password: STRONG });
    await signOut(deps, gateway, first.session_id);
    await expect(resolveSession(deps, gateway, first.session_id)).rejects.toMatchObject({ code: 'api.session_invalid' });
    await resolveSession(deps, gateway, second.session_id);

    // Forgot-password: a new link (issued when notifications sends the email), a new password, and the other session is over.
    await requestPasswordReset(deps, gateway, user.email.toUpperCase());
    const reset = (await database.outbox()).filter(
      (e) => e.subject === 'identity.user.password_reset_requested' && (e.payload as { uuid: string }).uuid === user.uuid,
    );
    expect(reset).toHaveLength(1);
    expect(reset[0].payload).not.toHaveProperty('set_password_url');
    const resetToken = new URL((await issueSetPasswordLink(deps, notifications, { userUuid: user.uuid, recipient: user.email })).url).searchParams.get(
      'token',
    )!;
    const third = await setPassword(deps, gateway, { token: resetToken, password: `${STRONG}-new` });
    await expect(resolveSession(deps, gateway, second.session_id)).rejects.toMatchObject({ code: 'api.session_invalid' });
    await expect(signIn(deps, gateway, { email: user.email, password: STRONG })).rejects.toMatchObject({ code: 'api.sign_in_failed' });

    await deleteUser(deps, admin, user.uuid);
    await expect(resolveSession(deps, gateway, third.session_id)).rejects.toMatchObject({ code: 'api.session_invalid' });
    await expect(signIn(deps, gateway, { email: user.email, password: `${STRONG}-new` })).rejects.toMatchObject({ code: 'api.sign_in_failed' });
    const revoked = (await database.outbox())
      .filter((e) => e.subject === 'identity.session.revoked' && (e.payload as { user_uuid: string }).user_uuid === user.uuid)
      .map((e) => e.payload);
    expect(revoked).toEqual([
      { user_uuid: user.uuid, session_uuid: first.session?.session_uuid, reason: 'signed_out' },
      { user_uuid: user.uuid, reason: 'password_set' },
    ]);
  });

  it("raises an outdated hash to today's parameters at the next sign-in", async () => {
    const { user, token } = await newUser();
    await setPassword(deps, gateway, { token, password: STRONG });
    const stronger = makeDeps(new PasswordHasher({ N: 2048, r: 8, p: 1, keylen: 32 }));
    await signIn(stronger, gateway, { email: user.email, password: STRONG });
    const row = await database.db.selectFrom('user_passwords').selectAll().where('user_uuid', '=', user.uuid).executeTakeFirstOrThrow();
    expect(row.params).toEqual({ N: 2048, r: 8, p: 1, keylen: 32 });
    await signIn(stronger, gateway, { email: user.email, password: STRONG });
  });
});
