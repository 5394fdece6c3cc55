import { randomUUID } from 'node:crypto';
import type { StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import { requireOperator, type Caller, type Principal, type ServicePrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { applicationDay, applicationDueAt, emailKey, RESEND_INTERVAL_MS, STALE_CLAIM_MS } from '../../domain/open-interview';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { AfterAnswer, Applicant, IdentityDirectory, InterviewsDirectory } from '../ports';
import type { JobsStore } from '../store';
import { createApplicantInterview } from '../shared/create-applicant-interview';
import { findOpenJob } from '../shared/find-open-job';
import { PUBLIC_OPEN_INTERVIEW_CALLER } from '../shared/public-open-interview-caller';

/** Jobs asking interviews on its own behalf: re-sending an invitation is no user's act. */
const JOBS_SERVICE: ServicePrincipal = { kind: 'service', service: 'jobs' };

/** The deadline of a re-send's call to interviews: the applicant's request has been answered, its deadline is no longer theirs. */
const FOLLOW_UP_MS = 30_000;

export interface ApplyToOpenInterviewDeps {
  store: StoreOf<JobsStore, 'jobs' | 'applications' | 'dailyApplications'>;
  interviews: InterviewsDirectory;
  identity: Pick<IdentityDirectory, 'smsInvitations'>;
  /** Where the interview's creation, or a repeat's re-sent invitation, runs once the applicant has been answered. */
  afterAnswer: AfterAnswer;
  clock: Clock;
  /** OPEN_INTERVIEW_DUE_DAYS. */
  dueDays: number;
}

/**
 * An application through an open interview (decision 045). Whatever does not depend on the address is checked first
 * (the link, a phone's consent, the plan's SMS feature and the link's daily cap), so that a refusal says nothing of whether the address
 * applied; then the email's row is claimed, and the answer goes back. What the claim found is done after the answer,
 * so that a new address and a repeat are answered alike and in about the same time: for a new one, its interview is
 * made (`createApplicantInterview`; the claim keeps the applicant until then, and the resume sweep makes what the
 * answer's follow-up did not); for a repeat, the invitation is re-sent at most once per RESEND_INTERVAL_MS.
 */
export async function applyToOpenInterview(
  deps: ApplyToOpenInterviewDeps,
  caller: Caller<Principal>,
  input: { openInterviewUuid: string; applicant: Applicant },
): Promise<void> {
  requireOperator(caller.principal, PUBLIC_OPEN_INTERVIEW_CALLER);
  const now = deps.clock.now();
  const job = await findOpenJob(deps.store.read, input.openInterviewUuid, now);
  const open = job.openInterview;
  const { applicant } = input;
  if (applicant.phoneParsed !== undefined) {
    if (!applicant.hasSmsConsent) throw validationFailed([{ field: 'has_sms_consent', reason: 'must be true when a phone is given', code: 'invalid_value' }]);
    if (!(await deps.identity.smsInvitations({ principal: caller.principal, deadline: caller.deadline }, job.companyUuid))) {
      throw new JobsError(JobsErrorCode.SmsFeatureRequired);
    }
  }
  // The link's daily cap (issue 38) counts every application that got this far, new address or repeat alike.
  const { day, secondsLeft } = applicationDay(now);
  if (!(await deps.store.statement((write) => write.dailyApplications.count(open.uuid, day, open.applicationsPerDay)))) {
    throw new JobsError(JobsErrorCode.OpenInterviewDailyLimitReached, undefined, secondsLeft);
  }
  const key = emailKey(applicant.email);
  const since = (ms: number) => new Date(now.getTime() - ms);

  const scheduledAt = applicationDueAt(now, deps.dueDays, open.expiresAt);
  const claimed = await deps.store.statement((write) =>
    write.applications.claim({
      openInterviewUuid: open.uuid,
      emailKey: key,
      at: now,
      staleBefore: since(STALE_CLAIM_MS),
      interviewUuid: randomUUID(),
      pending: { applicant, scheduledAt },
    }),
  );
  const later = (): Date => new Date(Date.now() + FOLLOW_UP_MS);
  if (claimed === undefined) {
    deps.afterAnswer.run('open interview application: re-send', async () => {
      const existing = await deps.store.read.applications.find(open.uuid, key);
      if (!existing?.interviewUuid) return; // its first application is still being created
      if (await deps.store.statement((write) => write.applications.markResent(open.uuid, key, now, since(RESEND_INTERVAL_MS)))) {
        await deps.interviews.resendInvitation({ principal: JOBS_SERVICE, deadline: later() }, existing.interviewUuid);
      }
    });
    return;
  }

  deps.afterAnswer.run('open interview application: interview', () =>
    createApplicantInterview(deps, job, { emailKey: key, interviewUuid: claimed, pending: { applicant, scheduledAt } }),
  );
}
