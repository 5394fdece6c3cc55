import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import { sendVideo, type VideoSource } from '@vi/platform-media';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import { JOB_VIDEO_CALLER } from '../shared/forget-stored-video';
import type { JobsStore } from '../store';

/**
 * A job's video by its uuid (decision 046), or the range asked: found through a live job that shows it now, so a
 * replaced or removed video, or one of a deleted job, is not found however long ago its URL was handed out.
 */
export async function streamJobVideo(
  deps: { store: StoreOf<JobsStore, 'jobs'> } & VideoSource,
  caller: Principal,
  request: jobs.JobVideoRequest,
  send: (chunk: jobs.JobVideoChunk) => Promise<void>,
): Promise<void> {
  requireOperator(caller, JOB_VIDEO_CALLER);
  const job = await deps.store.read.jobs.findByVideo(request.video_uuid);
  if (!job?.video) throw new JobsError(JobsErrorCode.JobVideoNotFound);
  await sendVideo(deps, job.video, request, send);
}
