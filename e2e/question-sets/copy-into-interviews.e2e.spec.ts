import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';

describe('question sets are copied into interviews', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('copies the questions at creation; later edits of the set change nothing', async () => {
    const company = await t.createCompany();
    const job = (await company.api.post('/jobs', { title: 'Analyst', location: { city: 'Lyon', country: 'France' } })).body;
    const set = (
      await company.api.post('/interview_question_sets', {
        name: 'Screening',
        questions: [
          { text: 'Why this role?', time_limit: 60, takes: 2, think_time: '30' },
          { text: 'Your notice period?', time_limit: 30, takes: -1, think_time: '15' },
        ],
      })
    ).body;
    const interview = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name: 'Quinn', email: 'quinn@example.com' },
      job_post: { uuid: job.uuid },
      // The set wins over questions sent alongside it.
      questions: [{ text: 'Ignored', time_limit: 30 }],
      interview_question_set: set.uuid,
    });
    expect(interview.status).toBe(201);
    const copied = interview.body.questions.map((q: { text: string; time_limit: number; takes: { remaining: number } }) => [
      q.text,
      q.time_limit,
      q.takes.remaining,
    ]);
    expect(copied).toEqual([
      ['Why this role?', 60, 2],
      ['Your notice period?', 30, -1],
    ]);

    const updated = await company.api.put(`/question_sets/${set.uuid}`, {
      name: 'Screening v2',
      questions: [{ uuid: set.questions[0].uuid, text: 'Changed', time_limit: 90, takes: 1, think_time: '30' }],
    });
    expect(updated.status).toBe(200);
    const after = (await company.api.get(`/interviews/${interview.body.uuid}`)).body;
    expect(after.questions.map((q: { text: string }) => q.text)).toEqual(['Why this role?', 'Your notice period?']);
  });

  it("refuses another company's set as an unknown one", async () => {
    const owner = await t.createCompany();
    const other = await t.createCompany();
    const set = (await owner.api.post('/question_sets', { name: 'Private', questions: [{ text: 'Q', time_limit: 30 }] })).body;
    const job = (await other.api.post('/jobs', { title: 'Clerk', locality: { work_mode: 'remote', work_place: '' } })).body;
    const refused = await other.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name: 'Robin', email: 'robin@example.com' },
      job_post: { uuid: job.uuid },
      interview_question_set: set.uuid,
    });
    expectError(refused, 400, 'api.validation_failed');
    expect(refused.body.errors[0].field).toBe('interview_question_set');
  });
});
