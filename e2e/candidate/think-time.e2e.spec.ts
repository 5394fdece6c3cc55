import type { BusMessage } from '@vi/platform-bus';
import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';

/** think_time: seconds the candidate reads a question before recording starts (decision 013). */
describe('think_time: carried from question sets into interviews, shown to the candidate', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let jobUuid: string;
  const created: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestSystem();
    await t.system.bus.subscribe({ subjects: ['interviews.interview.created'], handler: async (m) => void created.push(m) });
    company = await t.createCompany();
    jobUuid = (await company.api.post('/jobs', { title: 'Narrator', locality: { work_mode: 'remote', work_place: '' } })).body.uuid;
  });
  afterAll(() => t.stop());

  const interviewBody = (extra: Record<string, unknown>) => ({
    type: 'one_way',
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    assigned_to: { name: 'Tess Think', email: `tess-${Math.random().toString(36).slice(2)}@example.com` },
    job_post: { uuid: jobUuid },
    ...extra,
  });

  /** What the candidate's page reads, through the invitation link's token. */
  async function candidateView(interviewUuid: string) {
    const event = () => created.find((m) => (m.payload as { interview: { uuid: string } }).interview.uuid === interviewUuid);
    await waitFor(() => event() !== undefined);
    const token = await t.candidateLinks.token(interviewUuid);
    return new ApiClient(t.baseUrl, undefined).request('GET', `/candidate/interviews/${interviewUuid}`, { headers: { authorization: `Bearer ${token}` } });
  }

  it("copies each set question's think_time into the interview: the company, the questions endpoints and the candidate see it", async () => {
    const set = (
      await company.api.post('/question_sets', {
        name: 'Paced',
        questions: [
          { text: 'Straight away', time_limit: 30, think_time: '0' },
          { text: 'Take a moment', time_limit: 60, think_time: 45 },
          { text: 'Think it over', time_limit: 180, think_time: '180' },
        ],
      })
    ).body;
    const interview = await company.api.post('/interviews', interviewBody({ interview_question_set: set.uuid }));
    expect(interview.status).toBe(201);
    expect(interview.body.questions.map((q: { think_time: string }) => q.think_time)).toEqual(['0', '45', '180']);

    // Later edits of the set change nothing in the interview.
    await company.api.put(`/question_sets/${set.uuid}`, { questions: set.questions.map((q: object) => ({ ...q, think_time: '15' })) });
    const read = await company.api.get(`/interviews/${interview.body.uuid}`);
    expect(read.body.questions.map((q: { think_time: string }) => q.think_time)).toEqual(['0', '45', '180']);
    const listed = await company.api.get(`/interviews/${interview.body.uuid}/questions`);
    expect(listed.body.map((q: { think_time: string }) => q.think_time)).toEqual(['0', '45', '180']);

    const seen = await candidateView(interview.body.uuid);
    expect(seen.status).toBe(200);
    expect(seen.body.questions.map((q: { text: string; time_limit: number; think_time: string }) => [q.text, q.time_limit, q.think_time])).toEqual([
      ['Straight away', 30, '0'],
      ['Take a moment', 60, '45'],
      ['Think it over', 180, '180'],
    ]);
  });

  it('takes think_time on inline questions too (a string or a number), "30" when absent, and checks it', async () => {
    const interview = await company.api.post(
      '/interviews',
      interviewBody({
        questions: [
          { text: 'Default', time_limit: 60 },
          { text: 'Quick', time_limit: 30, think_time: 15 },
        ],
      }),
    );
    expect(interview.status).toBe(201);
    expect(interview.body.questions.map((q: { think_time: string }) => q.think_time)).toEqual(['30', '15']);
    expect((await candidateView(interview.body.uuid)).body.questions.map((q: { think_time: string }) => q.think_time)).toEqual(['30', '15']);

    const uuid = interview.body.uuid as string;
    const added = await company.api.post(`/interviews/${uuid}/questions`, { text: 'Added', time_limit: 90, think_time: '120' });
    expect(added.body.think_time).toBe('120');
    const changed = await company.api.put(`/interviews/${uuid}/questions/${added.body.uuid}`, { think_time: '0' });
    expect(changed.body).toMatchObject({ text: 'Added', think_time: '0' });

    for (const think_time of ['10', '30s', '', null, 31]) {
      const refused = await company.api.post('/interviews', interviewBody({ questions: [{ text: 'Bad', time_limit: 60, think_time }] }));
      expectError(refused, 400, 'api.validation_failed');
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['questions.0.think_time']);
    }
    expectError(await company.api.put(`/interviews/${uuid}/questions/${added.body.uuid}`, { think_time: '7' }), 400, 'api.validation_failed');
  });
});
