import type { DecisionJson, EvaluationJson, CommentJson } from '../views/evaluation.view';

export { EvaluationsSubjects, type EvaluationsSubject } from './evaluations.subjects';

/** An interview's counts of evaluations after the change: what interviews projects into the interview. */
export interface EvaluationCounts {
  evaluations_submitted: number;
  /** Drafts and submitted ones: "2 of 3 evaluated". */
  evaluations_started: number;
}

interface EvaluationsEventBase {
  interview_uuid: string;
  company_uuid: string;
  counts: EvaluationCounts;
}

/** evaluations.evaluation.submitted and evaluations.evaluation.started. */
export interface EvaluationEventPayload extends EvaluationsEventBase {
  evaluation: EvaluationJson;
}

/** A reject's message to the candidate, when the decision asked to notify them (never in a webhook body). */
export interface CandidateNotice {
  name: string;
  email: string;
  /** The interview's language (decision 047). */
  language: string;
  company_name: string;
  job_title: string | null;
  /** The company's own words; absent: the kind default of the language. */
  message: string | null;
}

/** evaluations.decision.made */
export interface DecisionEventPayload extends EvaluationsEventBase {
  decision: DecisionJson;
  notify_candidate: CandidateNotice | null;
}

/** evaluations.comment.created */
export interface CommentEventPayload extends EvaluationsEventBase {
  comment: CommentJson;
  /** The mentioned colleagues, to be emailed a link to the watch page at that moment. */
  mentions: { uuid: string; name: string; email: string }[];
}
