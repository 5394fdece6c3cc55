import type { UserEventPayload } from '@vi/contracts';
import { randomSecret } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { createCompany } from '../src/application/create-company/create-company';
import { createUser } from '../src/application/create-user/create-user';
import { ensureJobSeeker, ensureJobSeekers } from '../src/application/ensure-job-seeker/ensure-job-seeker';
import { resolveApiKey } from '../src/application/resolve-api-key/resolve-api-key';
import { issueSetPasswordLink, SET_PASSWORD_TOKEN_TTL_MS } from '../src/application/set-password-link/set-password-link';
import { bearerHash } from '../src/application/shared/bearer-hash';
import { ApiKeyVault } from '../src/infrastructure/api-key-vault';
import { aService, T0 } from './factories';
import { openIdentityTestDatabase, type IdentityTestDatabase } from './test-database';

const operator = aService('test');
const gateway = aService('gateway');
const notifications = aService('notifications');

/** Identity's use cases where the database decides: locks, unique indexes, one transaction for a change and its events. */
describe('identity use cases on a real database', () => {
  let database: IdentityTestDatabase;
  let deps: { store: IdentityTestDatabase['store']; vault: ApiKeyVault; defaultAvatarUrl: string; publicBaseUrl: string; clock: FakeClock };

  beforeAll(async () => {
    database = await openIdentityTestDatabase();
    deps = {
      store: database.store,
      vault: new ApiKeyVault(randomSecret(), randomSecret()),
      defaultAvatarUrl: 'https://x/a.svg',
      publicBaseUrl: 'https://app.example',
      clock: new FakeClock(T0),
    };
  });
  afterAll(() => database.close());

  const newCompany = async (name: string, planCode = 'starter') => {
    const created = await createCompany(deps, operator, { name, adminName: 'A', adminEmail: `a@${name.toLowerCase()}.example`, planCode });
    const admin = { kind: 'user', userUuid: created.user_uuid, companyUuid: created.company_uuid, role: 'administrator', userType: 'company_user' } as const;
    return { ...created, admin };
  };

  it('never stores an API key in clear', async () => {
    const created = await newCompany('Clear');
    const rows = await database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.api_key);
    expect(rows.find((r) => r.user_uuid === created.user_uuid)?.key_hash).toBe(deps.vault.hash(created.api_key));
  });

  it('puts no set-password link in events and issues one, stored as a hash, only to the notifications service', async () => {
    const created = await newCompany('Welcome', 'growth');
    const user = await createUser(deps, created.admin, { name: 'New Person', email: 'new@welcome.example', role: 'standard' });
    const events = (await database.outbox()).filter((e) => e.subject === 'identity.user.created');
    expect(events.map((e) => (e.payload as UserEventPayload).uuid)).toEqual(expect.arrayContaining([created.user_uuid, user.uuid]));
    expect(JSON.stringify(events)).not.toContain('set-password');
    const stored = () => database.db.selectFrom('set_password_tokens').selectAll().where('user_uuid', 'in', [created.user_uuid, user.uuid]).execute();
    expect(await stored()).toEqual([]);

    const urls = [
      (await issueSetPasswordLink(deps, notifications, { userUuid: created.user_uuid, recipient: 'a@welcome.example' })).url,
      (await issueSetPasswordLink(deps, notifications, { userUuid: user.uuid, recipient: user.email })).url,
    ];
    const tokens = urls.map((url) => new URL(url).searchParams.get('token')!);
    const rows = await stored();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map(bearerHash).sort());
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    for (const row of rows) expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(SET_PASSWORD_TOKEN_TTL_MS);
  });

  it('refuses the key of a disabled user with its own code', async () => {
    const created = await newCompany('Disabled');
    await expect(resolveApiKey(deps, gateway, created.api_key)).resolves.toMatchObject({ user_uuid: created.user_uuid });
    await database.db.updateTable('users').set({ active: false }).where('uuid', '=', created.user_uuid).execute();
    await expect(resolveApiKey(deps, gateway, created.api_key)).rejects.toMatchObject({ code: 'api.key_disabled' });
  });

  it('lets exactly one of many concurrent creations take the last user slot', async () => {
    const created = await newCompany('Race');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createUser(deps, created.admin, { name: `U${i}`, email: `u${i}@race.example`, role: 'standard' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected'))
      expect(r.reason).toMatchObject({ code: 'api.plan_user_slots_exhausted' });
  });

  it('makes one job seeker of concurrent invitations of the same email', async () => {
    const created = await newCompany('Seekers', 'growth');
    const seekers = await Promise.all(Array.from({ length: 4 }, () => ensureJobSeeker(deps, created.admin, { name: 'Sam', email: 'sam.race@seeker.example' })));
    expect(new Set(seekers.map((s) => s.uuid)).size).toBe(1);
  });

  it('makes each job seeker once when bulk invitations sharing emails run at once, in any order, and announces each once', async () => {
    const created = await newCompany('Bulk seekers', 'growth');
    const count = async () => (await database.outbox()).filter((e) => e.subject === 'identity.job_seeker.created').length;
    const before = await count();
    const emails = Array.from({ length: 20 }, (_, i) => `bulk${i}@seeker.example`);
    const lists = [emails, [...emails].reverse(), emails.filter((_, i) => i % 2 === 0), [...emails].reverse().filter((_, i) => i % 3 === 0)];

    const answers = await Promise.all(
      lists.map(
        async (list) =>
          (
            await ensureJobSeekers(
              deps,
              created.admin,
              list.map((email) => ({ name: email, email })),
            )
          ).jobSeekers,
      ),
    );

    const uuidOf = new Map(answers[0].map((s) => [s.email, s.uuid]));
    for (const answer of answers) for (const seeker of answer) expect(seeker.uuid).toBe(uuidOf.get(seeker.email));
    expect(answers.map((a) => a.map((s) => s.email))).toEqual(lists);
    expect(await count()).toBe(before + 20);
  });

  it('writes the events of a change in the same transaction, and none of a refused one', async () => {
    const created = await newCompany('Events');
    const count = async () => (await database.outbox()).filter((e) => e.subject === 'identity.user.created').length;
    const before = await count();
    await createUser(deps, created.admin, { name: 'One', email: 'one@events.example', role: 'standard' });
    await expect(createUser(deps, created.admin, { name: 'Two', email: 'two@events.example', role: 'standard' })).rejects.toMatchObject({
      code: 'api.plan_user_slots_exhausted',
    });
    expect(await count()).toBe(before + 1);
  });
});
