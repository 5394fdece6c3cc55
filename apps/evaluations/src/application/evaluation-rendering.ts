import {
  EvaluationsSubjects,
  type CommentEventPayload,
  type CommentJson,
  type DecisionEventPayload,
  type DecisionJson,
  type EvaluationCounts,
  type EvaluationEventPayload,
  type EvaluationJson,
  type evaluations,
  type InterviewEvaluationsJson,
  type ScorecardJson,
} from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339, toRfc3339OrNull } from '@vi/platform-time';
import type { Comment } from '../domain/comment';
import type { Decision } from '../domain/decision';
import { summaryOf, type Evaluation } from '../domain/evaluation';
import { sameEvaluator, type Evaluator } from '../domain/evaluator';
import type { Scorecard } from '../domain/scorecard';

/**
 * The REST bodies of decision 070, in the shapes of `libs/contracts/src/views/evaluation.view.ts`: the service renders
 * them (decision 065) and its events carry the same renderings, so the two cannot drift.
 */

/** A body as the gRPC answer carries it: JSON bytes, sent by the gateway as they came. */
export const body = (json: unknown): evaluations.Body => ({ json: Buffer.from(JSON.stringify(json)) });

export function scorecardJson(card: Scorecard): ScorecardJson {
  return {
    criteria: card.criteria.map((c) => ({ uuid: c.uuid, name: c.name, description: c.description })),
    visibility: card.visibility,
    updated_at: toRfc3339OrNull(card.updatedAt),
  };
}

const evaluatorJson = (e: Evaluator): EvaluationJson['evaluator'] => ({ uuid: e.uuid, name: e.name, type: e.type });

export function evaluationJson(e: Evaluation): EvaluationJson {
  return {
    uuid: e.uuid,
    evaluator: evaluatorJson(e.evaluator),
    status: e.status,
    recommendation: e.recommendation,
    overall_rating: e.overallRating,
    ratings: e.ratings.map((r) => ({ criterion_uuid: r.criterionUuid, rating: r.rating })),
    note: e.note,
    submitted_at: toRfc3339OrNull(e.submittedAt),
    updated_at: toRfc3339(e.updatedAt),
  };
}

/**
 * `{mine, others, summary, visibility, criteria}` for one evaluator: the others' submitted evaluations and the summary
 * are null while the card is `after_submit` and the evaluator has not submitted; a draft is shown to its author only.
 * `criteria` (the card's, in order) is our extension of the pinned shape, so a reviewer's link can name what it rates.
 */
export function interviewEvaluationsJson(all: Evaluation[], evaluator: Pick<Evaluator, 'type' | 'uuid'>, card: Scorecard): InterviewEvaluationsJson {
  const mine = all.find((e) => sameEvaluator(e.evaluator, evaluator));
  const visible = card.visibility === 'always' || mine?.status === 'submitted';
  const summary = summaryOf(all, card.criteria);
  return {
    mine: mine ? evaluationJson(mine) : null,
    others: visible ? all.filter((e) => e.status === 'submitted' && e !== mine).map(evaluationJson) : null,
    summary: visible
      ? { submitted: summary.submitted, overall_average: summary.overallAverage, recommendations: summary.recommendations, criteria: summary.criteria }
      : null,
    visibility: card.visibility,
    criteria: scorecardJson(card).criteria,
  };
}

export function commentJson(c: Comment): CommentJson {
  return {
    uuid: c.uuid,
    author: evaluatorJson(c.author),
    text: c.text,
    take_uuid: c.takeUuid,
    recording_uuid: c.recordingUuid,
    at_ms: c.atMs,
    mentions: c.mentions.map((m) => ({ uuid: m.uuid, name: m.name })),
    created_at: toRfc3339(c.createdAt),
  };
}

export function decisionJson(d: Decision): DecisionJson {
  return { decision: d.decision, decided_by: { uuid: d.decidedBy.uuid, name: d.decidedBy.name }, decided_at: toRfc3339(d.decidedAt) };
}

/** EvaluationSubmitted or EvaluationStarted, with the interview's counts after the change. */
export function evaluationEvent(
  subject: typeof EvaluationsSubjects.EvaluationSubmitted | typeof EvaluationsSubjects.EvaluationStarted,
  e: Evaluation,
  counts: EvaluationCounts,
): NewEvent<EvaluationEventPayload> {
  return { subject, payload: { interview_uuid: e.interviewUuid, company_uuid: e.companyUuid, counts, evaluation: evaluationJson(e) } };
}

export function decisionEvent(d: Decision, counts: EvaluationCounts, notice: DecisionEventPayload['notify_candidate']): NewEvent<DecisionEventPayload> {
  return {
    subject: EvaluationsSubjects.DecisionMade,
    payload: { interview_uuid: d.interviewUuid, company_uuid: d.companyUuid, counts, decision: decisionJson(d), notify_candidate: notice },
  };
}

export function commentEvent(c: Comment, counts: EvaluationCounts, mentions: CommentEventPayload['mentions']): NewEvent<CommentEventPayload> {
  return {
    subject: EvaluationsSubjects.CommentCreated,
    payload: { interview_uuid: c.interviewUuid, company_uuid: c.companyUuid, counts, comment: commentJson(c), mentions },
  };
}
