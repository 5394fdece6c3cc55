import { randomUUID } from 'node:crypto';
import { waitFor } from '@vi/platform-testing';
import { settled } from '../support/barrier';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createJob, expectValidationFailed, uuids } from '../jobs/job-helpers';
import {
  QUESTIONS,
  companyWithJob,
  createInterview,
  expectQuestionShape,
  getInterview,
  interviewBody,
  jobSummaryOf,
  listInterviews,
  liveBody,
  putInterview,
  seekerEmail,
} from './interview-helpers';

const seconds = (stamp: string) => new Date(stamp).getTime();

/** The compact form an interview shows of a full question. */
const compact = (q: any) => ({
  uuid: q.uuid,
  text: q.text,
  completed: q.completed,
  time_limit: q.time_limit,
  think_time: q.think_time,
  takes: { completed: q.takes.completed, remaining: q.takes.remaining },
});

describe('/interviews/<uuid>/questions', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  beforeAll(async () => {
    t = await startTestSystem();
    company = await companyWithJob(t);
  });
  afterAll(() => t.stop());

  async function questionsOf(interviewUuid: string): Promise<any[]> {
    const list = await company.api.get(`/interviews/${interviewUuid}/questions`);
    expect(list.status).toBe(200);
    return list.body;
  }

  it('GET list and GET one: the full question shape, in the interview`s order, matching the interview`s questions', async () => {
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const list = await questionsOf(interview.uuid);
    expect(list).toHaveLength(2);
    for (const q of list) expectQuestionShape(q);
    expect(list.map(compact)).toEqual(interview.questions);
    expect(list[0]).toEqual({
      uuid: interview.questions[0].uuid,
      text: QUESTIONS[0].text,
      completed: false,
      skipped: false,
      time_limit: 60,
      think_time: '30',
      takes: { completed: 0, remaining: -1, limit: -1 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      started_at: null,
    });
    expect(list[1].takes).toEqual({ completed: 0, remaining: 2, limit: 2 });
    expect(list[0].created_at).toBe(interview.created_at);

    for (const q of list) {
      const one = await company.api.get(`/interviews/${interview.uuid}/questions/${q.uuid}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(q);
    }
  });

  it('POST 200 adds a question at the end (takes default -1); the interview shows it', async () => {
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const added = await company.api.post(`/interviews/${interview.uuid}/questions`, { text: 'What is your greatest strength?', time_limit: 180 });
    expect(added.status).toBe(200);
    expectQuestionShape(added.body);
    expect(added.body).toEqual({
      uuid: expect.any(String),
      text: 'What is your greatest strength?',
      completed: false,
      skipped: false,
      time_limit: 180,
      think_time: '30',
      takes: { completed: 0, remaining: -1, limit: -1 },
      created_at: expect.any(String),
      updated_at: added.body.created_at,
      started_at: null,
    });
    const limited = await company.api.post(`/interviews/${interview.uuid}/questions`, { text: 'And a weakness?', time_limit: 30, takes: 3 });
    expect(limited.status).toBe(200);
    expect(limited.body.takes).toEqual({ completed: 0, remaining: 3, limit: 3 });
    const none = await company.api.post(`/interviews/${interview.uuid}/questions`, { text: 'One shot', time_limit: 90, takes: 0 });
    expect(none.body.takes).toEqual({ completed: 0, remaining: 0, limit: 0 });

    const list = await questionsOf(interview.uuid);
    expect(uuids(list)).toEqual([...uuids(interview.questions), added.body.uuid, limited.body.uuid, none.body.uuid]);
    expect(list[2]).toEqual(added.body);
    const read = await getInterview(company.api, interview.uuid);
    expect(read.questions).toEqual(list.map(compact));
  });

  it('PUT {text} 200 changes the text only; DELETE 204 removes it', async () => {
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const [first, second] = await questionsOf(interview.uuid);

    const changed = await company.api.put(`/interviews/${interview.uuid}/questions/${second.uuid}`, { text: 'Why this role, really?' });
    expect(changed.status).toBe(200);
    expectQuestionShape(changed.body);
    expect(changed.body).toEqual({ ...second, text: 'Why this role, really?', updated_at: expect.any(String) });
    expect(seconds(changed.body.updated_at)).toBeGreaterThanOrEqual(seconds(second.updated_at));
    expect(await questionsOf(interview.uuid)).toEqual([first, changed.body]);
    expect((await getInterview(company.api, interview.uuid)).questions[1].text).toBe('Why this role, really?');

    const deleted = await company.api.delete(`/interviews/${interview.uuid}/questions/${first.uuid}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect(await questionsOf(interview.uuid)).toEqual([changed.body]);
    expect((await getInterview(company.api, interview.uuid)).questions).toEqual([compact(changed.body)]);
    expectError(await company.api.get(`/interviews/${interview.uuid}/questions/${first.uuid}`), 404, 'api.question_not_found');
    expectError(await company.api.put(`/interviews/${interview.uuid}/questions/${first.uuid}`, { text: 'Back?' }), 404, 'api.question_not_found');
    expectError(await company.api.delete(`/interviews/${interview.uuid}/questions/${first.uuid}`), 404, 'api.question_not_found');
  });

  it('404 api.question_not_found for an unknown question, or one of another interview; api.not_found for a non-uuid id', async () => {
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const sibling = await createInterview(company.api, interviewBody(company.job.uuid));
    const before = await questionsOf(interview.uuid);
    for (const question of [randomUUID(), sibling.questions[0].uuid]) {
      expectError(await company.api.get(`/interviews/${interview.uuid}/questions/${question}`), 404, 'api.question_not_found');
      expectError(await company.api.put(`/interviews/${interview.uuid}/questions/${question}`, { text: 'Hijack' }), 404, 'api.question_not_found');
      expectError(await company.api.delete(`/interviews/${interview.uuid}/questions/${question}`), 404, 'api.question_not_found');
    }
    expectError(await company.api.get(`/interviews/${interview.uuid}/questions/not-a-uuid`), 404, 'api.not_found');
    expectError(await company.api.get(`/interviews/${randomUUID()}/questions`), 404, 'api.interview_not_found');
    expect(await questionsOf(interview.uuid)).toEqual(before);
    expect((await getInterview(company.api, sibling.uuid)).questions).toEqual(sibling.questions);
  });

  it('a one_way interview keeps at least one question: deleting its last one is refused (400); a live one may have none', async () => {
    const oneWay = await createInterview(company.api, interviewBody(company.job.uuid, { questions: [{ text: 'The only question', time_limit: 30 }] }));
    const refused = await company.api.delete(`/interviews/${oneWay.uuid}/questions/${oneWay.questions[0].uuid}`);
    expect({ status: refused.status, code: refused.body?.code }).toEqual({ status: 400, code: expect.any(String) });
    expect((await getInterview(company.api, oneWay.uuid)).questions).toEqual(oneWay.questions);

    const live = await createInterview(company.api, liveBody(company.job.uuid, { questions: [{ text: 'Optional', time_limit: 30 }] }));
    expect((await company.api.delete(`/interviews/${live.uuid}/questions/${live.questions[0].uuid}`)).status).toBe(204);
    expect((await getInterview(company.api, live.uuid)).questions).toEqual([]);
  });

  it('validation: time_limit and takes on POST and PUT → 400 naming the field; nothing changes', async () => {
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const before = await questionsOf(interview.uuid);
    const path = `/interviews/${interview.uuid}/questions`;
    const q = before[0].uuid;
    const cases: Array<[string, unknown, string[]]> = [
      ['POST', { text: 'Q', time_limit: 45 }, ['time_limit']],
      ['POST', { text: 'Q', time_limit: 0 }, ['time_limit']],
      ['POST', { text: 'Q', time_limit: '60' }, ['time_limit']],
      ['POST', { text: 'Q' }, ['time_limit']],
      ['POST', { text: 'Q', time_limit: 60, takes: 6 }, ['takes']],
      ['POST', { text: 'Q', time_limit: 60, takes: -2 }, ['takes']],
      ['POST', { text: 'Q', time_limit: 60, takes: 1.5 }, ['takes']],
      ['POST', { text: '', time_limit: 60 }, ['text']],
      ['POST', { time_limit: 60 }, ['text']],
      ['POST', { text: '', time_limit: 45, takes: 6 }, ['text', 'time_limit', 'takes']],
      ['PUT', {}, ['body']],
      ['PUT', { text: '  ' }, ['text']],
      ['PUT', { time_limit: 45 }, ['time_limit']],
      ['PUT', { takes: 6 }, ['takes']],
    ];
    for (const [method, body, fields] of cases) {
      const response = method === 'POST' ? await company.api.post(path, body) : await company.api.put(`${path}/${q}`, body);
      expectValidationFailed(response, fields);
    }
    expect(await questionsOf(interview.uuid)).toEqual(before);
  });

  it('questions of a canceled or completed interview cannot change: 403 api.interview_questions_locked', async () => {
    const canceled = await createInterview(company.api, interviewBody(company.job.uuid));
    await putInterview(company.api, canceled.uuid, { status: 'canceled' });
    const completed = await createInterview(company.api, liveBody(company.job.uuid, { questions: [{ text: 'Live question', time_limit: 60 }] }));
    await putInterview(company.api, completed.uuid, { status: 'completed' });
    for (const interview of [canceled, completed]) {
      const before = await questionsOf(interview.uuid);
      const q = before[0].uuid;
      expectError(await company.api.post(`/interviews/${interview.uuid}/questions`, { text: 'Late', time_limit: 30 }), 403, 'api.interview_questions_locked');
      expectError(await company.api.put(`/interviews/${interview.uuid}/questions/${q}`, { text: 'Late' }), 403, 'api.interview_questions_locked');
      expectError(await company.api.delete(`/interviews/${interview.uuid}/questions/${q}`), 403, 'api.interview_questions_locked');
      expect(await questionsOf(interview.uuid)).toEqual(before);
    }
  });

  it('a renamed job: the interview shows the new title, and orderby=job_asc sorts by it', async () => {
    const own = await companyWithJob(t, 'unlimited', { title: 'Alpha job' });
    const mike = await createJob(own.api, { title: 'Mike job', status: 'active' });
    const onAlpha = await createInterview(own.api, liveBody(own.job.uuid, { assigned_to: { name: 'On Alpha', email: seekerEmail('alpha') } }));
    const onMike = await createInterview(own.api, liveBody(mike.uuid, { assigned_to: { name: 'On Mike', email: seekerEmail('mike') } }));
    expect(uuids((await listInterviews(own.api, '?orderby=job_asc')).items)).toEqual([onAlpha.uuid, onMike.uuid]);

    const renamed = await own.api.put(`/jobs/${own.job.uuid}`, { title: 'New title' });
    expect(renamed.status).toBe(200);
    await waitFor(async () => (await getInterview(own.api, onAlpha.uuid)).job_post.title === 'New title', 5_000, 50);
    const read = await getInterview(own.api, onAlpha.uuid);
    expect(read.job_post).toEqual({ ...jobSummaryOf(renamed.body), title: 'New title', status: 'active' });
    const sorted = await listInterviews(own.api, '?orderby=job_asc');
    expect(sorted.items.map((i) => i.job_post.title)).toEqual(['Mike job', 'New title']);
    expect(uuids(sorted.items)).toEqual([onMike.uuid, onAlpha.uuid]);
    expect(uuids((await listInterviews(own.api, '?orderby=job_desc')).items)).toEqual([onAlpha.uuid, onMike.uuid]);
    // The other job's interview is untouched.
    expect((await getInterview(own.api, onMike.uuid)).job_post.title).toBe('Mike job');
  });

  it('an older jobs.job.updated delivered late (redelivery) changes neither the title shown nor the job order', async () => {
    const own = await companyWithJob(t, 'unlimited', { title: 'Bravo job' });
    const other = await createJob(own.api, { title: 'Mike job', status: 'active' });
    const onBravo = await createInterview(own.api, liveBody(own.job.uuid, { assigned_to: { name: 'On Bravo', email: seekerEmail('bravo') } }));
    const onMike = await createInterview(own.api, liveBody(other.uuid, { assigned_to: { name: 'On Mike', email: seekerEmail('mike2') } }));
    const stale = (await own.api.get(`/jobs/${own.job.uuid}`)).body;
    await new Promise((r) => setTimeout(r, 1_100)); // the rename gets a later updated_at (whole seconds)
    const renamed = await own.api.put(`/jobs/${own.job.uuid}`, { title: 'Alpha job' });
    expect(renamed.status).toBe(200);
    await waitFor(async () => (await getInterview(own.api, onBravo.uuid)).job_post.title === 'Alpha job', 5_000, 50);

    // The event of an earlier version (title "Zulu job", older updated_at) arrives after the newer one.
    await t.system.bus.publish({ id: randomUUID(), subject: 'jobs.job.updated', occurredAt: stale.updated_at, payload: { ...stale, title: 'Zulu job' } });
    const sentinel = await own.api.put(`/jobs/${other.uuid}`, { title: 'Mike job, again' });
    expect(sentinel.status).toBe(200);
    await waitFor(async () => (await getInterview(own.api, onMike.uuid)).job_post.title === 'Mike job, again', 5_000, 50);
    await settled(t);

    expect((await getInterview(own.api, onBravo.uuid)).job_post.title).toBe('Alpha job');
    expect(uuids((await listInterviews(own.api, '?orderby=job_asc')).items)).toEqual([onBravo.uuid, onMike.uuid]);
  });

  it('a deleted job: its interviews stay readable and show the job inactive', async () => {
    const own = await companyWithJob(t, 'unlimited', { title: 'Closing job' });
    const interview = await createInterview(own.api, liveBody(own.job.uuid));
    expect((await own.api.delete(`/jobs/${own.job.uuid}`)).status).toBe(204);
    await waitFor(async () => (await getInterview(own.api, interview.uuid)).job_post.status === 'inactive', 5_000, 50);
    expect((await getInterview(own.api, interview.uuid)).job_post).toEqual({
      ...interview.job_post,
      status: 'inactive',
      updated_at: expect.any(String),
      status_updated_at: expect.any(String),
    });
  });
});
