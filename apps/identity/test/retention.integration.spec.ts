import { RetentionSweep } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { FakeClock } from '@vi/platform-time';
import { identityRetentionTasks } from '../src/application/enforce-retention/enforce-retention';
import { aCompany, aSession, aUser, DAY, HOUR, MINUTE, T0 } from './factories';
import { openIdentityTestDatabase, type IdentityTestDatabase } from './test-database';

/** Decision 019's windows for identity, swept at the instants a FakeClock names: no sleep. */
describe('identity retention on a real database', () => {
  let database: IdentityTestDatabase;
  let clock: FakeClock;
  let sweep: RetentionSweep;

  beforeAll(async () => {
    database = await openIdentityTestDatabase();
  });
  beforeEach(async () => {
    await database.clear();
    clock = new FakeClock(T0);
    sweep = new RetentionSweep(identityRetentionTasks(database.db, { outboxMs: DAY }), MINUTE, createLogger('identity-test', 'silent'), clock);
  });
  afterAll(() => database.close());

  async function aCompanyUser() {
    const company = aCompany();
    await database.store.read.companies.insert(company);
    const user = aUser(company);
    await database.store.read.users.insert(user);
    return user;
  }

  it('removes a set-password token once it expired, used or not', async () => {
    const pat = await aCompanyUser();
    for (const tokenHash of ['soon', 'later']) {
      await database.store.read.setPasswordTokens.insert({
        tokenHash,
        userUuid: pat.uuid,
        expiresAt: new Date(T0.getTime() + (tokenHash === 'soon' ? HOUR : DAY)),
        createdAt: T0,
      });
    }
    const left = async () => (await database.db.selectFrom('set_password_tokens').select('token_hash').execute()).map((r) => r.token_hash).sort();

    clock.advance(HOUR);
    await sweep.sweep();
    expect(await left()).toEqual(['later', 'soon']);
    clock.advance(1000);
    expect(await sweep.sweep()).toMatchObject({ set_password_tokens: 1 });
    expect(await left()).toEqual(['later']);
  });

  it('removes a session past its absolute end, even of a user who never came back', async () => {
    const pat = await aCompanyUser();
    await database.store.read.sessions.insert({ ...aSession(pat, { expiresAt: new Date(T0.getTime() + 12 * HOUR) }), idHash: 'h1' });

    clock.advance(12 * HOUR);
    await sweep.sweep();
    expect(await database.store.read.sessions.findByIdHash('h1')).toBeDefined();
    clock.advance(1000);
    expect(await sweep.sweep()).toMatchObject({ sessions: 1 });
    expect(await database.store.read.sessions.findByIdHash('h1')).toBeUndefined();
  });

  it('removes a published event a day after it was published; one still waiting, never', async () => {
    await database.store.transaction((tx) =>
      tx.publish([
        { subject: 'identity.user.updated', payload: { n: 1 } },
        { subject: 'identity.user.updated', payload: { n: 2 } },
      ]),
    );
    const [published] = await database.db.selectFrom('outbox').select('id').orderBy('seq').execute();
    await database.db.updateTable('outbox').set({ published_at: T0 }).where('id', '=', published.id).execute();

    clock.advance(DAY - MINUTE);
    expect(await sweep.sweep()).toMatchObject({ outbox: 0 });
    clock.advance(2 * MINUTE);
    expect(await sweep.sweep()).toMatchObject({ outbox: 1 });
    clock.advance(365 * DAY);
    await sweep.sweep();
    expect((await database.outbox()).map((e) => e.payload)).toEqual([{ n: 2 }]);
  });
});
