import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { AppError } from '@vi/platform-errors';
import { PrincipalTokens, UpstreamClient } from '@vi/platform-grpc';
import { waitFor, webmFile } from '@vi/platform-testing';
import { SupportClient } from '../../tools/admin-cli/src/support-client';
import { ApiClient } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import {
  DAY_MS,
  InterviewEvents,
  companyWithJob,
  createInterview,
  expectInterviewShape,
  getInterview,
  inFuture,
  interviewBody,
  putInterview,
  seekerEmail,
} from './interview-helpers';

const RESET = 'interviews.interview.reset';

describe('customer support resets an interview (InterviewReset)', () => {
  let t: TestSystem;
  let events: InterviewEvents;
  let support: SupportClient;
  let company: Awaited<ReturnType<typeof companyWithJob>>;

  beforeAll(async () => {
    t = await startTestSystem();
    events = await new InterviewEvents().start(t.system.bus);
    support = new SupportClient(`127.0.0.1:${t.system.interviews.grpcPort}`, t.env.INTERNAL_JWT_SECRET!);
    company = await companyWithJob(t);
  });
  afterAll(async () => {
    support.close();
    await events.close();
    await t.stop();
  });

  /** The candidate's side of an interview, through a link issued once its newest invitation is out. */
  async function candidateOf(uuid: string) {
    await waitFor(() => events.for(uuid).some((m) => m.payload.invitation), 5_000);
    const token = await t.candidateLinks.token(uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const headers = { authorization: `Bearer ${token}` };
    return {
      token,
      post: (path: string) => candidate.request('POST', `/candidate/interviews/${uuid}${path}`, { headers }),
      upload: (questionUuid: string, video: Buffer) =>
        fetch(`${t.baseUrl}/candidate/interviews/${uuid}/questions/${questionUuid}/takes`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'video/webm' },
          body: video,
        }),
    };
  }

  /** An interview the job seeker answered (one take, one skip) and completed, then rated by the company. */
  async function completedAndRated() {
    const created = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Riley Reset', email: seekerEmail('riley') } }));
    const candidate = await candidateOf(created.uuid);
    expect((await candidate.post('/accept')).status).toBe(200);
    expect((await candidate.upload(created.questions[0].uuid, webmFile({ seconds: 20 }))).status).toBe(201);
    expect((await candidate.post(`/questions/${created.questions[1].uuid}/skip`)).status).toBe(200);
    expect((await candidate.post('/complete')).status).toBe(200);
    await putInterview(company.api, created.uuid, { rating: 4 });
    return created;
  }

  it('puts a completed, rated interview back to requested with its answers, takes and rating cleared, and a new link', async () => {
    const created = await completedAndRated();
    const before = await getInterview(company.api, created.uuid);
    expect(before).toMatchObject({ status: 'completed', rating: 4, completed_at: expect.any(String) });

    const reset = await support.resetInterview(created.uuid);
    expect(reset.status).toBe('requested');

    const after = await getInterview(company.api, created.uuid);
    expectInterviewShape(after, { questions: true });
    expect(after).toEqual({
      ...before,
      status: 'requested',
      rating: null,
      completed_at: null,
      updated_at: expect.any(String),
      questions: before.questions.map((q: any) => ({
        ...q,
        completed: false,
        takes: { completed: 0, remaining: q.takes.remaining === -1 ? -1 : q.takes.remaining + q.takes.completed },
      })),
    });
    const question = (await company.api.get(`/interviews/${created.uuid}/questions/${created.questions[1].uuid}`)).body;
    expect(question).toMatchObject({ completed: false, skipped: false, started_at: null, takes: { completed: 0, remaining: 2, limit: 2 } });
    // Requested again: nothing for the company to watch (and nothing kept).
    expect((await company.api.get(`/interviews/${created.uuid}/questions/${created.questions[0].uuid}/takes`)).status).toBe(403);
    // The videos are gone from media storage too.
    expect(await t.storedVideos(created.uuid)).toEqual([]);

    await waitFor(() => events.for(created.uuid, RESET).length > 0, 5_000);
    const event = events.for(created.uuid, RESET)[0];
    expect(event.payload.interview).toEqual(after);
    expect(event.payload.invitation).toMatchObject({ timezone: 'Europe/Paris' });
    expect(event.payload.invitation).not.toHaveProperty('candidate_url');

    // The job seeker starts over through the new link and completes again.
    const again = await candidateOf(created.uuid);
    expect((await again.post('/accept')).status).toBe(200);
    expect((await again.upload(created.questions[0].uuid, webmFile({ seconds: 8 }))).status).toBe(201);
    expect((await again.post(`/questions/${created.questions[1].uuid}/skip`)).status).toBe(200);
    expect((await again.post('/complete')).body).toMatchObject({ status: 'completed' });
  });

  it('needs a new due time once the old one has passed, and refuses a canceled interview', async () => {
    const dueSoon = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: inFuture(1_500) }));
    await waitFor(
      async () => {
        await t.system.interviews.sweepExpired();
        return (await getInterview(company.api, dueSoon.uuid)).status === 'expired';
      },
      8_000,
      200,
    );
    await expect(support.resetInterview(dueSoon.uuid)).rejects.toMatchObject({ code: 'api.validation_failed' });
    expect((await getInterview(company.api, dueSoon.uuid)).status).toBe('expired');
    await expect(support.resetInterview(dueSoon.uuid, 'not a time')).rejects.toMatchObject({ code: 'api.validation_failed' });
    const newDue = inFuture(3 * DAY_MS);
    const reset = await support.resetInterview(dueSoon.uuid, newDue);
    expect({ status: reset.status, scheduled_at: reset.scheduled_at }).toEqual({ status: 'requested', scheduled_at: newDue });

    const canceled = await createInterview(company.api, interviewBody(company.job.uuid));
    await putInterview(company.api, canceled.uuid, { status: 'canceled' });
    await expect(support.resetInterview(canceled.uuid)).rejects.toMatchObject({ code: 'api.interview_already_canceled' });
    await expect(support.resetInterview('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'api.interview_not_found' });
    expect(events.for(canceled.uuid, RESET)).toEqual([]);
  });

  it('is for customer support only: a company user cannot reset, over gRPC or the API', async () => {
    const created = await createInterview(company.api, interviewBody(company.job.uuid));
    const asUser = new UpstreamClient(
      'interviews',
      new interviews.InterviewsServiceClient(`127.0.0.1:${t.system.interviews.grpcPort}`, credentials.createInsecure()),
      new PrincipalTokens(t.env.INTERNAL_JWT_SECRET!),
    );
    try {
      const principal = {
        kind: 'user',
        userUuid: company.adminUuid,
        companyUuid: company.companyUuid,
        role: 'administrator',
        userType: 'company_user',
      } as const;
      const refused = await asUser.call((c) => c.resetInterview, { interview_uuid: created.uuid }, { principal }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'api.operator_required' });
    } finally {
      asUser.close();
    }
    expectError(await company.api.post(`/interviews/${created.uuid}/reset`, {}), 404, 'api.not_found');
  });

  it('works from the admin CLI (npm run admin -- reset-interview)', async () => {
    const created = await completedAndRated();
    const root = resolve(__dirname, '../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'tools/admin-cli/src/main.ts'), 'reset-interview', '--interview', created.uuid],
      {
        cwd: root,
        env: { ...process.env, INTERVIEWS_GRPC_URL: `127.0.0.1:${t.system.interviews.grpcPort}`, INTERNAL_JWT_SECRET: t.env.INTERNAL_JWT_SECRET },
      },
    );
    expect(stdout).toContain(`interview ${created.uuid}: requested`);
    expect((await getInterview(company.api, created.uuid)).status).toBe('requested');
  });
});
