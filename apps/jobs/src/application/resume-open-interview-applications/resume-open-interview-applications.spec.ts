import { randomUUID } from 'node:crypto';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { createLogger } from '@vi/platform-logger';
import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aJob, anOpenInterview } from '../../../test/factories';
import { InMemoryApplications, InMemoryDailyApplications, InMemoryJobs } from '../../../test/fakes';
import { InterviewsCalls, Later } from '../../../test/open-interview-doubles';
import type { OpenInterview } from '../../domain/job';
import { emailKey, STALE_CLAIM_MS } from '../../domain/open-interview';
import type { AfterAnswer } from '../ports';
import { applyToOpenInterview } from '../apply-to-open-interview/apply-to-open-interview';
import { resumeOpenInterviewApplications } from './resume-open-interview-applications';

/** The process stopped right after answering: what was to run after the answer never does. */
const stopped: AfterAnswer = { run: () => undefined };

describe('resumeOpenInterviewApplications', () => {
  const gateway = { principal: { kind: 'service', service: 'gateway' } as const };
  const opener = aCompanyUser({ role: 'administrator' });
  const question = { uuid: randomUUID(), text: 'Why us?', timeLimit: 60, takes: 2, thinkTime: '30' };
  const ada = { name: 'Ada Applicant', email: 'ada@example.com', phone: '555 0100', phoneParsed: '+15555550100', hasSmsConsent: true, language: 'fr' };
  let clock: FakeClock;
  let interviews: InterviewsCalls;
  let open: OpenInterview;
  let applications: InMemoryApplications;
  let store: ReturnType<typeof memoryStore<{ jobs: InMemoryJobs; applications: InMemoryApplications; dailyApplications: InMemoryDailyApplications }>>;
  const apply = (afterAnswer: AfterAnswer) =>
    applyToOpenInterview({ store, interviews, identity: { smsInvitations: async () => true }, afterAnswer, clock, dueDays: 7 }, gateway, {
      openInterviewUuid: open.uuid,
      applicant: ada,
    });
  const resume = () => resumeOpenInterviewApplications({ store, interviews, clock, logger: createLogger('jobs', 'silent') });
  const application = () => store.read.applications.find(open.uuid, emailKey(ada.email));

  beforeEach(() => {
    clock = new FakeClock('2026-11-27T10:00:00+00:00');
    interviews = new InterviewsCalls();
    open = anOpenInterview({ questions: [question], createdBy: opener.userUuid });
    applications = new InMemoryApplications();
    store = memoryStore({
      jobs: new InMemoryJobs(aJob({ companyUuid: opener.companyUuid!, status: 'active', openInterview: open })),
      applications,
      dailyApplications: new InMemoryDailyApplications(),
    });
  });

  it('makes the interview of an application answered 202 whose process stopped before making it, once its claim is stale: as applied, under its uuid, once', async () => {
    await apply(stopped);
    expect(await resume()).toBe(0);
    expect(interviews.created).toEqual([]);

    clock.advance(STALE_CLAIM_MS + 1);
    expect(await resume()).toBe(1);
    expect(interviews.created).toHaveLength(1);
    const [{ creator, request, uuid }] = interviews.created;
    expect(creator).toMatchObject({ userUuid: opener.userUuid, companyUuid: opener.companyUuid, role: 'standard' });
    expect(request).toEqual({
      interviewUuid: uuid,
      jobUuid: expect.any(String),
      applicant: ada,
      scheduledAt: new Date('2026-12-04T10:00:00Z'),
      questions: [question],
    });
    expect(await application()).toEqual({ interviewUuid: uuid, resentAt: null });

    clock.advance(STALE_CLAIM_MS + 1);
    expect(await resume()).toBe(0);
    expect(interviews.created).toHaveLength(1);
  });

  it('makes, without a new application, the interview whose creation failed after the answer; forgets one interviews refused', async () => {
    const later = new Later();
    interviews.refuse = new AppError(ErrorKind.Unavailable, 'api.service_unavailable', 'interviews is unreachable');
    await apply(later);
    await later.settle();
    interviews.refuse = undefined;
    expect(await resume()).toBe(1);
    expect(interviews.created).toHaveLength(1);
    expect((await application())?.interviewUuid).toBe(interviews.created[0].uuid);

    const refusedEmail = 'bo@example.com';
    interviews.refuse = new AppError(ErrorKind.InvalidArgument, 'api.validation_failed', 'refused');
    await applyToOpenInterview({ store, interviews, identity: { smsInvitations: async () => true }, afterAnswer: later, clock, dueDays: 7 }, gateway, {
      openInterviewUuid: open.uuid,
      applicant: { ...ada, email: refusedEmail },
    });
    await later.settle();
    interviews.refuse = undefined;
    clock.advance(STALE_CLAIM_MS + 1);
    expect(await resume()).toBe(0);
    expect(interviews.created).toHaveLength(1);
  });

  it('forgets the applicant of a link closed since, making nothing', async () => {
    await apply(stopped);
    open.status = 'inactive';
    clock.advance(STALE_CLAIM_MS + 1);
    expect(await resume()).toBe(1);
    expect(interviews.created).toEqual([]);
    open.status = 'active';
    clock.advance(STALE_CLAIM_MS + 1);
    expect(await resume()).toBe(0);
    expect(await application()).toEqual({ interviewUuid: null, resentAt: null });
  });
});
