import { z } from 'zod';
import type { Take } from '../interviews.contracts';
import { timestampView, uuidView } from './view-parts';

/** The containers a take video may come in. */
export const TAKE_CONTENT_TYPES = ['video/webm', 'video/mp4'] as const;
/** What a take upload may be sent as: a video, or (with the interview's `audio_only`, issue 42) sound alone in the same containers. */
export const TAKE_UPLOAD_CONTENT_TYPES = [...TAKE_CONTENT_TYPES, 'audio/webm', 'audio/mp4'] as const;
export const TAKE_KINDS = ['video', 'audio'] as const;

export const TakeView = z
  .object({
    uuid: uuidView,
    question_uuid: uuidView,
    number: z.number().int().min(1),
    content_type: z.enum(TAKE_UPLOAD_CONTENT_TYPES).meta({ description: 'What the take holds: `audio/*` for an audio-only take' }),
    kind: z
      .enum(TAKE_KINDS)
      .meta({ description: "video, or audio for an answer by microphone only (the interview's `accommodations.audio_only`): play it with an audio element" }),
    size: z.number().int(),
    duration_seconds: z.number(),
    created_at: timestampView,
  })
  .meta({ id: 'Take' });

/** A recorded answer to a question, as its upload and `GET …/questions/<uuid>/takes` show it (the video is apart). */
export function takeJson(take: Take): z.output<typeof TakeView> {
  return {
    uuid: take.uuid,
    question_uuid: take.question_uuid,
    number: take.number,
    content_type: take.content_type as z.output<typeof TakeView>['content_type'],
    // A message of a service older than the field is a video.
    kind: take.kind === 'audio' ? 'audio' : 'video',
    size: take.size,
    duration_seconds: take.duration_seconds,
    created_at: take.created_at,
  };
}
