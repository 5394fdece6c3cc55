import { randomUUID } from 'node:crypto';
import { JobsSubjects, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Job, JobStatus } from '../../domain/job';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { LocationInput } from '../../domain/location';
import type { JobsStore } from '../store';
import type { IdentityDirectory, JobLinks } from '../ports';
import { changedOpenInterview, type OpenInterviewInput } from '../shared/open-interview-change';
import { jobEvent, renderWith } from '../job-rendering';

export interface CreateJobInput {
  title: string;
  description: string;
  status: JobStatus;
  location: LocationInput;
  openInterview?: OpenInterviewInput;
}

/**
 * Creates a job post. An active one takes a plan slot: the company's counter row
 * is checked and counted in one statement at the end of the transaction, so
 * concurrent requests never overshoot and wait on each other only for the commit.
 */
export async function createJob(
  deps: { store: StoreOf<JobsStore, 'jobs' | 'locations' | 'counters'>; identity: IdentityDirectory; links: JobLinks; clock: Clock },
  caller: Caller,
  input: CreateJobInput,
): Promise<jobs.Job> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal);
  const [limit, summaries] = await Promise.all([
    input.status === 'active' ? deps.identity.jobsLimit(caller, companyUuid) : Promise.resolve(-1),
    deps.identity.summaries(caller, [userUuid], [companyUuid]),
  ]);
  const openInterview = input.openInterview ? changedOpenInterview(null, input.openInterview, userUuid, deps.clock.now()) : null;
  return deps.store.transaction(async (tx) => {
    const location = await tx.locations.findOrCreate(companyUuid, input.location);
    const now = deps.clock.now();
    const job: Job = {
      uuid: randomUUID(),
      companyUuid,
      title: input.title,
      description: input.description,
      status: input.status,
      locationUuid: location.uuid,
      locationAddress: location.formattedAddress,
      place: input.location,
      createdBy: userUuid,
      statusUpdatedBy: userUuid,
      createdAt: now,
      updatedAt: now,
      statusUpdatedAt: now,
      openInterview,
      video: null,
    };
    await tx.jobs.insert(job);
    const rendered = renderWith(summaries, deps.links, job);
    await tx.publish([jobEvent(JobsSubjects.JobCreated, rendered)]);
    // Last, so the company's counter row is locked only until the commit (concurrent creations wait on it).
    if (!(await tx.counters.countNew(companyUuid, job.status, limit))) throw new JobsError(JobsErrorCode.JobSlotsExhausted);
    return rendered;
  });
}
