import { z } from 'zod';
import type { Recording } from '../interviews.contracts';
import { TAKE_CONTENT_TYPES } from './take.view';
import { timestampView, uuidView } from './view-parts';

export const RecordingView = z
  .object({
    uuid: uuidView,
    started_at: timestampView,
    ended_at: timestampView
      .nullable()
      .meta({ description: 'null while the call is being recorded, and while its parts are joined into one video (a few seconds after it ends)' }),
    duration_seconds: z
      .number()
      .nullable()
      .meta({ description: 'measured from the video once it has ended; null before, or when its container carries no readable timing' }),
    content_type: z.enum(TAKE_CONTENT_TYPES),
    size: z.number().int().meta({ description: 'bytes received so far; once ended, the video’s size' }),
  })
  .meta({ id: 'Recording' });

/** A live interview's call recording, as `GET /interviews/<uuid>/recordings` and its upload show it (the video is apart). */
export function recordingJson(recording: Recording): z.output<typeof RecordingView> {
  return {
    uuid: recording.uuid,
    started_at: recording.started_at,
    ended_at: recording.ended_at ?? null,
    duration_seconds: recording.duration_seconds ?? null,
    content_type: recording.content_type as z.output<typeof RecordingView>['content_type'],
    size: recording.size,
  };
}
