import { randomUUID } from 'node:crypto';
import { SharedErrorCode } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Caller, Principal } from '@vi/platform-grpc';
import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aJob, anOpenInterview } from '../../../test/factories';
import { InMemoryApplications, InMemoryDailyApplications, InMemoryJobs } from '../../../test/fakes';
import { InterviewsCalls, Later } from '../../../test/open-interview-doubles';
import type { OpenInterview } from '../../domain/job';
import { emailKey } from '../../domain/open-interview';
import { applyToOpenInterview } from './apply-to-open-interview';

describe('applyToOpenInterview', () => {
  const gateway = { principal: { kind: 'service', service: 'gateway' } as const };
  const opener = aCompanyUser({ role: 'administrator' });
  const question = { uuid: randomUUID(), text: 'Why us?', timeLimit: 60, takes: 2, thinkTime: '30' };
  let clock: FakeClock;
  let interviews: InterviewsCalls;
  let open: OpenInterview;
  let jobs: InMemoryJobs;
  let later: Later;
  let smsPlan: boolean;
  let deps: Parameters<typeof applyToOpenInterview>[0];
  const applicant = (email = 'ada@example.com') => ({ name: 'Ada', email, hasSmsConsent: false, language: 'en' });
  /** An application, and what it started after its answer. */
  const sut = async (email?: string, caller: Caller<Principal> = gateway) => {
    await applyToOpenInterview(deps, caller, { openInterviewUuid: open.uuid, applicant: applicant(email) });
    await later.settle();
  };

  beforeEach(() => {
    clock = new FakeClock('2026-11-27T10:00:00+00:00');
    interviews = new InterviewsCalls();
    open = anOpenInterview({ questions: [question], createdBy: opener.userUuid });
    jobs = new InMemoryJobs(aJob({ companyUuid: opener.companyUuid!, status: 'active', openInterview: open }));
    later = new Later();
    smsPlan = true;
    const identity = { smsInvitations: async () => smsPlan };
    deps = {
      store: memoryStore({ jobs, applications: new InMemoryApplications(), dailyApplications: new InMemoryDailyApplications() }),
      interviews,
      identity,
      afterAnswer: later,
      clock,
      dueDays: 7,
    };
  });

  it("creates the applicant's one-way interview as the user who turned the open interview on, due in the configured days", async () => {
    await sut();
    expect(interviews.created).toHaveLength(1);
    const [{ creator, request }] = interviews.created;
    expect(creator).toEqual({ kind: 'user', userUuid: opener.userUuid, companyUuid: opener.companyUuid, role: 'standard', userType: 'company_user' });
    expect(request).toMatchObject({ applicant: applicant(), scheduledAt: new Date('2026-12-04T10:00:00Z'), questions: [question] });
  });

  it('creates nothing for a repeat of the same email in any case; re-sends at once, then at most once per 10 minutes', async () => {
    await sut('ada@example.com');
    await sut('ADA@example.com ');
    const interviewUuid = interviews.created[0].uuid;
    expect(interviews.resent).toEqual([{ caller: { kind: 'service', service: 'jobs' }, interviewUuid }]);
    clock.advance(9 * 60_000);
    await sut();
    expect(interviews.resent).toHaveLength(1);
    clock.advance(60_000);
    await sut();
    expect(interviews.resent).toHaveLength(2);
    expect(interviews.created).toHaveLength(1);
  });

  it('gives the claim back when interviews refuses, so the email may apply again at once', async () => {
    interviews.refuse = new AppError(ErrorKind.InvalidArgument, 'api.validation_failed', 'refused');
    await sut();
    expect(later.failures).toEqual([interviews.refuse]);
    interviews.refuse = undefined;
    await sut();
    expect(interviews.created).toHaveLength(1);
  });

  /** An application whose interview interviews made, its answer lost to a deadline: the uuid it was made under. */
  const applyLosingTheAnswer = async () => {
    interviews.loseAnswer = new AppError(ErrorKind.Unavailable, 'api.service_unavailable', 'deadline exceeded');
    await sut();
    expect(later.failures).toEqual([interviews.loseAnswer]);
    interviews.loseAnswer = undefined;
    return interviews.created[0].uuid;
  };

  it('asks again for the interview whose creation answered nothing (a deadline after interviews made it), under the same uuid: one interview, attached', async () => {
    const uuid = await applyLosingTheAnswer();

    await sut();

    expect(interviews.created).toHaveLength(1);
    expect(await deps.store.read.applications.find(open.uuid, emailKey('ada@example.com'))).toEqual({ interviewUuid: uuid, resentAt: null });
    // The next repeat re-sends that interview's invitation.
    await sut();
    expect(interviews.resent).toEqual([{ caller: { kind: 'service', service: 'jobs' }, interviewUuid: uuid }]);
  });

  it('makes nothing again when the interview whose answer was lost was deleted since: the repeat answers as any repeat does', async () => {
    const uuid = await applyLosingTheAnswer();
    interviews.deleted.add(uuid);

    await sut();

    expect(interviews.created).toHaveLength(1);
    expect(await deps.store.read.applications.find(open.uuid, emailKey('ada@example.com'))).toEqual({ interviewUuid: uuid, resentAt: null });
  });

  it('is one not-found for an unknown or expired link, and for the gateway alone', async () => {
    const notFound = { code: SharedErrorCode.OpenInterviewNotFound };
    await expect(applyToOpenInterview(deps, gateway, { openInterviewUuid: randomUUID(), applicant: applicant() })).rejects.toMatchObject(notFound);
    clock.advance(open.expiresAt.getTime() - clock.now().getTime());
    await expect(sut()).rejects.toMatchObject(notFound);
    await expect(sut(undefined, { principal: opener })).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
    expect(interviews.created).toEqual([]);
  });

  // Issue 38: the answer tells nothing of whether an address applied.
  it('answers before anything is created or re-sent, for a new address and a repeat alike', async () => {
    await applyToOpenInterview(deps, gateway, { openInterviewUuid: open.uuid, applicant: applicant() });
    expect(interviews.created).toEqual([]);
    expect(later.waiting).toBe(1);
    await later.settle();
    expect(interviews.created).toHaveLength(1);
    await applyToOpenInterview(deps, gateway, { openInterviewUuid: open.uuid, applicant: applicant() });
    expect(interviews.resent).toEqual([]);
    await later.settle();
    expect(interviews.resent).toHaveLength(1);
  });

  it('refuses a phone without consent, or on a plan without SMS, before anything is claimed: the same refusal for a new address and one that applied', async () => {
    await sut('applied@example.com');
    const withPhone = (email: string, hasSmsConsent: boolean) =>
      applyToOpenInterview(deps, gateway, {
        openInterviewUuid: open.uuid,
        applicant: { ...applicant(email), phone: '555 0100', phoneParsed: '+15555550100', hasSmsConsent },
      });
    const refusals = async (hasSmsConsent: boolean) =>
      Promise.all(['applied@example.com', 'fresh@example.com'].map((email) => withPhone(email, hasSmsConsent).catch((e: AppError) => e.toBody())));

    const [applied, fresh] = await refusals(false);
    expect(applied).toMatchObject({ code: 'api.validation_failed', errors: [{ field: 'has_sms_consent' }] });
    expect(fresh).toEqual(applied);
    smsPlan = false;
    const [appliedNoSms, freshNoSms] = await refusals(true);
    expect(appliedNoSms).toMatchObject({ code: 'api.plan_sms_notifications_required' });
    expect(freshNoSms).toEqual(appliedNoSms);

    await later.settle();
    expect(interviews.created).toHaveLength(1);
    expect(interviews.resent).toEqual([]);
    expect(await deps.store.read.applications.find(open.uuid, emailKey('fresh@example.com'))).toBeUndefined();
  });

  it("stops at the link's daily cap, new addresses and repeats alike, claims nothing there, and takes applications again the next UTC day", async () => {
    open.applicationsPerDay = 2;
    await sut('first@example.com');
    await sut('second@example.com');
    const refusals = await Promise.all(
      ['first@example.com', 'third@example.com'].map((email) =>
        applyToOpenInterview(deps, gateway, { openInterviewUuid: open.uuid, applicant: applicant(email) }).catch((e: AppError) => e),
      ),
    );
    // 14 hours to midnight, UTC, from 10:00.
    for (const refused of refusals) {
      expect(refused).toMatchObject({ kind: ErrorKind.ResourceExhausted, code: 'api.open_interview_daily_limit_reached', retryAfterSeconds: 14 * 3600 });
    }
    await later.settle();
    expect(interviews.created).toHaveLength(2);
    expect(interviews.resent).toEqual([]);
    expect(await deps.store.read.applications.find(open.uuid, emailKey('third@example.com'))).toBeUndefined();
    clock.advance(14 * 3600_000);
    await sut('third@example.com');
    expect(interviews.created).toHaveLength(3);
  });
});
