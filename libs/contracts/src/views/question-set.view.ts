import { z } from 'zod';
import type { QuestionSet } from '../interviews.contracts';
import { THINK_TIMES, type ThinkTime } from './question.view';
import { timestampView, uuidView } from './view-parts';

/** The API's question set object. */
export const QuestionSetView = z
  .object({
    uuid: uuidView,
    name: z.string(),
    created_at: timestampView,
    updated_at: timestampView,
    questions: z.array(z.object({ uuid: uuidView, time_limit: z.number().int(), takes: z.number().int(), think_time: z.enum(THINK_TIMES), text: z.string() })),
  })
  .meta({ id: 'QuestionSet' });

/** A question set: its questions as `{uuid, time_limit, takes, think_time, text}`, `takes` a plain number (the reference's shape). */
export function questionSetJson(set: QuestionSet): z.output<typeof QuestionSetView> {
  return {
    uuid: set.uuid,
    name: set.name,
    created_at: set.created_at,
    updated_at: set.updated_at,
    questions: set.questions.map((q) => ({ uuid: q.uuid, time_limit: q.time_limit, takes: q.takes, think_time: q.think_time as ThinkTime, text: q.text })),
  };
}
