import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { EvaluationsRepositories, EvaluationsStore } from '../application/store';
import { CommentRepository } from './comment.repository';
import { DecisionRepository } from './decision.repository';
import { EvaluationRepository } from './evaluation.repository';
import type { EvaluationsDatabase } from './evaluations.database';
import { ProcessedEventRepository } from './processed-event.repository';
import { ScorecardRepository } from './scorecard.repository';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlEvaluationsRepositories(db: Kysely<EvaluationsDatabase>): EvaluationsRepositories {
  return {
    scorecards: new ScorecardRepository(db),
    evaluations: new EvaluationRepository(db),
    comments: new CommentRepository(db),
    decisions: new DecisionRepository(db),
    processedEvents: new ProcessedEventRepository(db),
  };
}

export function createEvaluationsStore(db: Kysely<EvaluationsDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): EvaluationsStore {
  return new OutboxStore(db, relay, sqlEvaluationsRepositories);
}
