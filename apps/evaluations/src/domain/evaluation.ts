import { EVALUATION_LIMITS, RECOMMENDATIONS, type Recommendation } from '@vi/contracts';
import { validationFailed, type FieldError } from '@vi/platform-errors';
import type { Evaluator } from './evaluator';
import { fieldError, tooLong } from './field-errors';
import type { Criterion } from './scorecard';

export interface CriterionRating {
  criterionUuid: string;
  rating: number;
}

/** One evaluator's evaluation of one interview (one per evaluator and interview). */
export interface Evaluation {
  uuid: string;
  interviewUuid: string;
  companyUuid: string;
  evaluator: Evaluator;
  status: 'draft' | 'submitted';
  recommendation: Recommendation | null;
  overallRating: number | null;
  /** Ratings of criteria later removed from the scorecard are kept (they leave the averages). */
  ratings: CriterionRating[];
  note: string | null;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a save changes; each field absent: unchanged. `''` or `0` clears. */
export interface EvaluationChanges {
  recommendation?: string;
  overallRating?: number;
  /** Replaces the ratings of the current criteria. */
  ratings?: CriterionRating[];
  note?: string;
}

/** An evaluator's evaluation before their first save. */
export function newEvaluation(fields: { uuid: string; interviewUuid: string; companyUuid: string; evaluator: Evaluator; now: Date }): Evaluation {
  return {
    uuid: fields.uuid,
    interviewUuid: fields.interviewUuid,
    companyUuid: fields.companyUuid,
    evaluator: fields.evaluator,
    status: 'draft',
    recommendation: null,
    overallRating: null,
    ratings: [],
    note: null,
    submittedAt: null,
    createdAt: fields.now,
    updatedAt: fields.now,
  };
}

const isRating = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= 5;

/**
 * The evaluation with these changes, by this evaluator (their name as it is now). Ratings name the current criteria
 * only; those of criteria removed since are kept. A submitted evaluation stays submitted, so it must still hold what
 * a submission needs. Every broken rule is a field of one `api.validation_failed`.
 */
export function savedEvaluation(
  current: Evaluation,
  changes: EvaluationChanges,
  context: { criteria: Criterion[]; evaluator: Evaluator; now: Date },
): Evaluation {
  const errors: FieldError[] = [];
  if (changes.recommendation !== undefined && changes.recommendation !== '' && !(RECOMMENDATIONS as readonly string[]).includes(changes.recommendation)) {
    errors.push(fieldError('recommendation', `must be one of ${RECOMMENDATIONS.join(', ')}`));
  }
  if (changes.overallRating !== undefined && changes.overallRating !== 0 && !isRating(changes.overallRating)) {
    errors.push(fieldError('overall_rating', 'must be an integer from 1 to 5'));
  }
  if (changes.note !== undefined && changes.note.length > EVALUATION_LIMITS.note) errors.push(tooLong('note', EVALUATION_LIMITS.note));
  const onCard = new Set(context.criteria.map((c) => c.uuid));
  const rated = new Set<string>();
  (changes.ratings ?? []).forEach((r, i) => {
    if (!onCard.has(r.criterionUuid) || rated.has(r.criterionUuid))
      errors.push(fieldError(`ratings.${i}.criterion_uuid`, "must name a criterion of the job's scorecard, once"));
    if (!isRating(r.rating)) errors.push(fieldError(`ratings.${i}.rating`, 'must be an integer from 1 to 5'));
    rated.add(r.criterionUuid);
  });
  if (errors.length > 0) throw validationFailed(errors);

  const saved: Evaluation = {
    ...current,
    evaluator: context.evaluator,
    recommendation: changes.recommendation === undefined ? current.recommendation : ((changes.recommendation || null) as Recommendation | null),
    overallRating: changes.overallRating === undefined ? current.overallRating : changes.overallRating || null,
    ratings: changes.ratings === undefined ? current.ratings : [...current.ratings.filter((r) => !onCard.has(r.criterionUuid)), ...changes.ratings],
    note: changes.note === undefined ? current.note : changes.note || null,
    updatedAt: context.now,
  };
  if (saved.status === 'submitted') requireSubmittable(saved, context.criteria);
  return saved;
}

/** Submitted now: it needs a recommendation and a rating of every current criterion. */
export function submittedEvaluation(current: Evaluation, context: { criteria: Criterion[]; evaluator: Evaluator; now: Date }): Evaluation {
  requireSubmittable(current, context.criteria);
  return { ...current, evaluator: context.evaluator, status: 'submitted', submittedAt: context.now, updatedAt: context.now };
}

/** `400 api.validation_failed` naming `recommendation` and each `ratings.<criterion_uuid>` missing. */
function requireSubmittable(evaluation: Evaluation, criteria: Criterion[]): void {
  const errors: FieldError[] = [];
  if (evaluation.recommendation === null) errors.push(fieldError('recommendation', 'is required to submit', 'invalid_type'));
  const rated = new Set(evaluation.ratings.map((r) => r.criterionUuid));
  for (const c of criteria)
    if (!rated.has(c.uuid)) errors.push(fieldError(`ratings.${c.uuid}`, `a rating of "${c.name}" is required to submit`, 'invalid_type'));
  if (errors.length > 0) throw validationFailed(errors);
}

export interface EvaluationSummary {
  submitted: number;
  overallAverage: number | null;
  recommendations: Record<Recommendation, number>;
  criteria: { uuid: string; name: string; average: number | null }[];
}

/** Averages over submitted evaluations, two decimals, null when none has a value; drafts never count. */
export function summaryOf(evaluations: Evaluation[], criteria: Criterion[]): EvaluationSummary {
  const submitted = evaluations.filter((e) => e.status === 'submitted');
  const recommendations = Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as Record<Recommendation, number>;
  for (const e of submitted) if (e.recommendation) recommendations[e.recommendation] += 1;
  return {
    submitted: submitted.length,
    overallAverage: average(submitted.flatMap((e) => (e.overallRating === null ? [] : [e.overallRating]))),
    recommendations,
    criteria: criteria.map((c) => ({
      uuid: c.uuid,
      name: c.name,
      average: average(submitted.flatMap((e) => e.ratings.filter((r) => r.criterionUuid === c.uuid).map((r) => r.rating))),
    })),
  };
}

function average(values: number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
}
