import { JobsSubjects, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';
import type { IdentityDirectory, JobLinks } from '../ports';
import { findJob } from '../shared/find-job';
import { forgetStoredVideo, type StoredVideoDeletion } from '../shared/forget-stored-video';
import type { JobsStore } from '../store';

/**
 * Removes a job video's captions (issue 42): the video shows `captions_url: null` from the commit on (`JobUpdated`),
 * and the object goes after, its deletion recorded in the same transaction (decision 061).
 */
export async function removeJobVideoCaptions(
  deps: { store: StoreOf<JobsStore, 'jobs' | 'videoDeletions'>; identity: IdentityDirectory; links: JobLinks; clock: Clock } & StoredVideoDeletion,
  caller: Caller,
  jobUuid: string,
): Promise<jobs.Empty> {
  const before = await findJob(deps.store.read, caller, jobUuid);
  if (!before.video) throw new JobsError(JobsErrorCode.JobVideoNotFound);
  if (!before.video.captions) throw new JobsError(JobsErrorCode.CaptionsNotFound);
  const summaries = await deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy], [before.companyUuid]);
  const removed = await withSummaries(deps.identity, caller, summaries, (summaries) =>
    deps.store.transaction(async (tx) => {
      const current = await findJob(tx, caller, jobUuid, { lock: true });
      if (!current.video) throw new JobsError(JobsErrorCode.JobVideoNotFound);
      if (!current.video.captions) throw new JobsError(JobsErrorCode.CaptionsNotFound);
      const updated = { ...current, video: { ...current.video, captions: null }, updatedAt: deps.clock.now() };
      await tx.jobs.update(updated);
      await tx.videoDeletions.schedule(current.video.captions.storageKey, updated.updatedAt);
      await tx.publish([jobEvent(JobsSubjects.JobUpdated, renderFetched(summaries, deps.links, updated))]);
      return current.video.captions;
    }),
  );
  await forgetStoredVideo(deps, removed.storageKey);
  return {};
}
