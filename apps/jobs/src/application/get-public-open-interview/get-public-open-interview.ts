import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import { toRfc3339, type Clock } from '@vi/platform-time';
import { renderJobVideo } from '../job-rendering';
import type { IdentityDirectory, JobLinks } from '../ports';
import type { JobsStore } from '../store';
import { findOpenJob } from '../shared/find-open-job';
import { PUBLIC_OPEN_INTERVIEW_CALLER } from '../shared/public-open-interview-caller';

/**
 * What an applicant needs to decide whether to apply (decision 045): the job, its company, its video (decision 046),
 * the questions' time limits, the days they will have to record, and whether a phone is worth giving (the plan sends
 * SMS invitations).
 */
export async function getPublicOpenInterview(
  deps: { store: StoreOf<JobsStore, 'jobs'>; identity: IdentityDirectory; clock: Clock; dueDays: number; links: JobLinks },
  caller: Principal,
  openInterviewUuid: string,
): Promise<jobs.PublicOpenInterview> {
  requireOperator(caller, PUBLIC_OPEN_INTERVIEW_CALLER);
  const job = await findOpenJob(deps.store.read, openInterviewUuid, deps.clock.now());
  const [{ companies }, smsInvitations] = await Promise.all([
    deps.identity.summaries({ principal: caller }, [], [job.companyUuid]),
    deps.identity.smsInvitations({ principal: caller }, job.companyUuid),
  ]);
  return {
    uuid: job.openInterview.uuid,
    company: companies.get(job.companyUuid),
    job_title: job.title,
    job_description: job.description,
    location: { uuid: job.locationUuid, formatted_address: job.locationAddress },
    time_limits: job.openInterview.questions.map((q) => q.timeLimit),
    expires_at: toRfc3339(job.openInterview.expiresAt),
    job_video: job.video ? renderJobVideo(deps.links, job.video) : undefined,
    due_days: deps.dueDays,
    sms_invitations: smsInvitations,
  };
}
