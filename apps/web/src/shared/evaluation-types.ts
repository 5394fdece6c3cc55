import type { components, operations } from '@vi/api-client';

/** The types of issue 40's answers, from the generated client (decision 066): names for the pages that use them. */

export type Criterion = components['schemas']['Criterion'];
export type Evaluator = components['schemas']['Evaluator'];
export type EvaluationSummary = components['schemas']['EvaluationSummary'];
export type Recommendation = NonNullable<components['schemas']['Evaluation']['recommendation']>;
export type Evaluation = components['schemas']['Evaluation'];
export type InterviewEvaluations = components['schemas']['InterviewEvaluations'];
export type Scorecard = components['schemas']['Scorecard'];
export type Comment = components['schemas']['Comment'];
/** `PUT …/evaluations/mine` (and the reviewer's): each field absent is unchanged, null clears it. */
export type EvaluationBody = operations['putInterviewsByInterviewUuidEvaluationsMine']['requestBody']['content']['application/json'];
