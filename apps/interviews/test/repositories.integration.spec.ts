import { pendingEvents } from '@vi/platform-bus';
import { sql, type Kysely } from '@vi/platform-postgres';
import { CreationRepository } from '../src/infrastructure/creation.repository';
import type { InterviewsDatabase } from '../src/infrastructure/interviews.database';
import { insertInterview, openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import { AT, aCompany, aJobRow, anInterview, aPerson, aQuestion, aTake } from './factories';

/**
 * What only interviews' database guarantees: locks, unique take numbers, the sort keys it keeps. What the use cases
 * read and write is in repositories.contract.integration.spec.ts, run against the fakes too.
 */
describe('interviews repositories on a real database', () => {
  let t: InterviewsTestDatabase;
  const later = (ms: number) => new Date(AT.getTime() + ms);

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
  });
  afterAll(() => t.close());

  it('holds a locked interview until the transaction ends', async () => {
    const interview = anInterview();
    await insertInterview(t.store.read, interview);
    const order: string[] = [];
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));

    const first = t.store.transaction(async (tx) => {
      await tx.interviews.find(interview.companyUuid, interview.uuid, { lock: true });
      locked();
      await new Promise((resolve) => setImmediate(resolve));
      order.push('first done');
      await tx.interviews.update({ ...interview, status: 'canceled', updatedAt: later(1) });
    });
    await holding;
    const second = t.store.transaction(async (tx) => {
      const seen = await tx.interviews.find(interview.companyUuid, interview.uuid, { lock: true });
      order.push(`second saw ${seen?.status}`);
    });
    await Promise.all([first, second]);

    expect(order).toEqual(['first done', 'second saw canceled']);
  });

  it('writes a creation and its events in one statement, and nothing of it when the statement fails (decision 053)', async () => {
    const company = aCompany();
    const job = aJobRow({ company_uuid: company.uuid, title: 'Welder' });
    const create = (interview: ReturnType<typeof anInterview>, subject: string) =>
      t.store.statement((write) =>
        write.creations.write(
          {
            projections: { company, job, people: [aPerson({ uuid: interview.candidateUuid }), aPerson({ uuid: interview.createdBy })] },
            at: later(1),
            interviews: [{ interview, keys: { candidateKey: 'c', jobKey: 'welder', companyKey: 'co' } }],
            questions: [aQuestion(interview)],
          },
          write.events([{ subject, payload: { uuid: interview.uuid } }]),
        ),
      );
    const first = anInterview({ companyUuid: company.uuid, jobUuid: job.uuid });
    await create(first, 'test.creation.first');

    // The same interview again: its insert fails at the statement's end, after the other parts ran.
    await expect(create({ ...first, candidateUuid: aPerson().uuid }, 'test.creation.again')).rejects.toThrow(/unique|duplicate/i);

    expect(await t.events('test.creation.first')).toEqual([{ subject: 'test.creation.first', payload: { uuid: first.uuid } }]);
    expect(await t.events('test.creation.again')).toEqual([]);
    expect(await t.store.read.counters.total(company.uuid, [], [])).toBe(1);
    expect((await t.store.read.questions.listFor([first.uuid])).get(first.uuid)).toHaveLength(1);
  });

  it('runs two creations of one company, job and creator side by side: neither waits for the other to commit (decision 059)', async () => {
    // Two connections at once: on PostgreSQL only (PGlite has one connection, and runs one statement at a time).
    if (t.database.embedded) return;
    const creation = oneCompanysCreation('test.creation.side_by_side');
    const company = creation.company;
    // The company, job and creator exist, as they do for every creation but a company's first.
    await creation(t.database.db);

    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstWritten!: (shard: number) => void;
    const firstShard = new Promise<number>((resolve) => (firstWritten = resolve));
    const first = t.database.db.transaction().execute(async (trx) => {
      await creation(trx);
      firstWritten(await shardOf(trx));
      await firstMayCommit;
    });
    const shard = await firstShard;
    // The second in a transaction of another shard (one in sixteen shares the first's, and would rightly wait).
    const second = onAnotherShard(t.database.db, shard, creation).then(() => 'written');
    const waited = new Promise((resolve) => setTimeout(resolve, 5_000, 'waited for the first'));
    expect(await Promise.race([second, waited])).toBe('written');
    commitFirst();
    await first;
    expect(await t.store.read.counters.total(company.uuid, [], [])).toBe(3);
    expect(await t.events('test.creation.side_by_side')).toHaveLength(3);
  });

  it("spreads one connection's creations over the shards: a connection keeps no shard for life (decision 062)", async () => {
    const creation = oneCompanysCreation('test.creation.one_connection');
    const company = creation.company;
    await t.database.db.connection().execute(async (connection) => {
      for (let i = 0; i < 4; i++) await creation(connection);
    });
    const shards = (table: 'interview_counters' | 'interview_list_versions') =>
      t.database.db.selectFrom(table).select('shard').distinct().where('company_uuid', '=', company.uuid).execute();
    // Four transactions in a row take four ids: the same shard for all four would be one chance in 4,096.
    expect((await shards('interview_counters')).length).toBeGreaterThan(1);
    expect((await shards('interview_list_versions')).length).toBeGreaterThan(1);
    expect(await t.store.read.counters.total(company.uuid, [], [])).toBe(4);
  });

  it('refuses a second take with the same number for a question', async () => {
    const interview = anInterview();
    const question = aQuestion(interview);
    await insertInterview(t.store.read, interview, {}, [question]);
    await t.store.read.takes.insert(aTake(question));
    await expect(t.store.read.takes.insert(aTake(question))).rejects.toThrow(/unique|duplicate/i);
  });

  it('keeps the interviews’ sort keys following the stored names: the job’s title, the name the company gave', async () => {
    const interview = anInterview();
    await insertInterview(t.store.read, interview, { job: 'Original', candidate: 'Original' });
    const job = aJobRow({ uuid: interview.jobUuid, company_uuid: interview.companyUuid });
    await t.store.read.projections.upsertJob({ ...job, title: 'Newer', updated_at: later(2000) });
    await t.store.read.projections.upsertPerson({ ...aPerson({ uuid: interview.candidateUuid }), name: 'Newer' }, later(2000));
    const keys = await t.database.db.selectFrom('interviews').select(['job_key', 'candidate_key']).where('uuid', '=', interview.uuid).executeTakeFirstOrThrow();
    // The candidate's sort key is the name the company gave, kept with the interview (decision 036): a person's rename leaves it.
    expect(keys).toEqual({ job_key: 'newer', candidate_key: 'original' });
  });
});

