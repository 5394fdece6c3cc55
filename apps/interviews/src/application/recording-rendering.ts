import type { interviews } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { Recording } from '../domain/recording';

/** A recording as the API shows it. */
export function renderRecording(recording: Recording): interviews.Recording {
  return {
    uuid: recording.uuid,
    started_at: toRfc3339(recording.startedAt),
    ended_at: recording.endedAt ? toRfc3339(recording.endedAt) : undefined,
    duration_seconds: recording.durationSeconds ?? undefined,
    content_type: recording.contentType,
    size: recording.size,
  };
}
