import type { EvaluatorType } from '@vi/contracts';

/**
 * Who evaluates or comments (decision 070): a company user (their uuid) or an advanced share link's reviewer (the
 * link's uuid). The name is kept as it was when written, so a deleted user's card keeps it.
 */
export interface Evaluator {
  type: EvaluatorType;
  uuid: string;
  name: string;
}

export const sameEvaluator = (a: Pick<Evaluator, 'type' | 'uuid'>, b: Pick<Evaluator, 'type' | 'uuid'>): boolean => a.type === b.type && a.uuid === b.uuid;
