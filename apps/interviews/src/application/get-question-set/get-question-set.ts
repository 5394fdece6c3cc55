import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import { renderQuestionSet } from '../question-set-rendering';

/** One of the company's sets; another company's, a deleted one, or any for a job seeker is 404. */
export async function getQuestionSet(
  deps: { store: StoreOf<InterviewsStore, 'questionSets'> },
  principal: UserPrincipal,
  setUuid: string,
): Promise<interviews.QuestionSet> {
  const { companyUuid } = companyUserOf(principal, () => new InterviewsError(InterviewsErrorCode.QuestionSetNotFound));
  const set = await deps.store.read.questionSets.find(companyUuid, setUuid);
  if (!set) throw new InterviewsError(InterviewsErrorCode.QuestionSetNotFound);
  return renderQuestionSet(set);
}
