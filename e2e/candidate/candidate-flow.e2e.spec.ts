import type { BusMessage } from '@vi/platform-bus';
import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';

describe('candidate side: a job seeker follows the invitation link', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let jobUuid: string;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestSystem();
    await t.system.bus.subscribe({ subjects: ['interviews.interview.*'], handler: async (m) => void events.push(m) });
    company = await t.createCompany();
    jobUuid = (await company.api.post('/jobs', { title: 'Support Engineer', locality: { work_mode: 'remote', work_place: '' } })).body.uuid;
  });
  afterAll(() => t.stop());

  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

  /** Creates an interview and returns it with the candidate's client, built from the invitation link. */
  async function invite(
    email: string,
    questions = [
      { text: 'Why us?', time_limit: 60 },
      { text: 'Why you?', time_limit: 30, takes: 1 },
    ],
  ) {
    const created = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: inAnHour(),
      assigned_to: { name: 'Casey Candidate', email },
      job_post: { uuid: jobUuid },
      questions,
      email_message: 'Looking forward to it',
    });
    expect(created.status).toBe(201);
    const uuid = created.body.uuid as string;
    await waitFor(() =>
      events.some((e) => e.subject === 'interviews.interview.created' && (e.payload as { interview: { uuid: string } }).interview.uuid === uuid),
    );
    const event = events.find((e) => (e.payload as { interview: { uuid: string } }).interview.uuid === uuid)!;
    expect(JSON.stringify(event.payload)).not.toContain('token=');
    const link = new URL(await t.candidateLinks.url(uuid));
    expect(link.pathname).toBe(`/candidate/interviews/${uuid}`);
    const token = link.searchParams.get('token')!;
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (method: string, path: string) => candidate.request(method, path, { headers: { authorization: `Bearer ${token}` } });
    return { interview: created.body, uuid, token, as };
  }

  it('opens, accepts, answers and completes the interview', async () => {
    const { uuid, as, interview } = await invite('casey@example.com');

    const opened = await as('GET', `/candidate/interviews/${uuid}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ uuid, status: 'requested', job_post: { title: 'Support Engineer' } });
    expect(opened.body.questions[1]).toMatchObject({ text: 'Why you?', skipped: false, takes: { completed: 0, remaining: 1, limit: 1 } });
    expectRfc3339Timestamps(opened.body);

    const me = await as('GET', '/me');
    expect(me.body).toMatchObject({ uuid: interview.assigned_to.uuid, type: 'job_seeker', company: null });

    // Not accepted yet: nothing can be answered or completed.
    expectError(await as('POST', `/candidate/interviews/${uuid}/complete`), 400, 'api.interview_not_accepted');

    const accepted = await as('POST', `/candidate/interviews/${uuid}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    // Questions are locked for the company from now on.
    const questionUuid = accepted.body.questions[0].uuid as string;
    expectError(await company.api.put(`/interviews/${uuid}/questions/${questionUuid}`, { text: 'Changed' }), 403, 'api.interview_questions_locked');
    expectError(await company.api.post(`/interviews/${uuid}/questions`, { text: 'More', time_limit: 30 }), 403, 'api.interview_questions_locked');
    expectError(await company.api.delete(`/interviews/${uuid}/questions/${questionUuid}`), 403, 'api.interview_questions_locked');

    expectError(await as('POST', `/candidate/interviews/${uuid}/complete`), 400, 'api.interview_questions_unanswered');
    for (const question of accepted.body.questions as Array<{ uuid: string }>) {
      const skipped = await as('POST', `/candidate/interviews/${uuid}/questions/${question.uuid}/skip`);
      expect(skipped.status).toBe(200);
      expect(skipped.body.skipped).toBe(true);
    }
    const completed = await as('POST', `/candidate/interviews/${uuid}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.completed_at).toMatch(/\+00:00$/);
    expect((await company.api.get(`/interviews/${uuid}`)).body.status).toBe('completed');

    // What the company keeps for itself never reaches the candidate: its rating, its users and their emails.
    expect((await company.api.put(`/interviews/${uuid}`, { rating: 4.5 })).status).toBe(201);
    const seen = await as('GET', `/candidate/interviews/${uuid}`);
    expect(seen.status).toBe(200);
    for (const companyOnly of ['rating', 'created_by', 'assigned_to', 'share_link', 'email', '@company'])
      expect(JSON.stringify(seen.body)).not.toContain(companyOnly);

    await waitFor(() =>
      events.some((e) => e.subject === 'interviews.interview.completed' && (e.payload as { interview: { uuid: string } }).interview.uuid === uuid),
    );
    expect(
      events.filter((e) => e.subject === 'interviews.interview.accepted' && (e.payload as { interview: { uuid: string } }).interview.uuid === uuid),
    ).toHaveLength(1);
    expectError(await as('POST', `/candidate/interviews/${uuid}/accept`), 400, 'api.interview_already_completed');
  });

  it('scopes a token to its own interview', async () => {
    const first = await invite('scope-one@example.com');
    const second = await invite('scope-two@example.com');
    expectError(await first.as('GET', `/candidate/interviews/${second.uuid}`), 404, 'api.interview_not_found');
    expectError(await first.as('POST', `/candidate/interviews/${second.uuid}/accept`), 404, 'api.interview_not_found');
    // A candidate token is not a company credential.
    expectError(await first.as('GET', '/interviews'), 403, 'api.company_user_required');
    expectError(await first.as('GET', `/interviews/${first.uuid}`), 404, 'api.interview_not_found');
  });

  it('refuses forged tokens and canceled interviews', async () => {
    const { uuid, token, as } = await invite('forged@example.com');
    const forged = new ApiClient(t.baseUrl, undefined).request('GET', `/candidate/interviews/${uuid}`, {
      headers: { authorization: `Bearer ${token.slice(0, -2)}xx` },
    });
    expectError(await forged, 401, 'api.candidate_token_invalid');
    expect((await company.api.put(`/interviews/${uuid}`, { status: 'canceled' })).status).toBe(201);
    expectError(await as('POST', `/candidate/interviews/${uuid}/accept`), 400, 'api.interview_already_canceled');
  });

  it('cannot complete once the job is inactive: the completion sent as soon as the job`s update answered is refused', async () => {
    const { uuid, as } = await invite('inactive-job@example.com', [{ text: 'Only one', time_limit: 30 }]);
    const accepted = await as('POST', `/candidate/interviews/${uuid}/accept`);
    await as('POST', `/candidate/interviews/${uuid}/questions/${accepted.body.questions[0].uuid}/skip`);
    // Back to back, not waiting for interviews' projection of jobs to hear of it (issue 29).
    expect((await company.api.put(`/jobs/${jobUuid}`, { status: 'inactive' })).status).toBe(200);
    expectError(await as('POST', `/candidate/interviews/${uuid}/complete`), 400, 'api.job_inactive');
    expect((await company.api.get(`/interviews/${uuid}`)).body.status).toBe('accepted');
    // Active again: the same completion goes through.
    expect((await company.api.put(`/jobs/${jobUuid}`, { status: 'active' })).status).toBe(200);
    expect((await as('POST', `/candidate/interviews/${uuid}/complete`)).status).toBe(200);
  });
});
