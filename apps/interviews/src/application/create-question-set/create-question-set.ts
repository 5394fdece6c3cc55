import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { assertValidQuestionSet, newQuestions, type QuestionSet, type QuestionSetQuestionInput } from '../../domain/question-set';
import type { InterviewsStore } from '../store';
import { renderQuestionSet } from '../question-set-rendering';

export interface CreateQuestionSetInput {
  name: string;
  /** Any uuid on an item is ignored: every question is new. */
  questions: QuestionSetQuestionInput[];
}

/** Saves a new set for the caller's company; it publishes no event. */
export async function createQuestionSet(
  deps: { store: StoreOf<InterviewsStore, 'questionSets'>; clock: Clock },
  principal: UserPrincipal,
  input: CreateQuestionSetInput,
): Promise<interviews.QuestionSet> {
  const { companyUuid } = companyUserOf(principal);
  assertValidQuestionSet(input);
  const now = deps.clock.now();
  const set: QuestionSet = {
    uuid: randomUUID(),
    companyUuid,
    name: input.name.trim(),
    createdAt: now,
    updatedAt: now,
    questions: newQuestions(input.questions, randomUUID),
  };
  await deps.store.transaction((tx) => tx.questionSets.insert(set));
  return renderQuestionSet(set);
}
