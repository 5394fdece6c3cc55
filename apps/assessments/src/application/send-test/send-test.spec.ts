import { AppError, ErrorKind } from '@vi/platform-errors';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aTestJob } from '../../../test/factories';
import { FakeInterviews, FakeJobs, inMemoryStore } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import { sendTest, type SendTestInput } from './send-test';

describe('sendTest', () => {
  const setup = () => {
    const caller = aCompanyUser();
    const jobs = new FakeJobs();
    const job = jobs.add(caller.principal.companyUuid!, aTestJob());
    const deps = {
      store: inMemoryStore(),
      jobs,
      interviews: new FakeInterviews(),
      adapters: atsAdapters({ ashbyApiUrl: 'https://api.ashbyhq.com' }),
      clock: new FakeClock(new Date('2026-03-01T10:00:00Z')),
      settings: { dueDays: 7, allowPrivateTargets: false },
    };
    const input = (overrides: Partial<SendTestInput> = {}): SendTestInput => ({
      ats: 'greenhouse',
      testId: job.uuid,
      candidate: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      callbackUrl: 'https://app.greenhouse.io/callback/1',
      atsFields: {},
      ...overrides,
    });
    return { sut: (i: SendTestInput) => sendTest(deps, caller, i), deps, caller, job, input };
  };

  it('makes a one-way interview of the job’s questions for the candidate under the order’s uuid, due in 7 days, as the caller', async () => {
    const { sut, deps, caller, job, input } = setup();
    const answer = (await sut(input({ externalId: 'gh-1' }))) as { partner_interview_id: string };
    const order = deps.store.read.orders.state.rows[0];
    expect(answer).toEqual({ partner_interview_id: order.uuid });
    expect(order).toMatchObject({ ats: 'greenhouse', status: 'sent', createdBy: caller.principal.userUuid, interviewUuid: order.uuid, externalId: 'gh-1' });
    expect(deps.interviews.created).toEqual([
      {
        caller,
        interview: {
          uuid: order.uuid,
          jobUuid: job.uuid,
          scheduledAt: new Date('2026-03-08T10:00:00Z'),
          candidate: { name: 'Ada Lovelace', email: 'ada@example.com', phone: null },
          language: 'en',
          questions: job.open_interview!.questions.map((q) => ({ text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time })),
          source: { type: 'greenhouse', externalId: 'gh-1' },
        },
      },
    ]);
  });

  it('is never due after the open interview expires', async () => {
    const { sut, deps, job, input } = setup();
    job.open_interview!.expires_at = '2026-03-03T00:00:00+00:00';
    await sut(input());
    expect(deps.interviews.created[0].interview.scheduledAt).toEqual(new Date('2026-03-03T00:00:00Z'));
  });

  it('answers Greenhouse the open order when sent again (asking interviews again under its uuid), Ashby 409', async () => {
    const { sut, deps, input } = setup();
    const first = await sut(input());
    expect(await sut(input({ candidate: { firstName: 'Ada', lastName: 'L', email: 'ADA@example.com' } }))).toEqual(first);
    expect(deps.store.read.orders.state.rows).toHaveLength(1);
    expect(deps.interviews.created.map((c) => c.interview.uuid)).toEqual([
      deps.store.read.orders.state.rows[0].uuid,
      deps.store.read.orders.state.rows[0].uuid,
    ]);
    await sut(input({ ats: 'ashby', callbackUrl: undefined }));
    await expect(sut(input({ ats: 'ashby', callbackUrl: undefined }))).rejects.toMatchObject({ code: 'api.candidate_already_assessed', kind: 'conflict' });
  });

  it('answers 404 for a test that is not one (another company’s job, an inactive one, one without questions, no uuid)', async () => {
    const { sut, deps, caller, input } = setup();
    const other = aTestJob();
    deps.jobs.add('another-company', other);
    const inactive = deps.jobs.add(caller.principal.companyUuid!, aTestJob({ status: 'inactive' }));
    const noQuestions = deps.jobs.add(caller.principal.companyUuid!, aTestJob());
    noQuestions.open_interview!.questions = [];
    for (const testId of [other.uuid, inactive.uuid, noQuestions.uuid, 'not-a-uuid'])
      await expect(sut(input({ testId }))).rejects.toMatchObject({ code: 'api.assessment_test_not_found', kind: 'not_found' });
    expect(deps.store.read.orders.state.rows).toEqual([]);
  });

  it('refuses missing fields and a private callback address with 400, changing nothing', async () => {
    const { sut, deps, input } = setup();
    await expect(sut(input({ candidate: { firstName: '', lastName: 'L', email: 'nope' }, callbackUrl: undefined }))).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [
        expect.objectContaining({ field: 'candidate.first_name' }),
        expect.objectContaining({ field: 'candidate.email' }),
        expect.objectContaining({ field: 'callback_url' }),
      ],
    });
    await expect(sut(input({ callbackUrl: 'http://169.254.169.254/latest' }))).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'callback_url' })],
    });
    expect(deps.store.read.orders.state.rows).toEqual([]);
  });

  it('removes the order when interviews refuses the interview, so asking again starts afresh', async () => {
    const { sut, deps, input } = setup();
    deps.interviews.failCreate = new AppError(ErrorKind.PaymentRequired, 'api.plan_limit_reached', 'Plan limit');
    await expect(sut(input())).rejects.toMatchObject({ code: 'api.plan_limit_reached' });
    expect(deps.store.read.orders.state.rows).toEqual([]);
  });

  it('is for company users only', async () => {
    const { deps, input } = setup();
    await expect(sendTest(deps, aCompanyUser({ userType: 'job_seeker', companyUuid: null }), input())).rejects.toMatchObject({
      code: 'api.company_user_required',
    });
  });
});
