import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type RecordingEndedPayload } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { Recording } from '../../domain/recording';
import type { InterviewsStore } from '../store';
import type { MediaStorage } from '../ports';
import { containerNamed } from '@vi/platform-media';
import type { VideoProbe } from '../ports';

export interface FinishRecordingDeps {
  store: StoreOf<InterviewsStore, 'recordings' | 'interviews'>;
  media: MediaStorage;
  video: VideoProbe;
}

/**
 * Joins a recording claimed for finishing (state `finishing`, claimed at its `lastActivityAt`): its parts, read
 * in order from media storage, become one video, measured on the way as a take is (decision 040: WebM and
 * fragmented MP4 parts appended in order make one playable file). Then the recording ends and its parts go.
 * A recording with no part is deleted: nothing of it can be played. When the claim was lost meanwhile (the
 * interview erased, another replica reclaiming a stale one), the joined video is deleted instead. An ended recording
 * of a live interview publishes `interviews.recording.ended` in the transaction that ends it (decision 073).
 * Returns the recording as it now is, or null when it is gone.
 */
export async function finishRecording(deps: FinishRecordingDeps, claimed: Recording): Promise<Recording | null> {
  const parts = await deps.store.read.recordings.partsOf(claimed.uuid);
  if (parts.length === 0) {
    await deps.store.read.recordings.delete(claimed.uuid);
    return null;
  }
  const media = deps.media;
  const joined = async function* () {
    for (const part of parts) if (part.size > 0) yield* media.read(part.storageKey, { start: 0, end: part.size - 1 });
  };
  const measured = deps.video.measure(joined());
  const key = `${claimed.interviewUuid}/recordings/${claimed.uuid}-${randomUUID()}.${containerNamed(claimed.contentType) ?? 'webm'}`;
  const size = await media.write(key, measured.data);
  const seconds = await measured.duration;
  const ended: Recording = {
    ...claimed,
    state: 'ended',
    size,
    durationSeconds: seconds === null ? null : Math.round(seconds * 100) / 100,
    storageKey: key,
  };
  const completed = await deps.store.transaction(async (tx) => {
    if (!(await tx.recordings.completeFinishing(ended, claimed.lastActivityAt))) return false;
    const interview = await tx.interviews.findForSupport(ended.interviewUuid);
    // A deleted interview's recording is kept until the purge, but nobody transcribes it.
    if (interview) {
      const payload: RecordingEndedPayload = {
        company_uuid: interview.companyUuid,
        interview_uuid: interview.uuid,
        recording_uuid: ended.uuid,
        language: interview.language,
        content_type: ended.contentType,
        duration_seconds: ended.durationSeconds,
        occurred_at: toRfc3339(ended.endedAt ?? ended.lastActivityAt),
      };
      await tx.publish([{ subject: InterviewsSubjects.RecordingEnded, payload }]);
    }
    return true;
  });
  if (!completed) {
    await media.delete(key);
    return null;
  }
  await Promise.all(parts.map((part) => media.delete(part.storageKey)));
  await deps.store.read.recordings.deleteParts(claimed.uuid);
  return ended;
}
