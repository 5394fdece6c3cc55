import type { components, operations } from '@vi/api-client';

/**
 * The types of issue 40's answers, from the generated client (decision 066). The description's shared definitions
 * (`Evaluator`, `Criterion`, `EvaluationSummary`) came out of the generator as one `__shared` schema with `$defs`,
 * and the properties that point at them (`evaluator`, `author`, `summary`, `criteria`) as that whole schema: they are
 * mended here from the same definitions, so no shape is written by hand. When the description names them as schemas
 * of their own, these become plain aliases.
 */

type Defs = components['schemas']['__shared']['$defs'];
type Mended<T, K extends keyof T, V> = Omit<T, K> & { [P in K]: V };

export type Criterion = Defs['Criterion'];
export type Evaluator = Defs['Evaluator'];
export type EvaluationSummary = Defs['EvaluationSummary'];
export type Recommendation = NonNullable<components['schemas']['Evaluation']['recommendation']>;
export type Evaluation = Mended<components['schemas']['Evaluation'], 'evaluator', Evaluator>;
export type InterviewEvaluations = Omit<components['schemas']['InterviewEvaluations'], 'mine' | 'others' | 'summary'> & {
  mine: Evaluation | null;
  others: Evaluation[] | null;
  summary: EvaluationSummary | null;
};
export type Scorecard = Mended<components['schemas']['Scorecard'], 'criteria', Criterion[]>;
export type Comment = Mended<components['schemas']['Comment'], 'author', Evaluator>;
/** `PUT …/evaluations/mine` (and the reviewer's): each field absent is unchanged, null clears it. */
export type EvaluationBody = operations['putInterviewsByInterviewUuidEvaluationsMine']['requestBody']['content']['application/json'];

/** An answer as the client types it, seen through the mended types (one place for the cast). */
export function mended<T>(value: unknown): T {
  return value as T;
}
