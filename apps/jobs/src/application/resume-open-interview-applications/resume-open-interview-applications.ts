import { SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { AppError } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import type { Clock } from '@vi/platform-time';
import { STALE_CLAIM_MS } from '../../domain/open-interview';
import type { InterviewsDirectory } from '../ports';
import { createApplicantInterview } from '../shared/create-applicant-interview';
import { findOpenJob } from '../shared/find-open-job';
import type { JobsStore } from '../store';

/** Claims taken in one pass: each is one call to interviews. */
const BATCH = 20;

export interface ResumeOpenInterviewApplicationsDeps {
  store: StoreOf<JobsStore, 'jobs' | 'applications'>;
  interviews: InterviewsDirectory;
  clock: Clock;
  logger: Logger;
}

/**
 * Jobs' resume sweep (decision 045): an application was answered `202` once its claim was committed, and its
 * interview is made after the answer. When that did not happen (interviews failed, the process stopped right after
 * answering), the claim keeps the applicant: once it is stale, this makes the interview from it, under the claim's
 * uuid (decision 063), so the applicant gets the invitation the answer promised without applying again. A link closed
 * since refuses it, and the applicant is forgotten. Answers how many claims it took.
 */
export async function resumeOpenInterviewApplications(deps: ResumeOpenInterviewApplicationsDeps): Promise<number> {
  const now = deps.clock.now();
  const taken = await deps.store.statement((write) => write.applications.takeResumable(now, new Date(now.getTime() - STALE_CLAIM_MS), BATCH));
  for (const application of taken) {
    try {
      const job = await findOpenJob(deps.store.read, application.openInterviewUuid, now);
      await createApplicantInterview(deps, job, application);
    } catch (error) {
      if (error instanceof AppError && error.code === SharedErrorCode.OpenInterviewNotFound) {
        await deps.store.statement((write) => write.applications.release(application.openInterviewUuid, application.emailKey, true));
      }
      deps.logger.warn({ err: error, openInterview: application.openInterviewUuid }, 'open interview application not resumed');
    }
  }
  return taken.length;
}
