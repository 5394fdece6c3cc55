import type { EvaluationCounts } from '@vi/contracts';
import type { Store } from '@vi/platform-bus';
import type { Comment } from '../domain/comment';
import type { Decision } from '../domain/decision';
import type { Evaluation } from '../domain/evaluation';
import type { Evaluator } from '../domain/evaluator';
import type { Scorecard } from '../domain/scorecard';

/**
 * The evaluations service's store as its use cases see it (decision 033): the repositories' interfaces, owned here;
 * the SQL repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory.
 */
export interface EvaluationsRepositories {
  readonly scorecards: ScorecardRepository;
  readonly evaluations: EvaluationRepository;
  readonly comments: CommentRepository;
  readonly decisions: DecisionRepository;
  readonly processedEvents: ProcessedEventRepository;
}

export type EvaluationsStore = Store<EvaluationsRepositories>;

/** Jobs' scorecards, by job. */
export interface ScorecardRepository {
  /** The job's card in that company; undefined for a job never given one. */
  find(companyUuid: string, jobUuid: string): Promise<Scorecard | undefined>;
  /** Writes the card and replaces its criteria (two concurrent saves: one after the other, the last one wins). */
  save(scorecard: Scorecard): Promise<void>;
  /** A deleted job's card goes with it. */
  deleteOfJob(jobUuid: string): Promise<void>;
}

/** Evaluations: one per interview and evaluator. */
export interface EvaluationRepository {
  /** The interview's evaluations in that company, oldest first. */
  listOf(companyUuid: string, interviewUuid: string): Promise<Evaluation[]>;
  /** The evaluator's evaluation of the interview, locked when asked. */
  find(companyUuid: string, interviewUuid: string, evaluator: Pick<Evaluator, 'type' | 'uuid'>, options?: { lock?: boolean }): Promise<Evaluation | undefined>;
  /**
   * Makes the evaluation unless the evaluator has one of the interview already (`insert … on conflict do nothing`:
   * two concurrent first saves make one row); true when this call made it.
   */
  insertIfAbsent(evaluation: Evaluation): Promise<boolean>;
  /** Writes what a save or a submission changes. */
  update(evaluation: Evaluation): Promise<void>;
  /** The interview's counts: submitted ones, and all (drafts too). */
  counts(interviewUuid: string): Promise<EvaluationCounts>;
  deleteOfInterview(interviewUuid: string): Promise<void>;
}

/** Comments of interviews. */
export interface CommentRepository {
  insert(comment: Comment): Promise<void>;
  /** The interview's comments in that company, by creation time (the use case orders them by answer and moment). */
  listOf(companyUuid: string, interviewUuid: string): Promise<Comment[]>;
  find(companyUuid: string, interviewUuid: string, uuid: string): Promise<Comment | undefined>;
  delete(uuid: string): Promise<void>;
  deleteOfInterview(interviewUuid: string): Promise<void>;
}

/** Decisions: one per interview. */
export interface DecisionRepository {
  find(companyUuid: string, interviewUuid: string): Promise<Decision | undefined>;
  /** Makes or replaces the interview's decision. */
  save(decision: Decision): Promise<void>;
  deleteOfInterview(interviewUuid: string): Promise<void>;
}

/** The ledger of consumed events (handlers are idempotent on the event id). */
export interface ProcessedEventRepository {
  /** Records a consumed event; false when it was handled before (redelivery). */
  markProcessed(eventId: string): Promise<boolean>;
}
