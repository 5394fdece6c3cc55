import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { QUESTION_SET_LIST_CAP } from '../../domain/question-set';
import type { InterviewsStore } from '../store';
import { renderQuestionSet } from '../question-set-rendering';

/**
 * The company's question sets, oldest first. The contract has no paging for
 * this call, so it returns the first 500 and the gateway pages them (decision 013).
 */
export async function listQuestionSets(
  deps: { store: StoreOf<InterviewsStore, 'questionSets'> },
  principal: UserPrincipal,
): Promise<interviews.QuestionSetList> {
  const { companyUuid } = companyUserOf(principal);
  const { sets } = await deps.store.read.questionSets.list(companyUuid, { offset: 0, limit: QUESTION_SET_LIST_CAP });
  return { question_sets: sets.map(renderQuestionSet) };
}
