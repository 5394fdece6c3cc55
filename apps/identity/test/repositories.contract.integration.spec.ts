import { randomUUID } from 'node:crypto';
import { isUniqueViolation, StatementLog } from '@vi/platform-postgres';
import { describeRepositoryContract, memoryStore } from '@vi/platform-testing';
import type { IdentityStore } from '../src/application/store';
import type { User } from '../src/domain/user';
import { aCompany, aJobSeekerUser, anApiKey, aSession, aUser, HOUR, MINUTE, PLANS, T0 } from './factories';
import {
  InMemoryApiKeys,
  InMemoryCompanies,
  InMemoryJobSeekers,
  InMemoryPasswords,
  InMemoryPlans,
  InMemorySessions,
  InMemorySetPasswordTokens,
  InMemorySignInFailures,
  InMemoryUsers,
} from './fakes';
import { openIdentityTestDatabase } from './test-database';

const at = (ms: number) => new Date(T0.getTime() + ms);
const refusedBy = async (work: Promise<unknown>, constraint: string) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isUniqueViolation(error, constraint)).toBe(true);
};

function inMemory() {
  const users = new InMemoryUsers();
  const companies = new InMemoryCompanies();
  return {
    companies,
    users,
    jobSeekers: new InMemoryJobSeekers(users, companies),
    apiKeys: new InMemoryApiKeys(users),
    plans: new InMemoryPlans(),
    setPasswordTokens: new InMemorySetPasswordTokens(),
    passwords: new InMemoryPasswords(users),
    sessions: new InMemorySessions(users),
    signInFailures: new InMemorySignInFailures(),
  };
}

/**
 * One contract, two implementations (decision 033): identity's repositories as its use cases rely on them, run
 * against the in-memory fakes their specs use and against the SQL repositories (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, decision 027), each emptied before every test. The fakes raise PostgreSQL's unique violations.
 */
