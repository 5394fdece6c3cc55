import { randomUUID } from 'node:crypto';
import { migrateToLatest, openDatabase, sql, type Database } from '@vi/platform-postgres';
import { createTestDatabase, type TestDatabase } from '@vi/platform-testing';
import { interviewsMigrations } from '../migrations';

/** Migrations that move existing rows, run against rows written before them. */
describe('interviews migrations on existing rows', () => {
  let testDb: TestDatabase;
  let database: Database<any>;
  const before = (last: string) => Object.fromEntries(Object.entries(interviewsMigrations).filter(([name]) => name <= last));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // A schema of its own: the embedded template holds `interviews` migrated to the latest already.
    database = await openDatabase({ url: testDb.url, schema: 'interviews_upgrade', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'interviews_upgrade', before('0006_outbox_trace_context'));
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it("0007 keeps with each interview the name its company gave: the first inviter's name for its own, the email for another company's", async () => {
    const db = database.db;
    const [first, second] = [randomUUID(), randomUUID()];
    const [seeker, creator, job] = [randomUUID(), randomUUID(), randomUUID()];
    await sql`insert into companies (uuid, name, avatar) values (${first}, 'First', ''), (${second}, 'Second', '')`.execute(db);
    // The job seeker shared by both companies, named as the first company invited them (what identity kept).
    await sql`insert into people (uuid, name, email, avatar, updated_at) values
      (${seeker}, 'Name First gave', 'x@example.com', '', now()), (${creator}, 'Creator', 'c@example.com', '', now())`.execute(db);
    await sql`insert into job_posts (uuid, company_uuid, title, status, created_at, updated_at, status_updated_at)
      values (${job}, ${first}, 'Job', 'active', now(), now(), now())`.execute(db);
    const insert = (uuid: string, company: string, createdAt: string) =>
      sql`insert into interviews (uuid, company_uuid, type, status, scheduled_at, timezone, email_message, has_sms_consent, job_uuid,
        candidate_uuid, created_by, created_at, updated_at, candidate_key, job_key, company_key)
        values (${uuid}, ${company}, 'one_way', 'requested', now(), 'UTC', '', false, ${job}, ${seeker}, ${creator}, ${createdAt}::timestamptz,
        now(), 'name first gave', 'job', 'x')`.execute(db);
    const [firsts, later, seconds] = [randomUUID(), randomUUID(), randomUUID()];
    await insert(firsts, first, '2026-01-01T00:00:00+00:00');
    await insert(seconds, second, '2026-01-02T00:00:00+00:00');
    await insert(later, first, '2026-01-03T00:00:00+00:00');

    await migrateToLatest(db, 'interviews_upgrade', interviewsMigrations);

    const rows = await sql<{ uuid: string; candidate_name: string; candidate_key: string }>`
      select uuid, candidate_name, candidate_key from interviews`.execute(db);
    const byUuid = new Map(rows.rows.map((row) => [row.uuid, { name: row.candidate_name, key: row.candidate_key }]));
    expect(byUuid.get(firsts)).toEqual({ name: 'Name First gave', key: 'name first gave' });
    expect(byUuid.get(later)).toEqual({ name: 'Name First gave', key: 'name first gave' });
    expect(byUuid.get(seconds)).toEqual({ name: 'x@example.com', key: 'x@example.com' });
  });
});
