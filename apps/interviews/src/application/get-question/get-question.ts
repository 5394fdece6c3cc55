import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderQuestion } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';
import { findQuestion } from '../shared/find-question';

export async function getQuestion(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions'> },
  caller: Caller,
  interviewUuid: string,
  questionUuid: string,
): Promise<interviews.Question> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  return renderQuestion(await findQuestion(deps.store.read, interview.uuid, questionUuid), interview.accommodations);
}
