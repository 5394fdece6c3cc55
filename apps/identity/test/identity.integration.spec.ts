import { SharedErrorCode, type UserEventPayload } from '@vi/contracts';
import { InProcessBus, OutboxRelay, type BusMessage } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, randomSecret, type TestDatabase } from '@vi/platform-testing';
import { identityMigrations } from '../migrations';
import { createCompany } from '../src/application/create-company/create-company';
import { createUser } from '../src/application/create-user/create-user';
import { resolveApiKey } from '../src/application/resolve-api-key/resolve-api-key';
import { SET_PASSWORD_TOKEN_TTL_MS, hashSetPasswordToken, issueSetPasswordLink } from '../src/application/set-password-link/set-password-link';
import { IdentityErrorCode } from '../src/domain/identity.errors';
import { ApiKeyVault } from '../src/infrastructure/api-key-vault';
import type { IdentityDatabase } from '../src/infrastructure/identity.database';
import { createIdentityStore, type IdentityStore } from '../src/infrastructure/identity.store';

const logger = createLogger('identity-test', 'silent');
const operator = { kind: 'service', service: 'test' } as const;
const gateway = { kind: 'service', service: 'gateway' } as const;

describe('identity use cases on a real database', () => {
  let testDb: TestDatabase;
  let database: Database<IdentityDatabase>;
  let bus: InProcessBus;
  let relay: OutboxRelay;
  let deps: { store: IdentityStore; vault: ApiKeyVault; defaultAvatarUrl: string; publicBaseUrl: string };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase<IdentityDatabase>({ url: testDb.url, schema: 'identity', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'identity', identityMigrations, logger);
    // Applying the migrations again is a no-op (every start runs them).
    await migrateToLatest(database.db, 'identity', identityMigrations, logger);
    bus = new InProcessBus(logger);
    relay = new OutboxRelay(database.db, bus, logger);
    deps = { store: createIdentityStore(database.db, relay), vault: new ApiKeyVault(randomSecret(), randomSecret()), defaultAvatarUrl: 'https://x/a.svg', publicBaseUrl: 'https://app.example' };
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
    await testDb.drop();
  });

  it('never stores an API key in clear', async () => {
    const created = await createCompany(deps, operator, { name: 'Clear', adminName: 'A', adminEmail: 'a@clear.example', planCode: 'starter' });
    const rows = await database.db.selectFrom('api_keys').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(created.apiKey);
    expect(rows.find((r) => r.user_uuid === created.userUuid)?.key_hash).toBe(deps.vault.hash(created.apiKey));
  });

  it('puts no set-password link in events and issues one, stored as a hash, only to the notifications service', async () => {
    const events: BusMessage[] = [];
    const subscription = await bus.subscribe({ subjects: ['identity.user.created'], handler: async (m) => void events.push(m) });
    const created = await createCompany(deps, operator, { name: 'Welcome', adminName: 'A', adminEmail: 'a@welcome.example', planCode: 'growth' });
    const admin = { kind: 'user', userUuid: created.userUuid, companyUuid: created.companyUuid, role: 'administrator', userType: 'company_user' } as const;
    const user = await createUser(deps, admin, { name: 'New Person', email: 'new@welcome.example', role: 'standard' });
    await relay.drain();
    await subscription.close();
    expect(events.map((e) => (e.payload as UserEventPayload).uuid)).toEqual([created.userUuid, user.user.uuid]);
    expect(JSON.stringify(events)).not.toContain('set-password');
    expect(await database.db.selectFrom('set_password_tokens').selectAll().where('user_uuid', 'in', [created.userUuid, user.user.uuid]).execute()).toEqual([]);

    const notifications = { kind: 'service', service: 'notifications' } as const;
    const urls = [await issueSetPasswordLink(deps, notifications, created.userUuid), await issueSetPasswordLink(deps, notifications, user.user.uuid)];
    for (const url of urls) expect(url).toMatch(/^https:\/\/app\.example\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    const tokens = urls.map((url) => new URL(url).searchParams.get('token')!);
    const rows = await database.db.selectFrom('set_password_tokens').selectAll().where('user_uuid', 'in', [created.userUuid, user.user.uuid]).execute();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map(hashSetPasswordToken).sort());
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    for (const row of rows) expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(SET_PASSWORD_TOKEN_TTL_MS);
    await expect(issueSetPasswordLink(deps, { kind: 'service', service: 'gateway' }, user.user.uuid)).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
    await expect(issueSetPasswordLink(deps, admin, user.user.uuid)).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
  });

  it('refuses the key of a disabled user with its own code', async () => {
    const created = await createCompany(deps, operator, { name: 'Disabled', adminName: 'A', adminEmail: 'a@disabled.example', planCode: 'starter' });
    await expect(resolveApiKey(deps, gateway, created.apiKey)).resolves.toMatchObject({ userUuid: created.userUuid });
    await database.db.updateTable('users').set({ active: false }).where('uuid', '=', created.userUuid).execute();
    await expect(resolveApiKey(deps, gateway, created.apiKey)).rejects.toMatchObject({ code: IdentityErrorCode.KeyDisabled });
  });

  it('only the gateway (a service principal) may resolve keys', async () => {
    const created = await createCompany(deps, operator, { name: 'Resolve', adminName: 'A', adminEmail: 'a@resolve.example', planCode: 'starter' });
    const user = { kind: 'user', userUuid: created.userUuid, companyUuid: created.companyUuid, role: 'administrator', userType: 'company_user' } as const;
    await expect(resolveApiKey(deps, user, created.apiKey)).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
  });

  it('lets exactly one of many concurrent creations take the last user slot', async () => {
    const created = await createCompany(deps, operator, { name: 'Race', adminName: 'A', adminEmail: 'a@race.example', planCode: 'starter' });
    const admin = { kind: 'user', userUuid: created.userUuid, companyUuid: created.companyUuid, role: 'administrator', userType: 'company_user' } as const;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createUser(deps, admin, { name: `U${i}`, email: `u${i}@race.example`, role: 'standard' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: IdentityErrorCode.UserSlotsExhausted });
    }
  });

  it('writes the events of a change in the same transaction, and none of a refused one', async () => {
    const created = await createCompany(deps, operator, { name: 'Events', adminName: 'A', adminEmail: 'a@events.example', planCode: 'starter' });
    const admin = { kind: 'user', userUuid: created.userUuid, companyUuid: created.companyUuid, role: 'administrator', userType: 'company_user' } as const;
    const count = async () => (await database.db.selectFrom('outbox').select('id').where('subject', '=', 'identity.user.created').execute()).length;
    const before = await count();
    await createUser(deps, admin, { name: 'One', email: 'one@events.example', role: 'standard' });
    await expect(createUser(deps, admin, { name: 'Two', email: 'two@events.example', role: 'standard' })).rejects.toMatchObject({
      code: IdentityErrorCode.UserSlotsExhausted,
    });
    expect(await count()).toBe(before + 1);
  });
});
