import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { assertValidQuestionSet, mergeQuestions, type QuestionSet, type QuestionSetQuestionInput } from '../../domain/question-set';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import { renderQuestionSet } from '../question-set-rendering';

export interface UpdateQuestionSetInput {
  setUuid: string;
  name?: string;
  /** When given, the set's questions become exactly these (see mergeQuestions). */
  questions?: QuestionSetQuestionInput[];
}

/**
 * Renames a set and/or replaces its questions. The set's row is locked, so
 * concurrent updates of one set apply one after the other. Interviews already
 * created keep the questions they copied.
 */
export async function updateQuestionSet(
  deps: { store: StoreOf<InterviewsStore, 'questionSets'>; clock: Clock },
  principal: UserPrincipal,
  input: UpdateQuestionSetInput,
): Promise<interviews.QuestionSet> {
  const { companyUuid } = companyUserOf(principal, () => new InterviewsError(InterviewsErrorCode.QuestionSetNotFound));
  const updated = await deps.store.transaction(async (tx) => {
    const current = await tx.questionSets.find(companyUuid, input.setUuid, { lock: true });
    if (!current) throw new InterviewsError(InterviewsErrorCode.QuestionSetNotFound);
    assertValidQuestionSet(input);
    const next: QuestionSet = {
      ...current,
      name: input.name?.trim() ?? current.name,
      questions: input.questions ? mergeQuestions(current.questions, input.questions, randomUUID) : current.questions,
      updatedAt: deps.clock.now(),
    };
    await tx.questionSets.update(next);
    if (input.questions) await tx.questionSets.replaceQuestions(current.uuid, current.questions, next.questions);
    return next;
  });
  return renderQuestionSet(updated);
}
