import { z } from 'zod';
import type { Take } from '../interviews.contracts';
import { timestampView, uuidView } from './view-parts';

/** The containers a take video may come in. */
export const TAKE_CONTENT_TYPES = ['video/webm', 'video/mp4'] as const;

export const TakeView = z
  .object({
    uuid: uuidView,
    question_uuid: uuidView,
    number: z.number().int().min(1),
    content_type: z.enum(TAKE_CONTENT_TYPES),
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
    size: take.size,
    duration_seconds: take.duration_seconds,
    created_at: take.created_at,
  };
}