/** Creations of an interview of one company, job and creator, each with an event of `subject`. */
function oneCompanysCreation(subject: string) {
  const company = aCompany();
  const job = aJobRow({ company_uuid: company.uuid, title: 'Rigger' });
  const creator = aPerson();
  const creation = (db: Kysely<InterviewsDatabase>) => {
    const interview = anInterview({ companyUuid: company.uuid, jobUuid: job.uuid, createdBy: creator.uuid });
    return new CreationRepository(db).write(
      {
        projections: { company, job, people: [creator, aPerson({ uuid: interview.candidateUuid })] },
        at: new Date(AT.getTime() + 1),
        interviews: [{ interview, keys: { candidateKey: 'c', jobKey: 'rigger', companyKey: 'co' } }],
        questions: [aQuestion(interview)],
      },
      pendingEvents([{ subject, payload: { uuid: interview.uuid } }]),
    );
  };
  return Object.assign(creation, { company });
}

/** This transaction's shard of the counters and list versions (its id modulo 16: decision 062). */
async function shardOf(db: Kysely<InterviewsDatabase>): Promise<number> {
  return (await sql<{ shard: number }>`select (pg_current_xact_id()::text::bigint % 16)::int as shard`.execute(db)).rows[0].shard;
}

/** Runs `work` in a transaction of another shard than `shard`: one in sixteen has it, and is rolled back and tried again. */
async function onAnotherShard<T>(db: Kysely<InterviewsDatabase>, shard: number, work: (trx: Kysely<InterviewsDatabase>) => Promise<T>): Promise<T> {
  const sameShard = new Error('same shard');
  for (;;) {
    try {
      return await db.transaction().execute(async (trx) => {
        if ((await shardOf(trx)) === shard) throw sameShard;
        return work(trx);
      });
    } catch (error) {
      if (error !== sameShard) throw error;
    }
  }
}
