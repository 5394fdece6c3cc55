import { JobsSubjects, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import type { Job } from '../../domain/job';
import type { JobsStore } from '../store';
import type { IdentityDirectory, JobLinks } from '../ports';
import { storageKeysOf } from '../../domain/job-video';
import { forgetStoredVideo, type StoredVideoDeletion } from '../shared/forget-stored-video';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';
import { findJob } from '../shared/find-job';

/**
 * Deletes a job post: it becomes inactive, frees its slot, and is gone from lists and reads; its video is deleted
 * after (decision 046), its deletion recorded in the same transaction (decision 061).
 */
export async function deleteJob(
  deps: { store: StoreOf<JobsStore, 'jobs' | 'counters' | 'videoDeletions'>; identity: IdentityDirectory; links: JobLinks; clock: Clock } & StoredVideoDeletion,
  caller: Caller,
  jobUuid: string,
): Promise<jobs.Empty> {
  const before = await findJob(deps.store.read, caller, jobUuid);
  const summaries = await deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy, caller.principal.userUuid], [before.companyUuid]);
  const video = await withSummaries(deps.identity, caller, summaries, (summaries) =>
    deps.store.transaction(async (tx) => {
      await tx.counters.lock(before.companyUuid);
      const current = await findJob(tx, caller, jobUuid, { lock: true });
      const now = deps.clock.now();
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
      await tx.counters.move(current.companyUuid, current.status, null);
      for (const key of current.video ? storageKeysOf(current.video) : []) await tx.videoDeletions.schedule(key, now);
      await tx.publish([jobEvent(JobsSubjects.JobDeleted, renderFetched(summaries, deps.links, deleted))]);
      return current.video;
    }),
  );
  for (const key of video ? storageKeysOf(video) : []) await forgetStoredVideo(deps, key);
  return {};
}
