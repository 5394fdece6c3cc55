import { SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Caller, UserPrincipal } from '@vi/platform-grpc';
import type { Job, OpenInterview } from '../../domain/job';
import type { InterviewsDirectory } from '../ports';
import type { JobsStore, ResumableApplication } from '../store';

/** The deadline of a follow-up's call to interviews: the applicant's request has been answered, its deadline is no longer theirs. */
const FOLLOW_UP_MS = 30_000;

export interface ApplicantInterviewDeps {
  store: StoreOf<JobsStore, 'applications'>;
  interviews: InterviewsDirectory;
}

/** A failure that may pass (interviews unreachable, a deadline, an internal error): the resume sweep tries again. */
function mayPass(error: unknown): boolean {
  return !(error instanceof AppError) || error.kind === ErrorKind.Unavailable || error.kind === ErrorKind.Internal;
}

/**
 * Makes a claimed application's interview (decision 045), after the answer or by the resume sweep: the interviews
 * service creates the one-way interview as for any creation (its rules, its InterviewCreated, its invitation), acting
 * as the company user who turned the open interview on, under the uuid the claim chose (decision 063: a failed
 * creation may have been made, so it is asked again, never made twice). A refusal gives the claim back and forgets
 * the applicant; a failure gives it back keeping them, for the email's next application or the resume sweep.
 */
export async function createApplicantInterview(
  deps: ApplicantInterviewDeps,
  job: Job & { openInterview: OpenInterview },
  application: Omit<ResumableApplication, 'openInterviewUuid'>,
): Promise<void> {
  const open = job.openInterview;
  const { emailKey, interviewUuid: claimed, pending } = application;
  // The user who turned the open interview on creates the interview, with a company user's least role.
  const creator: Caller<UserPrincipal> = {
    principal: { kind: 'user', userUuid: open.createdBy, companyUuid: job.companyUuid, role: 'standard', userType: 'company_user' },
    deadline: new Date(Date.now() + FOLLOW_UP_MS),
  };
  let interviewUuid: string;
  try {
    interviewUuid = await deps.interviews.createInterview(creator, {
      interviewUuid: claimed,
      jobUuid: job.uuid,
      applicant: pending.applicant,
      scheduledAt: pending.scheduledAt,
      questions: open.questions,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === SharedErrorCode.InterviewNotFound) {
      // Made under this uuid by an earlier try whose answer was lost, and deleted by the company since: not made again.
      await deps.store.statement((write) => write.applications.attach(open.uuid, emailKey, claimed));
      return;
    }
    // Refused, or failed (a deadline: perhaps made): the email may apply again at once, and that application, like
    // the resume sweep after a failure, asks for the same interview.
    await deps.store.statement((write) => write.applications.release(open.uuid, emailKey, !mayPass(error)));
    throw error;
  }
  await deps.store.statement((write) => write.applications.attach(open.uuid, emailKey, interviewUuid));
}
