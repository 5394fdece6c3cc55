import { randomUUID } from 'node:crypto';
import { JobsSubjects, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { Job } from '../../domain/job';
import { captionsKey, webVttProblem, type JobVideoCaptions } from '../../domain/job-video-captions';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';
import type { IdentityDirectory, JobLinks } from '../ports';
import { findJob } from '../shared/find-job';
import { forgetStoredVideo, UNCOMMITTED_VIDEO_KEPT_MS, type StoredVideoDeletion } from '../shared/forget-stored-video';
import type { JobsStore } from '../store';

export interface SetJobVideoCaptionsDeps extends StoredVideoDeletion {
  store: StoreOf<JobsStore, 'jobs' | 'videoDeletions'>;
  identity: IdentityDirectory;
  links: JobLinks;
  clock: Clock;
}

/**
 * A job video's WebVTT captions (issue 42, decision 046): checked before anything is stored, then kept beside the
 * video in media storage as the video is, its object recorded in `videoDeletions` whenever no job shows it (decision
 * 061). Replaces the captions the video had; the job moves (`updated_at`, `JobUpdated`). A file that is not WebVTT
 * is 400 `api.captions_invalid` and changes nothing.
 */
export async function setJobVideoCaptions(deps: SetJobVideoCaptionsDeps, caller: Caller, request: { jobUuid: string; vtt: Uint8Array }): Promise<jobs.Job> {
  const before = await findJob(deps.store.read, caller, request.jobUuid);
  if (!before.video) throw new JobsError(JobsErrorCode.JobVideoNotFound);
  const problem = webVttProblem(request.vtt);
  if (problem) throw new JobsError(JobsErrorCode.CaptionsInvalid, problem);
  const videoUuid = before.video.uuid;
  const captionsUuid = randomUUID();
  const key = captionsKey(before.uuid, videoUuid, captionsUuid);
  await deps.store.read.videoDeletions.schedule(key, new Date(deps.clock.now().getTime() + UNCOMMITTED_VIDEO_KEPT_MS));
  let replaced: JobVideoCaptions | null;
  let rendered: jobs.Job;
  try {
    const size = await deps.media.write(key, single(request.vtt));
    const summaries = await deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy], [before.companyUuid]);
    ({ replaced, rendered } = await withSummaries(deps.identity, caller, summaries, (summaries) =>
      deps.store.transaction(async (tx) => {
        const current = await findJob(tx, caller, before.uuid, { lock: true });
        // The captions were written for the video they were sent to: a video replaced meanwhile is not that one.
        if (current.video?.uuid !== videoUuid) throw new JobsError(JobsErrorCode.JobVideoNotFound, "The job's video was replaced or removed meanwhile");
        const now = deps.clock.now();
        const updated: Job = {
          ...current,
          video: { ...current.video, captions: { uuid: captionsUuid, storageKey: key, size, createdAt: now } },
          updatedAt: now,
        };
        await tx.jobs.update(updated);
        await tx.videoDeletions.forget([key]);
        if (current.video.captions) await tx.videoDeletions.schedule(current.video.captions.storageKey, now);
        const rendered = renderFetched(summaries, deps.links, updated);
        await tx.publish([jobEvent(JobsSubjects.JobUpdated, rendered)]);
        return { replaced: current.video.captions, rendered };
      }),
    ));
  } catch (error) {
    await forgetStoredVideo(deps, key);
    throw error;
  }
  if (replaced) await forgetStoredVideo(deps, replaced.storageKey);
  return rendered;
}

async function* single(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}
