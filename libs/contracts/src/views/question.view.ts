import { z } from 'zod';
import type { Question } from '../interviews.contracts';
import { timestampView, uuidView } from './view-parts';

/** A question's `time_limit`: the seconds a take may last (API reference, "Limits"). */
export const TIME_LIMITS = [30, 60, 90, 120, 160, 180] as const;
/** A question's `think_time`: seconds to read it before recording starts, as a string (ours, decision 013). */
export const THINK_TIMES = ['0', '15', '30', '45', '60', '90', '120', '180'] as const;
export type ThinkTime = (typeof THINK_TIMES)[number];
export const DEFAULT_THINK_TIME: ThinkTime = '30';

export const thinkTimeView = z.enum(THINK_TIMES).meta({ description: 'Seconds to read the question before recording starts (ours, decision 013)' });
export const takesLimitView = z.number().int().min(-1).max(5).meta({ description: '-1: unlimited' });

/** A question's limits as an interview renders them: its own × the interview's accommodations (issue 42). */
export const effectiveTimeLimitView = z
  .number()
  .int()
  .nullable()
  .meta({ description: "Seconds a take may last: the question's, × the interview's `accommodations.time_multiplier` rounded up; null with `unlimited_time`" });
export const effectiveThinkTimeView = z.string().regex(/^\d+$/).nullable().meta({
  description:
    "Seconds to read the question before recording starts (ours, decision 013), as a string: the question's, × the interview's `accommodations.time_multiplier` rounded up; null with `unlimited_time`",
});
export const effectiveTakesView = z
  .number()
  .int()
  .min(-1)
  .max(15)
  .meta({ description: "-1: unlimited. The question's takes plus the interview's `accommodations.extra_takes`" });

/** The limits a rendered question shows: null for time with the interview's `unlimited_time` (the message carries the flag). */
export function effectiveLimitsJson(question: Pick<Question, 'time_limit' | 'think_time' | 'unlimited_time'>): {
  time_limit: number | null;
  think_time: string | null;
} {
  return question.unlimited_time ? { time_limit: null, think_time: null } : { time_limit: question.time_limit, think_time: question.think_time };
}

/** A question as `GET /interviews/<uuid>/questions/<uuid>` shows it. */
export const QuestionView = z
  .object({
    uuid: uuidView,
    text: z.string(),
    completed: z.boolean(),
    skipped: z.boolean(),
    time_limit: effectiveTimeLimitView,
    think_time: effectiveThinkTimeView,
    takes: z.object({ completed: z.number().int().min(0), remaining: effectiveTakesView, limit: effectiveTakesView }),
    created_at: timestampView,
    updated_at: timestampView,
    started_at: timestampView.nullable(),
  })
  .meta({ id: 'Question' });

/** An interview question as `GET /interviews/<uuid>/questions/<uuid>` shows it, with its interview's effective limits (issue 42). */
export function questionJson(question: Question): z.output<typeof QuestionView> {
  return {
    uuid: question.uuid,
    text: question.text,
    completed: question.completed,
    skipped: question.skipped,
    // The effective limits (issue 42); think_time is not in the reference's question object: ours (decision 013), so a
    // recorder knows how long to show the question first.
    ...effectiveLimitsJson(question),
    takes: { completed: question.takes?.completed ?? 0, remaining: question.takes?.remaining ?? -1, limit: question.takes?.limit ?? -1 },
    created_at: question.created_at,
    updated_at: question.updated_at,
    started_at: question.started_at ?? null,
  };
}
