import { randomUUID } from 'node:crypto';
import { SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { AppError } from '@vi/platform-errors';
import { requireOperator, type Caller, type Principal, type ServicePrincipal, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { applicationDueAt, emailKey, RESEND_INTERVAL_MS, STALE_CLAIM_MS } from '../../domain/open-interview';
import type { Applicant, InterviewsDirectory } from '../ports';
import type { JobsStore } from '../store';
import { findOpenJob } from '../shared/find-open-job';
import { PUBLIC_OPEN_INTERVIEW_CALLER } from '../get-public-open-interview/get-public-open-interview';

/** Jobs asking interviews on its own behalf: re-sending an invitation is no user's act. */
const JOBS_SERVICE: ServicePrincipal = { kind: 'service', service: 'jobs' };

export interface ApplyToOpenInterviewDeps {
  store: StoreOf<JobsStore, 'jobs' | 'applications'>;
  interviews: InterviewsDirectory;
  clock: Clock;
  /** OPEN_INTERVIEW_DUE_DAYS. */
  dueDays: number;
}

/**
 * An application through an open interview (decision 045). The first one of an email claims its row, then has the
 * interviews service create the one-way interview as for any creation (its rules, its InterviewCreated, its
 * invitation), acting as the company user who turned the open interview on, under the uuid the claim chose (decision
 * 063: a failed creation may have been made, so it is asked again, never made twice). A repeat creates nothing: it
 * re-sends the invitation at most once per RESEND_INTERVAL_MS. The caller's answer is the same either way.
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
  const key = emailKey(input.applicant.email);
  const since = (ms: number) => new Date(now.getTime() - ms);

  const claimed = await deps.store.statement((write) => write.applications.claim(open.uuid, key, now, since(STALE_CLAIM_MS), randomUUID()));
  if (claimed === undefined) {
    const existing = await deps.store.read.applications.find(open.uuid, key);
    if (!existing?.interviewUuid) return; // its first application is still being created
    if (await deps.store.statement((write) => write.applications.markResent(open.uuid, key, now, since(RESEND_INTERVAL_MS)))) {
      await deps.interviews.resendInvitation({ principal: JOBS_SERVICE, deadline: caller.deadline }, existing.interviewUuid);
    }
    return;
  }

  // The user who turned the open interview on creates the interview, with a company user's least role.
  const creator: Caller<UserPrincipal> = {
    principal: { kind: 'user', userUuid: open.createdBy, companyUuid: job.companyUuid, role: 'standard', userType: 'company_user' },
    deadline: caller.deadline,
  };
  let interviewUuid: string;
  try {
    interviewUuid = await deps.interviews.createInterview(creator, {
      interviewUuid: claimed,
      jobUuid: job.uuid,
      applicant: input.applicant,
      scheduledAt: applicationDueAt(now, deps.dueDays, open.expiresAt),
      questions: open.questions,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === SharedErrorCode.InterviewNotFound) {
      // Made under this uuid by an earlier try whose answer was lost, and deleted by the company since: not made again.
      await deps.store.statement((write) => write.applications.attach(open.uuid, key, claimed));
      return;
    }
    // Refused (a plan rule, a bad phone) or failed (a deadline: perhaps made): the email may apply again at once, and
    // that application asks for the same interview.
    await deps.store.statement((write) => write.applications.release(open.uuid, key));
    throw error;
  }
  await deps.store.statement((write) => write.applications.attach(open.uuid, key, interviewUuid));
}
