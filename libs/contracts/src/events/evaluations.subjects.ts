/**
 * The subjects of the events published by the evaluations service (decision 070); their payloads are in
 * `evaluations.events.ts`, apart so the pages' entry (`@vi/contracts/web`, through the webhook event table) reaches no
 * package.
 */
export const EvaluationsSubjects = {
  /** Webhook event EvaluationSubmitted. */
  EvaluationSubmitted: 'evaluations.evaluation.submitted',
  /** An evaluator's first save of a draft: the interview's counts change (no webhook event). */
  EvaluationStarted: 'evaluations.evaluation.started',
  /** Webhook event InterviewDecided. */
  DecisionMade: 'evaluations.decision.made',
  /** A comment: notifications emails its mentions (no webhook event). */
  CommentCreated: 'evaluations.comment.created',
} as const;

export type EvaluationsSubject = (typeof EvaluationsSubjects)[keyof typeof EvaluationsSubjects];
