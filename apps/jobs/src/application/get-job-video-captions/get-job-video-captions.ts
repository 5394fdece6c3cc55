import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { MediaStorage } from '../ports';
import { JOB_VIDEO_CALLER } from '../shared/forget-stored-video';
import type { JobsStore } from '../store';

/**
 * A job video's captions by the video's uuid (issue 42), for `GET /public/job_videos/<uuid>/captions`: found through
 * the live job that shows the video now, as the video is (decision 046). At most 1 MB, read whole and answered in
 * one message, also with presigned playback: a player fetches a track once, and its URL needs no expiry.
 */
export async function getJobVideoCaptions(
  deps: { store: StoreOf<JobsStore, 'jobs'>; media: MediaStorage },
  caller: Principal,
  request: jobs.JobVideoRequest,
): Promise<jobs.JobVideoCaptions> {
  requireOperator(caller, JOB_VIDEO_CALLER);
  const job = await deps.store.read.jobs.findByVideo(request.video_uuid);
  if (!job?.video) throw new JobsError(JobsErrorCode.JobVideoNotFound);
  const captions = job.video.captions;
  if (!captions) throw new JobsError(JobsErrorCode.CaptionsNotFound);
  const parts: Buffer[] = [];
  for await (const part of deps.media.read(captions.storageKey, { start: 0, end: captions.size - 1 })) parts.push(part);
  return { vtt: Buffer.concat(parts) };
}
