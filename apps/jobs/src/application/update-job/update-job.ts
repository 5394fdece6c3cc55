import { JobsSubjects, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { takesSlot, type Job, type JobStatus } from '../../domain/job';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { LocationInput } from '../../domain/location';
import type { JobsStore } from '../store';
import type { IdentityDirectory, JobLinks } from '../ports';
import { changedOpenInterview, type OpenInterviewInput } from '../shared/open-interview-change';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';
import { findJob } from '../shared/find-job';

export interface UpdateJobInput {
  jobUuid: string;
  title?: string;
  description?: string;
  status?: JobStatus;
  location?: LocationInput;
  openInterview?: OpenInterviewInput;
}

/** Changes any of a job's properties; activating it takes a slot, and its status fields move only when the status does. */
export async function updateJob(
  deps: { store: StoreOf<JobsStore, 'jobs' | 'locations' | 'counters'>; identity: IdentityDirectory; links: JobLinks; clock: Clock },
  caller: Caller,
  input: UpdateJobInput,
): Promise<jobs.Job> {
  const before = await findJob(deps.store.read, caller, input.jobUuid);
  const companyUuid = before.companyUuid;
  const [limit, summaries] = await Promise.all([
    input.status === 'active' ? deps.identity.jobsLimit(caller, companyUuid) : Promise.resolve(-1),
    deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy, caller.principal.userUuid], [companyUuid]),
  ]);
  return withSummaries(deps.identity, caller, summaries, (summaries) =>
    deps.store.transaction(async (tx) => {
      const counts = await tx.counters.lock(companyUuid);
      const current = await findJob(tx, caller, input.jobUuid, { lock: true });
      const status = input.status ?? current.status;
      if (takesSlot(current.status, status) && limit !== -1 && counts.active >= limit) throw new JobsError(JobsErrorCode.JobSlotsExhausted);
      const location = input.location ? await tx.locations.findOrCreate(companyUuid, input.location) : undefined;
      const now = deps.clock.now();
      const statusChanged = status !== current.status;
      const updated: Job = {
        ...current,
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        status,
        locationUuid: location?.uuid ?? current.locationUuid,
        locationAddress: location?.formattedAddress ?? current.locationAddress,
        place: input.location ?? current.place,
        updatedAt: now,
        statusUpdatedAt: statusChanged ? now : current.statusUpdatedAt,
        statusUpdatedBy: statusChanged ? caller.principal.userUuid : current.statusUpdatedBy,
        openInterview: input.openInterview
          ? changedOpenInterview(current.openInterview, input.openInterview, caller.principal.userUuid, now)
          : current.openInterview,
      };
      await tx.jobs.update(updated);
      await tx.counters.move(companyUuid, current.status, status);
      const rendered = renderFetched(summaries, deps.links, updated);
      await tx.publish([jobEvent(JobsSubjects.JobUpdated, rendered)]);
      return rendered;
    }),
  );
}
