import { z } from 'zod';
import { timestampView, uuidView } from './view-parts';

/**
 * What a hiring team says about an interview (decision 070): the job's scorecard, each evaluator's evaluation, the
 * comments pinned to a moment of an answer, and the decision. The evaluations service renders these bodies.
 */

/** `after_submit`: the others' cards and the summary stay hidden until the caller submits (Greenhouse's default). */
export const SCORECARD_VISIBILITIES = ['after_submit', 'always'] as const;
export type ScorecardVisibility = (typeof SCORECARD_VISIBILITIES)[number];
/** Greenhouse's overall recommendations. */
export const RECOMMENDATIONS = ['strong_yes', 'yes', 'no', 'definitely_not', 'no_decision'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const EVALUATION_STATUSES = ['draft', 'submitted'] as const;
export const EVALUATOR_TYPES = ['user', 'reviewer'] as const;
export type EvaluatorType = (typeof EVALUATOR_TYPES)[number];
export const DECISIONS = ['advance', 'reject', 'hold'] as const;
export type DecisionValue = (typeof DECISIONS)[number];

/** The API's limits on these bodies, checked by the gateway and by the service. */
export const EVALUATION_LIMITS = {
  criteria: 10,
  criterionName: 100,
  criterionDescription: 500,
  note: 5000,
  commentText: 2000,
  bulkDecisions: 100,
  rejectMessage: 2000,
} as const;

const ratingView = z.number().int().min(1).max(5);

export const CriterionView = z.object({ uuid: uuidView, name: z.string(), description: z.string() }).meta({ id: 'Criterion' });

export const ScorecardView = z
  .object({
    criteria: z.array(CriterionView),
    visibility: z.enum(SCORECARD_VISIBILITIES),
    updated_at: timestampView.nullable().meta({ description: 'null for a job never given a scorecard' }),
  })
  .meta({ id: 'Scorecard' });
export type ScorecardJson = z.output<typeof ScorecardView>;

export const EvaluatorView = z.object({ uuid: uuidView, name: z.string(), type: z.enum(EVALUATOR_TYPES) }).meta({ id: 'Evaluator' });

export const EvaluationView = z
  .object({
    uuid: uuidView,
    evaluator: EvaluatorView,
    status: z.enum(EVALUATION_STATUSES),
    recommendation: z.enum(RECOMMENDATIONS).nullable(),
    overall_rating: ratingView.nullable(),
    ratings: z.array(z.object({ criterion_uuid: uuidView, rating: ratingView })),
    note: z.string().nullable(),
    submitted_at: timestampView.nullable(),
    updated_at: timestampView,
  })
  .meta({ id: 'Evaluation' });
export type EvaluationJson = z.output<typeof EvaluationView>;

export const EvaluationSummaryView = z
  .object({
    submitted: z.number().int().min(0),
    overall_average: z.number().nullable(),
    recommendations: z.object(Object.fromEntries(RECOMMENDATIONS.map((r) => [r, z.number().int().min(0)])) as Record<Recommendation, z.ZodNumber>),
    criteria: z.array(z.object({ uuid: uuidView, name: z.string(), average: z.number().nullable() })),
  })
  .meta({ id: 'EvaluationSummary' });
export type EvaluationSummaryJson = z.output<typeof EvaluationSummaryView>;

export const InterviewEvaluationsView = z
  .object({
    mine: EvaluationView.nullable(),
    others: z.array(EvaluationView).nullable().meta({ description: "the others' submitted evaluations; null while hidden from the caller" }),
    summary: EvaluationSummaryView.nullable(),
    visibility: z.enum(SCORECARD_VISIBILITIES),
    criteria: z.array(CriterionView).meta({
      description: "the interview's job's current scorecard criteria, in order (our extension: a share link reads no scorecard)",
    }),
  })
  .meta({ id: 'InterviewEvaluations' });
export type InterviewEvaluationsJson = z.output<typeof InterviewEvaluationsView>;

export const CommentView = z
  .object({
    uuid: uuidView,
    author: EvaluatorView,
    text: z.string(),
    take_uuid: uuidView.nullable(),
    recording_uuid: uuidView.nullable(),
    at_ms: z.number().int().min(0).nullable(),
    mentions: z.array(z.object({ uuid: uuidView, name: z.string() })),
    created_at: timestampView,
  })
  .meta({ id: 'Comment' });
export type CommentJson = z.output<typeof CommentView>;

export const CommentListView = z.object({ items: z.array(CommentView) }).meta({ id: 'CommentList' });

export const DecisionView = z
  .object({
    decision: z.enum(DECISIONS),
    decided_by: z.object({ uuid: uuidView, name: z.string() }),
    decided_at: timestampView,
  })
  .meta({ id: 'Decision' });
export type DecisionJson = z.output<typeof DecisionView>;

export const DecisionResultsView = z
  .object({ results: z.array(z.object({ uuid: uuidView, status: z.union([z.literal(200), z.literal(404), z.literal(409)]) })) })
  .meta({ id: 'DecisionResults' });
export type DecisionResultsJson = z.output<typeof DecisionResultsView>;

/** The `EvaluationSubmitted` webhook's payload: the submitted evaluation and its interview. */
export const SubmittedEvaluationView = EvaluationView.extend({ interview_uuid: uuidView }).meta({ id: 'SubmittedEvaluation' });
/** The `InterviewDecided` webhook's payload: the decision and its interview. */
export const InterviewDecisionView = DecisionView.extend({ interview_uuid: uuidView }).meta({ id: 'InterviewDecision' });
