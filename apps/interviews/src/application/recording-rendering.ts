import type { interviews } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { Recording } from '../domain/recording';

/**
 * A recording as the API shows it: `ended_at` only once its video can be played, so a recording whose parts are
 * still being joined (`finishing`, a few seconds after it ends) reads as not ended yet rather than as a video that
 * fails to play.
 */
export function renderRecording(recording: Recording): interviews.Recording {
  return {
    uuid: recording.uuid,
    started_at: toRfc3339(recording.startedAt),
    ended_at: recording.state === 'ended' && recording.endedAt ? toRfc3339(recording.endedAt) : undefined,
    duration_seconds: recording.durationSeconds ?? undefined,
    content_type: recording.contentType,
    size: recording.size,
  };
}
