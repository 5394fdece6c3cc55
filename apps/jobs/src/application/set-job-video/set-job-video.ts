import { randomUUID } from 'node:crypto';
import { JobsSubjects, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import type { Caller } from '@vi/platform-grpc';
import { containerNamed, streamedBody } from '@vi/platform-media';
import type { Clock } from '@vi/platform-time';
import type { Job } from '../../domain/job';
import { isJobVideoTooLong, jobVideoKey, MAX_JOB_VIDEO_SECONDS, roundedSeconds, storageKeysOf, type JobVideo } from '../../domain/job-video';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import { jobEvent, renderFetched, withSummaries } from '../job-rendering';
import type { IdentityDirectory, JobLinks, VideoProbe } from '../ports';
import { findJob } from '../shared/find-job';
import { forgetStoredVideo, UNCOMMITTED_VIDEO_KEPT_MS, type StoredVideoDeletion } from '../shared/forget-stored-video';
import type { JobsStore } from '../store';

export interface SetJobVideoDeps extends StoredVideoDeletion {
  store: StoreOf<JobsStore, 'jobs' | 'videoDeletions'>;
  identity: IdentityDirectory;
  links: JobLinks;
  clock: Clock;
  video: VideoProbe;
  /** MAX_JOB_VIDEO_BYTES. */
  maxBytes: number;
}

/**
 * A job's video (decision 046), streamed to media storage as it arrives and measured on the way, as a take is: the
 * first bytes must announce the container the content type names, the body may not pass `maxBytes`, the measured
 * length may not pass three minutes. A refused video is deleted before the answer and the job is unchanged. Once
 * the job points at the new video (one transaction, with `JobUpdated`), the replaced one is deleted: its URL is
 * already gone, since it is found through the job. Each object is in `videoDeletions` whenever no job shows it, from
 * before its first byte is stored (decision 061): what a failure or a crash leaves, the retention sweep deletes.
 */
export async function setJobVideo(deps: SetJobVideoDeps, caller: Caller, chunks: AsyncIterable<jobs.JobVideoUploadChunk>): Promise<jobs.Job> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? undefined : first.value.header;
  if (!header) throw validationFailed([{ field: 'body', reason: 'the upload starts with its header', code: 'invalid_format' }]);
  const container = containerNamed(header.content_type);
  if (!container) throw validationFailed([{ field: 'Content-Type', reason: 'must be video/webm or video/mp4', code: 'invalid_value' }]);
  const before = await findJob(deps.store.read, caller, header.job_uuid);

  const body = await streamedBody(iterator, first.done ? undefined : first.value.data, deps.video.headBytes);
  const announced = deps.video.containerOf(body.head);
  if (announced === null) throw new JobsError(JobsErrorCode.JobVideoNotVideo);
  if (announced !== container) {
    throw new JobsError(JobsErrorCode.JobVideoNotVideo, `The body is ${announced === 'mp4' ? 'an MP4' : 'a WebM'} video: send it as video/${announced}`);
  }
  const requireBounded = (size: number) => {
    if (size > deps.maxBytes) throw new JobsError(JobsErrorCode.JobVideoTooLarge, `The video is larger than ${deps.maxBytes} bytes`);
  };
  const measured = deps.video.measure(body.bytes(requireBounded));
  const videoUuid = randomUUID();
  const key = jobVideoKey(before.uuid, videoUuid, container);
  await deps.store.read.videoDeletions.schedule(key, new Date(deps.clock.now().getTime() + UNCOMMITTED_VIDEO_KEPT_MS));
  let replaced: JobVideo | null;
  let rendered: jobs.Job;
  try {
    const size = await deps.media.write(key, measured.data);
    const seconds = await measured.duration;
    if (seconds === null) throw new JobsError(JobsErrorCode.JobVideoNotVideo, "The video's container carries no readable duration");
    const durationSeconds = roundedSeconds(seconds);
    if (isJobVideoTooLong(durationSeconds)) {
      throw new JobsError(JobsErrorCode.JobVideoTooLong, `The video is ${durationSeconds} seconds long; a job video may last ${MAX_JOB_VIDEO_SECONDS} seconds`);
    }
    const summaries = await deps.identity.summaries(caller, [before.createdBy, before.statusUpdatedBy], [before.companyUuid]);
    ({ replaced, rendered } = await withSummaries(deps.identity, caller, summaries, (summaries) =>
      deps.store.transaction(async (tx) => {
        const current = await findJob(tx, caller, before.uuid, { lock: true });
        const now = deps.clock.now();
        const video: JobVideo = {
          uuid: videoUuid,
          storageKey: key,
          contentType: header.content_type as JobVideo['contentType'],
          size,
          durationSeconds,
          createdAt: now,
          // Captions are timed to the video they were written for: a new video comes without (decision 046).
          captions: null,
        };
        const updated: Job = { ...current, video, updatedAt: now };
        await tx.jobs.update(updated);
        await tx.videoDeletions.forget([key]);
        for (const old of current.video ? storageKeysOf(current.video) : []) await tx.videoDeletions.schedule(old, now);
        const rendered = renderFetched(summaries, deps.links, updated);
        await tx.publish([jobEvent(JobsSubjects.JobUpdated, rendered)]);
        return { replaced: current.video, rendered };
      }),
    ));
  } catch (error) {
    await forgetStoredVideo(deps, key);
    throw error;
  }
  for (const old of replaced ? storageKeysOf(replaced) : []) await forgetStoredVideo(deps, old);
  return rendered;
}
