import { JobsSubjects, type jobs } from '@vi/contracts';
import { companyUserOf } from '@vi/platform-grpc';
import { takesSlot, type Job, type JobStatus } from '../../domain/job';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { LocationInput } from '../../domain/location';
import type { JobsStore } from '../../infrastructure/jobs.store';
import type { Caller, IdentityDirectory } from '../identity-directory';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';

export interface UpdateJobInput {
  jobUuid: string;
  title?: string;
  description?: string;
  status?: JobStatus;
  location?: LocationInput;
}

/** Changes any of a job's properties; activating it takes a slot, and its status fields move only when the status does. */
export async function updateJob(
  deps: { store: JobsStore; identity: IdentityDirectory },
  caller: Caller,
  input: UpdateJobInput,
): Promise<jobs.Job> {
  // A job seeker learns nothing of which jobs exist: 404, as for another company's job.
  const { companyUuid } = companyUserOf(caller.principal, () => new JobsError(JobsErrorCode.JobNotFound));
  const before = await deps.store.read.jobs.find(companyUuid, input.jobUuid);
  if (!before) throw new JobsError(JobsErrorCode.JobNotFound);
  const [limit, summaries] = await Promise.all([
    input.status === 'active' ? deps.identity.jobsLimit(caller, companyUuid) : Promise.resolve(-1),
    deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy, caller.principal.userUuid], [companyUuid]),
  ]);
  return withSummaries(deps.identity, caller, summaries, (summaries) => deps.store.transaction(async (tx) => {
    const counts = await tx.counters.lock(companyUuid);
    const current = await tx.jobs.find(companyUuid, input.jobUuid, { lock: true });
    if (!current) throw new JobsError(JobsErrorCode.JobNotFound);
    const status = input.status ?? current.status;
    if (takesSlot(current.status, status) && limit !== -1 && counts.active >= limit) throw new JobsError(JobsErrorCode.JobSlotsExhausted);
    const location = input.location ? await tx.locations.findOrCreate(companyUuid, input.location) : undefined;
    const now = new Date();
    const statusChanged = status !== current.status;
    const updated: Job = {
      ...current,
      title: input.title ?? current.title,
      description: input.description ?? current.description,
      status,
      locationUuid: location?.uuid ?? current.locationUuid,
      locationAddress: location?.formattedAddress ?? current.locationAddress,
      updatedAt: now,
      statusUpdatedAt: statusChanged ? now : current.statusUpdatedAt,
      statusUpdatedBy: statusChanged ? caller.principal.userUuid : current.statusUpdatedBy,
    };
    await tx.jobs.update(updated);
    await tx.counters.move(companyUuid, current.status, status);
    const rendered = renderFetched(summaries, updated);
    await tx.publish([jobEvent(JobsSubjects.JobUpdated, rendered)]);
    return rendered;
  }));
}
