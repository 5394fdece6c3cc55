import { DECISIONS, EVALUATION_LIMITS, type DecisionValue } from '@vi/contracts';
import type { FieldError } from '@vi/platform-errors';
import { fieldError, tooLong } from './field-errors';

/** The team's decision on an interview: one per interview, replaced by the next. */
export interface Decision {
  interviewUuid: string;
  companyUuid: string;
  decision: DecisionValue;
  decidedBy: { uuid: string; name: string };
  decidedAt: Date;
}

export interface DecisionInput {
  decision: string;
  notifyCandidate: boolean;
  message?: string;
}

/** The field errors of a decision's input (the decision's value, the candidate message's length). */
export function decisionInputErrors(input: DecisionInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!(DECISIONS as readonly string[]).includes(input.decision)) errors.push(fieldError('decision', `must be one of ${DECISIONS.join(', ')}`));
  if (input.message !== undefined && input.message.length > EVALUATION_LIMITS.rejectMessage) errors.push(tooLong('message', EVALUATION_LIMITS.rejectMessage));
  return errors;
}
