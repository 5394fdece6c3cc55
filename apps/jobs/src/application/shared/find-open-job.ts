import type { ReposOf } from '@vi/platform-bus';
import type { Job, OpenInterview } from '../../domain/job';
import { SharedErrorCode } from '@vi/contracts';
import { sharedError } from '@vi/platform-grpc';
import { acceptsApplications } from '../../domain/open-interview';
import type { JobsStore } from '../store';

/**
 * The job behind an open interview that takes applications now. Unknown, inactive or expired, on an inactive or
 * deleted job: one not-found for all, so an applicant learns nothing of which (decision 045).
 */
export async function findOpenJob(repos: ReposOf<JobsStore, 'jobs'>, openInterviewUuid: string, now: Date): Promise<Job & { openInterview: OpenInterview }> {
  const job = await repos.jobs.findByOpenInterview(openInterviewUuid);
  if (!job || !acceptsApplications(job.openInterview, job.status, now)) throw sharedError(SharedErrorCode.OpenInterviewNotFound);
  return job as Job & { openInterview: OpenInterview };
}
