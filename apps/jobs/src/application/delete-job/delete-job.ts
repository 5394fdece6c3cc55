import { JobsSubjects } from '@vi/contracts';
import { companyUserOf } from '@vi/platform-grpc';
import type { Job } from '../../domain/job';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { JobsStore } from '../../infrastructure/jobs.store';
import type { Caller, IdentityDirectory } from '../identity-directory';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';

/** Deletes a job post: it becomes inactive, frees its slot, and is gone from lists and reads. */
export async function deleteJob(deps: { store: JobsStore; identity: IdentityDirectory }, caller: Caller, jobUuid: string): Promise<void> {
  // A job seeker learns nothing of which jobs exist: 404, as for another company's job.
  const { companyUuid } = companyUserOf(caller.principal, () => new JobsError(JobsErrorCode.JobNotFound));
  const before = await deps.store.read.jobs.find(companyUuid, jobUuid);
  if (!before) throw new JobsError(JobsErrorCode.JobNotFound);
  const summaries = await deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy, caller.principal.userUuid], [companyUuid]);
  await withSummaries(deps.identity, caller, summaries, (summaries) => deps.store.transaction(async (tx) => {
    await tx.counters.lock(companyUuid);
    const current = await tx.jobs.find(companyUuid, jobUuid, { lock: true });
    if (!current) throw new JobsError(JobsErrorCode.JobNotFound);
    const now = new Date();
    const wasActive = current.status === 'active';
    const deleted: Job = {
      ...current,
      status: 'inactive',
      updatedAt: now,
      statusUpdatedAt: wasActive ? now : current.statusUpdatedAt,
      statusUpdatedBy: wasActive ? caller.principal.userUuid : current.statusUpdatedBy,
    };
    await tx.jobs.update(deleted);
    await tx.jobs.markDeleted(jobUuid, now);
    await tx.counters.move(companyUuid, current.status, null);
    await tx.publish([jobEvent(JobsSubjects.JobDeleted, renderFetched(summaries, deleted))]);
  }));
}
