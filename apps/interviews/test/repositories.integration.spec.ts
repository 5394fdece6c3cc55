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
