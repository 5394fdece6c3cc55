import { InProcessBus, OutboxRelay, type BusMessage } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { SharedErrorCode } from '@vi/contracts';
import { createTestDatabase, randomSecret, type TestDatabase } from '@vi/platform-testing';
import { identityMigrations } from '../migrations';
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
import { IdentityErrorCode } from '../src/domain/identity.errors';
import { ApiKeyVault } from '../src/infrastructure/api-key-vault';
import type { IdentityDatabase } from '../src/infrastructure/identity.database';
import { createIdentityStore } from '../src/infrastructure/identity.store';
import { CURRENT_SCRYPT_PARAMS, PasswordHasher } from '../src/infrastructure/password-hasher';

const logger = createLogger('identity-test', 'silent');
const operator = { kind: 'service', service: 'test' } as const;
const gateway = { kind: 'service', service: 'gateway' } as const;
const HOUR = 3600_000;
const STRONG = 'violet-harbour-lantern-42';

/** Passwords, set-password links and web sessions on a real database, with a clock the tests move. */
const NOTIFICATIONS = { kind: 'service', service: 'notifications' } as const;

describe('identity: passwords and sessions', () => {
  let testDb: TestDatabase;
  let database: Database<IdentityDatabase>;
  let bus: InProcessBus;
  let relay: OutboxRelay;
  let clock: Date;
  // A cheap scrypt for speed (N = 2^10); one test uses today's parameters.
  const cheap = new PasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 });
  let deps: ReturnType<typeof makeDeps>;
  const events: BusMessage[] = [];

  function makeDeps(hasher: PasswordHasher) {
    return {
      store: createIdentityStore(database.db, relay),
      vault: new ApiKeyVault(randomSecret(), randomSecret()),
      defaultAvatarUrl: 'https://x/a.svg',
      publicBaseUrl: 'https://app.example',
      hasher,
      sessionLifetime: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
      now: () => clock,
    };
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase<IdentityDatabase>({ url: testDb.url, schema: 'identity', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'identity', identityMigrations, logger);
    bus = new InProcessBus(logger);
    relay = new OutboxRelay(database.db, bus, logger);
    await bus.subscribe({ subjects: ['identity.>'], handler: async (m) => void events.push(m) });
    deps = makeDeps(cheap);
  });
  beforeEach(() => {
    clock = new Date('2026-11-24T10:00:00Z');
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
    await testDb.drop();
  });

  let companies = 0;
  /** A company user with a fresh set-password link; returns its token. */
  async function newUser(email = `user${++companies}@c${companies}.example`) {
    const company = await createCompany(deps, operator, { name: `C${++companies}`, adminName: 'A', adminEmail: `a@c${companies}.example`, planCode: 'growth' });
    const admin = { kind: 'user', userUuid: company.userUuid, companyUuid: company.companyUuid, role: 'administrator', userType: 'company_user' } as const;
    const view = await createUser(deps, admin, { name: 'Pat', email, role: 'standard' });
    const url = await issueSetPasswordLink(deps, NOTIFICATIONS, view.user.uuid, clock);
    return { admin, user: view.user, token: new URL(url).searchParams.get('token')! };
  }

  it('stores scrypt with its parameters, salt and hash beside it, never the password; refuses weak ones in a sentence first', async () => {
    const d = makeDeps(new PasswordHasher());
    const { user, token } = await newUser();
    await expect(setPassword(d, gateway, { token, password: 'short' })).rejects.toMatchObject({ code: IdentityErrorCode.PasswordTooShort, reason: 'The password must be at least 12 characters long' });
    await expect(setPassword(d, gateway, { token, password: 'Password1234' })).rejects.toMatchObject({ code: IdentityErrorCode.PasswordTooCommon });
    await expect(setPassword(d, gateway, { token, password: 'aaaaaaaaaaaaaaaa' })).rejects.toMatchObject({ code: IdentityErrorCode.PasswordTooCommon });
    // A refused password leaves the link usable.
    const signedIn = await setPassword(d, gateway, { token, password: STRONG });
    expect(signedIn.session.userUuid).toBe(user.uuid);
    const row = await database.db.selectFrom('user_passwords').selectAll().where('user_uuid', '=', user.uuid).executeTakeFirstOrThrow();
    expect(row.algorithm).toBe('scrypt');
    expect(row.params).toEqual(CURRENT_SCRYPT_PARAMS);
    expect(Buffer.from(row.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(row.hash, 'base64')).toHaveLength(32);
    expect(JSON.stringify(await database.db.selectFrom('user_passwords').selectAll().execute())).not.toContain(STRONG);
    // Sessions are stored by hash only.
    expect(JSON.stringify(await database.db.selectFrom('sessions').selectAll().execute())).not.toContain(signedIn.sessionId);
  });

  it('a link works once and for 7 days', async () => {
    const first = await newUser();
    await setPassword(deps, gateway, { token: first.token, password: STRONG });
    await expect(setPassword(deps, gateway, { token: first.token, password: `${STRONG}-again` })).rejects.toMatchObject({ code: IdentityErrorCode.SetPasswordLinkInvalid });
    const second = await newUser();
    clock = new Date(clock.getTime() + SET_PASSWORD_TOKEN_TTL_MS + 1000);
    await expect(setPassword(deps, gateway, { token: second.token, password: STRONG })).rejects.toMatchObject({ code: IdentityErrorCode.SetPasswordLinkInvalid });
    await expect(setPassword(deps, gateway, { token: 'never-issued', password: STRONG })).rejects.toMatchObject({ code: IdentityErrorCode.SetPasswordLinkInvalid });
  });

  it('signs in with the right password only; an unknown email, a wrong password and a job seeker fail alike', async () => {
    const { user, token } = await newUser('same.person@shared.example');
    await setPassword(deps, gateway, { token, password: STRONG });
    const session = await signIn(deps, gateway, { email: 'Same.Person@shared.example', password: STRONG });
    expect((await resolveSession(deps, gateway, session.sessionId)).userUuid).toBe(user.uuid);
    await ensureJobSeeker(deps, { kind: 'user', userUuid: user.uuid, companyUuid: user.companyUuid, role: 'standard', userType: 'company_user' }, { name: 'S', email: 'seeker@shared.example' });
    const failures = await Promise.all([
      signIn(deps, gateway, { email: 'same.person@shared.example', password: `${STRONG}x` }).catch((e: unknown) => e),
      signIn(deps, gateway, { email: 'nobody@shared.example', password: STRONG }).catch((e: unknown) => e),
      signIn(deps, gateway, { email: 'seeker@shared.example', password: STRONG }).catch((e: unknown) => e),
    ]);
    for (const failure of failures) expect(failure).toMatchObject({ code: IdentityErrorCode.SignInFailed, reason: 'The email or the password is not correct' });
  });

  it('a session ends after 2 idle hours, and 12 hours after sign-in however busy; use moves the idle end', async () => {
    const { user, token } = await newUser();
    const { sessionId } = await setPassword(deps, gateway, { token, password: STRONG });
    const start = clock.getTime();
    for (let hour = 1.5; hour < 12; hour += 1.5) {
      clock = new Date(start + hour * HOUR);
      expect((await resolveSession(deps, gateway, sessionId)).expiresAt.getTime()).toBe(start + 12 * HOUR);
    }
    clock = new Date(start + 12 * HOUR);
    await expect(resolveSession(deps, gateway, sessionId)).rejects.toMatchObject({ code: IdentityErrorCode.SessionInvalid });

    const idle = await signIn(deps, gateway, { email: user.email, password: STRONG });
    const signedInAt = clock.getTime();
    clock = new Date(signedInAt + 2 * HOUR - 1000);
    await resolveSession(deps, gateway, idle.sessionId);
    clock = new Date(signedInAt + 4 * HOUR - 2000);
    await resolveSession(deps, gateway, idle.sessionId);
    clock = new Date(signedInAt + 6 * HOUR);
    await expect(resolveSession(deps, gateway, idle.sessionId)).rejects.toMatchObject({ code: IdentityErrorCode.SessionInvalid });
  });

  it('sign-out, a new password and deleting the user end sessions, and say so on the bus', async () => {
    const { admin, user, token } = await newUser();
    const first = await setPassword(deps, gateway, { token, password: STRONG });
    const second = await signIn(deps, gateway, { email: user.email, password: STRONG });
    await signOut(deps, gateway, first.sessionId);
    await expect(resolveSession(deps, gateway, first.sessionId)).rejects.toMatchObject({ code: IdentityErrorCode.SessionInvalid });
    await resolveSession(deps, gateway, second.sessionId);

    // Forgot-password: a new link (issued when notifications sends the email), a new password, and the other session is over.
    await requestPasswordReset(deps, gateway, user.email.toUpperCase());
    await relay.drain();
    const reset = events.filter((e) => e.subject === 'identity.user.password_reset_requested' && (e.payload as { uuid: string }).uuid === user.uuid);
    expect(reset).toHaveLength(1);
    expect(reset[0].payload).not.toHaveProperty('set_password_url');
    const resetToken = new URL(await issueSetPasswordLink(deps, NOTIFICATIONS, user.uuid, clock)).searchParams.get('token')!;
    const third = await setPassword(deps, gateway, { token: resetToken, password: `${STRONG}-new` });
    await expect(resolveSession(deps, gateway, second.sessionId)).rejects.toMatchObject({ code: IdentityErrorCode.SessionInvalid });
    await expect(signIn(deps, gateway, { email: user.email, password: STRONG })).rejects.toMatchObject({ code: IdentityErrorCode.SignInFailed });

    await deleteUser(deps, admin, user.uuid);
    await expect(resolveSession(deps, gateway, third.sessionId)).rejects.toMatchObject({ code: IdentityErrorCode.SessionInvalid });
    await expect(signIn(deps, gateway, { email: user.email, password: `${STRONG}-new` })).rejects.toMatchObject({ code: IdentityErrorCode.SignInFailed });
    await relay.drain();
    const revoked = events.filter((e) => e.subject === 'identity.session.revoked' && (e.payload as { user_uuid: string }).user_uuid === user.uuid).map((e) => e.payload);
    expect(revoked).toEqual([
      { user_uuid: user.uuid, session_uuid: first.session.sessionUuid, reason: 'signed_out' },
      { user_uuid: user.uuid, reason: 'password_set' },
    ]);
  });

  it('a forgot-password request for an unknown address publishes nothing', async () => {
    const before = events.length;
    await requestPasswordReset(deps, gateway, 'nobody@nowhere.example');
    await relay.drain();
    expect(events.slice(before).filter((e) => e.subject === 'identity.user.password_reset_requested')).toEqual([]);
  });

  it('raises an outdated hash to today\'s parameters at the next sign-in', async () => {
    const { user, token } = await newUser();
    await setPassword(deps, gateway, { token, password: STRONG });
    const stronger = makeDeps(new PasswordHasher({ N: 2048, r: 8, p: 1, keylen: 32 }));
    await signIn(stronger, gateway, { email: user.email, password: STRONG });
    const row = await database.db.selectFrom('user_passwords').selectAll().where('user_uuid', '=', user.uuid).executeTakeFirstOrThrow();
    expect(row.params).toEqual({ N: 2048, r: 8, p: 1, keylen: 32 });
    await signIn(stronger, gateway, { email: user.email, password: STRONG });
  });

  it('only the gateway may use the session calls', async () => {
    const member = { kind: 'user', userUuid: '00000000-0000-4000-8000-000000000000', companyUuid: null, role: null, userType: 'company_user' } as const;
    await expect(signIn(deps, member, { email: 'a@b.example', password: STRONG })).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
    await expect(resolveSession(deps, member, 'x')).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
  });
});