describeRepositoryContract<IdentityStore>(
  "identity's repositories",
  {
    'in memory (test/fakes.ts)': async () => {
      const store = memoryStore(inMemory());
      return { store, clear: async () => void Object.assign(store.read, inMemory()), close: async () => undefined };
    },
    'SQL (infrastructure/)': async () => {
      const statements = new StatementLog();
      const database = await openIdentityTestDatabase(statements);
      return { store: database.store, clear: () => database.clear(), close: () => database.close(), statements };
    },
  },
  (store) => {
    let repos: IdentityStore['read'];
    beforeEach(() => {
      repos = store().read;
    });

    describe('plans', () => {
      it('holds the seeded catalogue, smallest first', async () => {
        expect(await repos.plans.list()).toEqual(Object.values(PLANS));
        expect(await repos.plans.find('starter')).toEqual(PLANS.starter);
        expect(await repos.plans.find('platinum')).toBeUndefined();
      });
    });

    describe('companies', () => {
      it('reads a company back as it was stored, its profile fields included, and changes its plan', async () => {
        const company = aCompany({
          social: { twitter: '@acme' },
          location: { uuid: randomUUID(), formatted_address: 'Austin, TX', google_place_id: 'p1' },
          video: { url: 'https://v.example/1', mobile: 'm', embed: 'e', thumbnail: 't' },
          industry: { uuid: randomUUID(), name: 'Manufacturing' },
          usersPaid: 2,
        });
        await repos.companies.insert(company);
        expect(await repos.companies.find(company.uuid)).toEqual(company);

        const change = { planCode: 'growth', planStartedAt: T0, downgradePlanCode: 'starter', downgradeAt: at(30 * 24 * HOUR), updatedAt: at(HOUR) };
        await repos.companies.updatePlan(company.uuid, change);
        expect(await repos.companies.lock(company.uuid)).toEqual({ ...company, ...change });
      });

      it('finds several by uuid, and the oldest of a name', async () => {
        const [older, newer, other] = [
          aCompany({ name: 'Twin', createdAt: at(0) }),
          aCompany({ name: 'Twin', createdAt: at(HOUR) }),
          aCompany({ name: 'Other' }),
        ];
        for (const company of [newer, older, other]) await repos.companies.insert(company);
        expect((await repos.companies.findByName('Twin'))?.uuid).toBe(older.uuid);
        expect((await repos.companies.findMany([older.uuid, other.uuid, randomUUID()])).map((c) => c.uuid).sort()).toEqual([older.uuid, other.uuid].sort());
        expect(await repos.companies.findMany([])).toEqual([]);
      });
    });

    describe('users', () => {
      it("pages a company's live users oldest first, uuid breaking ties, with the total of all pages", async () => {
        const company = aCompany();
        await repos.companies.insert(company);
        const sameTime = [randomUUID(), randomUUID()].sort();
        const users = [
          aUser(company, { createdAt: at(2 * HOUR), uuid: sameTime[1] }),
          aUser(company, { createdAt: at(3 * HOUR) }),
          aUser(company, { createdAt: at(HOUR) }),
          aUser(company, { createdAt: at(2 * HOUR), uuid: sameTime[0] }),
          aUser(company, { createdAt: at(0) }),
        ];
        for (const user of users) await repos.users.insert(user);
        await repos.users.markDeleted(users[4].uuid, at(4 * HOUR));

        const all = await repos.users.listByCompany(company.uuid, 0, 10);
        expect(all.total).toBe(4);
        expect(all.users.map((u) => u.createdAt)).toEqual([at(HOUR), at(2 * HOUR), at(2 * HOUR), at(3 * HOUR)]);
        expect(await repos.users.listByCompany(company.uuid, 1, 2)).toEqual({ users: [all.users[1], all.users[2]], total: 4 });
        expect(all.users.slice(1, 3).map((u) => u.uuid)).toEqual(sameTime);
        expect(await repos.users.countCompanyUsers(company.uuid)).toBe(4);
      });

      it('finds users by email in any case; a deleted one only among the names history keeps', async () => {
        const company = aCompany();
        await repos.companies.insert(company);
        const [pat, off, seeker] = [
          aUser(company, { email: 'Pat@Acme.example' }),
          aUser(company, { email: 'off@acme.example', active: false }),
          aJobSeekerUser({ email: 'Sam@Seeker.example' }),
        ];
        for (const user of [pat, off, seeker]) await repos.users.insert(user);

        expect(await repos.users.findCompanyUserByEmail(company.uuid, 'pat@ACME.example')).toEqual(pat);
        expect(await repos.users.findCompanyUserByEmail(aCompany().uuid, 'pat@acme.example')).toBeUndefined();
        expect(await repos.users.findJobSeekerByEmail('sam@seeker.EXAMPLE')).toEqual(seeker);
        expect(await repos.users.findActiveCompanyUsersByEmail('off@acme.example')).toEqual([]);
        expect(await repos.users.findActiveCompanyUsersByEmail('pat@acme.example')).toEqual([pat]);

        await repos.users.markDeleted(pat.uuid, at(HOUR));
        expect(await repos.users.find(pat.uuid)).toBeUndefined();
        expect(await repos.users.findCompanyUserByEmail(company.uuid, 'pat@acme.example')).toBeUndefined();
        expect(await repos.users.findIncludingDeleted([pat.uuid])).toEqual([{ ...pat, active: false, updatedAt: at(HOUR) }]);
      });

      it('keeps an email once per company among live users, and once among job seekers, whatever its case', async () => {
        const [acme, other] = [aCompany(), aCompany()];
        for (const company of [acme, other]) await repos.companies.insert(company);
        const pat = aUser(acme, { email: 'pat@shared.example' });
        await repos.users.insert(pat);
        await refusedBy(repos.users.insert(aUser(acme, { email: 'PAT@shared.example' })), 'users_company_email');
        await repos.users.insert(aUser(other, { email: 'pat@shared.example' }));
        await repos.users.markDeleted(pat.uuid, at(HOUR));
        await repos.users.insert(aUser(acme, { email: 'pat@shared.example' }));

        await repos.users.insert(aJobSeekerUser({ email: 'sam@seeker.example' }));
        await refusedBy(repos.users.insert(aJobSeekerUser({ email: 'SAM@seeker.example' })), 'users_job_seeker_email');
      });

      it('renames, changing nothing else', async () => {
        const company = aCompany();
        await repos.companies.insert(company);
        const pat = aUser(company);
        await repos.users.insert(pat);
        await repos.users.update(pat.uuid, { name: 'Patricia', updatedAt: at(HOUR) });
        expect(await repos.users.find(pat.uuid)).toEqual({ ...pat, name: 'Patricia', updatedAt: at(HOUR) });
      });
    });

    describe('job seekers', () => {
      const asNew = (...users: User[]) => users.map((user) => ({ user, event: { subject: 'identity.user.created', payload: { uuid: user.uuid } } }));
      const card = ({ uuid, companyUuid, name, email, avatarUrl }: User) => ({ uuid, companyUuid, name, email, avatarUrl });

      it('finds the known by email in any case, inserts the others, and reads the summaries asked, in one call', async () => {
        const company = aCompany();
        await repos.companies.insert(company);
        const pat = aUser(company);
        const sam = aJobSeekerUser({ email: 'sam@bulk.example' });
        await repos.users.insert(pat);
        await repos.users.insert(sam);
        const [ann, again, bo] = [
          aJobSeekerUser({ email: 'ann@bulk.example' }),
          aJobSeekerUser({ email: 'SAM@bulk.example' }),
          aJobSeekerUser({ email: 'bo@bulk.example' }),
        ];

        const sut = await repos.jobSeekers.ensure(asNew(ann, again, bo), { userUuids: [pat.uuid, randomUUID()], companyUuids: [company.uuid] });

        expect(sut.known).toEqual([card(sam)]);
        expect([...sut.inserted].sort()).toEqual([ann.uuid, bo.uuid].sort());
        expect(sut.users).toEqual([card(pat)]);
        expect(sut.companies).toEqual([{ uuid: company.uuid, name: company.name, avatarUrl: company.avatarUrl }]);
        expect(await repos.users.find(ann.uuid)).toEqual(ann);
        const found = await repos.users.findJobSeekersByEmail(['Ann@bulk.example', 'sam@BULK.example', 'nobody@bulk.example', 'bo@bulk.example']);
        expect(found.map((u) => u.uuid).sort()).toEqual([sam.uuid, ann.uuid, bo.uuid].sort());
        expect(await repos.users.findJobSeekersByEmail([])).toEqual([]);
        expect(await repos.jobSeekers.ensure([], { userUuids: [], companyUuids: [] })).toEqual({ known: [], inserted: [], users: [], companies: [] });
      });
    });

    describe('API keys', () => {
      async function aUserWithKey(overrides: Parameters<typeof anApiKey>[1] = {}) {
        const company = aCompany();
        await repos.companies.insert(company);
        const user = aUser(company, { role: 'administrator' });
        await repos.users.insert(user);
        const key = anApiKey(user, overrides);
        await repos.apiKeys.insert(key);
        return { company, user, key };
      }

      it('finds who a key acts for by its hash, not once its user is deleted', async () => {
        const { company, user, key } = await aUserWithKey();
        expect(await repos.apiKeys.findOwnerByHash(key.keyHash)).toEqual({
          keyUuid: key.uuid,
          userUuid: user.uuid,
          userActive: true,
          companyUuid: company.uuid,
          role: 'administrator',
          userType: 'company_user',
        });
        await repos.users.markDeleted(user.uuid, at(HOUR));
        expect(await repos.apiKeys.findOwnerByHash(key.keyHash)).toBeUndefined();
      });

      it('records use at most once a minute', async () => {
        const { user, key } = await aUserWithKey();
        const lastUsed = async () => (await repos.apiKeys.findByUser(user.uuid))?.lastUsedAt;
        await repos.apiKeys.touchLastUsed(key.uuid, at(0));
        expect(await lastUsed()).toEqual(at(0));
        await repos.apiKeys.touchLastUsed(key.uuid, at(MINUTE));
        expect(await lastUsed()).toEqual(at(0));
        await repos.apiKeys.touchLastUsed(key.uuid, at(MINUTE + 1000));
        expect(await lastUsed()).toEqual(at(MINUTE + 1000));
      });

      it('holds one key per user, each hash once; rotates and deletes', async () => {
        const { user, key } = await aUserWithKey();
        await refusedBy(repos.apiKeys.insert(anApiKey(user)), 'api_keys_user_uuid_key');
        await repos.apiKeys.update(key.uuid, { keyHash: 'rotated', keyCiphertext: 'sealed-2', updatedAt: at(HOUR) });
        expect(await repos.apiKeys.findByUser(user.uuid)).toEqual({ ...key, keyHash: 'rotated', keyCiphertext: 'sealed-2', updatedAt: at(HOUR) });
        expect(await repos.apiKeys.deleteByUser(user.uuid)).toMatchObject({ uuid: key.uuid });
        expect(await repos.apiKeys.deleteByUser(user.uuid)).toBeUndefined();
      });
    });

    describe('set-password tokens, passwords and sessions', () => {
      async function aCompanyUser(overrides: Parameters<typeof aUser>[1] = {}) {
        const company = aCompany();
        await repos.companies.insert(company);
        const user = aUser(company, overrides);
        await repos.users.insert(user);
        return user;
      }

      it('spends a token once, only before it expires; setting a password spends the others', async () => {
        const pat = await aCompanyUser();
        for (const tokenHash of ['t1', 't2', 't3']) await repos.setPasswordTokens.insert({ tokenHash, userUuid: pat.uuid, expiresAt: at(HOUR), createdAt: T0 });

        expect(await repos.setPasswordTokens.consume('t1', at(HOUR - 1))).toBe(pat.uuid);
        expect(await repos.setPasswordTokens.consume('t1', at(HOUR - 1))).toBeUndefined();
        expect(await repos.setPasswordTokens.consume('t2', at(HOUR))).toBeUndefined();
        const [first, second] = await Promise.all([repos.setPasswordTokens.consume('t2', at(0)), repos.setPasswordTokens.consume('t2', at(0))]);
        expect([first, second].filter(Boolean)).toEqual([pat.uuid]);
        await repos.setPasswordTokens.useAllOf(pat.uuid, at(0));
        expect(await repos.setPasswordTokens.consume('t3', at(0))).toBeUndefined();
      });

      it('offers the active live company users with this email and a password as sign-in candidates, oldest first', async () => {
        const hash = { algorithm: 'scrypt' as const, params: { N: 1024, r: 8, p: 1, keylen: 32 }, salt: 'c2FsdA==', hash: 'aGFzaA==' };
        const [older, newer, off, without] = [
          await aCompanyUser({ email: 'pat@shared.example', createdAt: at(0) }),
          await aCompanyUser({ email: 'PAT@shared.example', createdAt: at(HOUR) }),
          await aCompanyUser({ email: 'pat@shared.example', active: false }),
          await aCompanyUser({ email: 'pat@shared.example' }),
        ];
        for (const user of [newer, older, off]) await repos.passwords.upsert(user.uuid, hash, T0);
        await repos.passwords.upsert(older.uuid, { ...hash, hash: 'bmV3' }, at(HOUR));

        const candidates = await repos.passwords.findSignInCandidates('Pat@Shared.example');
        expect(candidates.map((c) => c.user.uuid)).toEqual([older.uuid, newer.uuid]);
        expect(candidates[0]).toEqual({ user: older, password: { ...hash, hash: 'bmV3' } });
        expect(candidates.map((c) => c.user.uuid)).not.toContain(without.uuid);
      });

      it('finds a session by its id hash with its user, deleted or not; moves last use only forward; ends by id, by user and past their end', async () => {
        const pat = await aCompanyUser();
        const session = aSession(pat, { expiresAt: at(12 * HOUR) });
        await repos.sessions.insert({ ...session, idHash: 'h1' });
        await repos.sessions.insert({ ...aSession(pat, { expiresAt: at(HOUR) }), idHash: 'h2' });
        await repos.sessions.insert({ ...aSession(pat), idHash: 'h3' });

        expect(await repos.sessions.findByIdHash('h1')).toEqual({ session, user: { ...pat, deleted: false } });
        await repos.sessions.touch(session.uuid, at(HOUR));
        await repos.sessions.touch(session.uuid, at(MINUTE));
        expect((await repos.sessions.findByIdHash('h1'))?.session.lastSeenAt).toEqual(at(HOUR));

        await repos.sessions.deleteExpired(at(HOUR));
        expect(await repos.sessions.findByIdHash('h2')).toBeDefined();
        await repos.sessions.deleteExpired(at(HOUR + 1));
        expect(await repos.sessions.findByIdHash('h2')).toBeUndefined();

        expect(await repos.sessions.deleteByIdHash('h1')).toEqual({ uuid: session.uuid, userUuid: pat.uuid });
        expect(await repos.sessions.deleteByIdHash('h1')).toBeUndefined();
        await repos.users.markDeleted(pat.uuid, at(HOUR));
        expect((await repos.sessions.findByIdHash('h3'))?.user.deleted).toBe(true);
        expect(await repos.sessions.deleteByUser(pat.uuid)).toBe(1);
      });
    });

    describe('sign-in failures', () => {
      const window = { limit: 3, windowMs: HOUR };

      it("takes an account's attempts up to the limit, names the window's end, and starts again after it or once cleared", async () => {
        const taken = [];
        for (let n = 0; n < 4; n++) taken.push(await repos.signInFailures.reserve('pat@acme.example', window, at(n * MINUTE)));
        expect(taken).toEqual([{ reserved: true }, { reserved: true }, { reserved: true }, { reserved: false, until: at(HOUR) }]);
        await repos.signInFailures.release('pat@acme.example');
        expect(await repos.signInFailures.reserve('pat@acme.example', window, at(5 * MINUTE))).toEqual({ reserved: true });
        expect(await repos.signInFailures.reserve('pat@acme.example', window, at(6 * MINUTE))).toEqual({ reserved: false, until: at(HOUR) });
        expect(await repos.signInFailures.reserve('pat@acme.example', window, at(HOUR))).toEqual({ reserved: true });
        await repos.signInFailures.clear('pat@acme.example');
        for (let n = 0; n < 3; n++) expect(await repos.signInFailures.reserve('pat@acme.example', window, at(HOUR + MINUTE))).toEqual({ reserved: true });
        expect(await repos.signInFailures.reserve('other@acme.example', window, at(HOUR + MINUTE))).toEqual({ reserved: true });
      });
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
