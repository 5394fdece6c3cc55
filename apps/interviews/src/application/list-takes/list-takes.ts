import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { findInterview } from '../shared/find-interview';
import { findQuestion } from '../shared/find-question';
import { renderTake } from '../take-rendering';

/** The takes of one question, in the order they were recorded. */
export async function listTakes(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions' | 'takes'> },
  caller: Caller,
  interviewUuid: string,
  questionUuid: string,
): Promise<interviews.TakeList> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  const question = await findQuestion(deps.store.read, interview.uuid, questionUuid);
  return { takes: (await deps.store.read.takes.listFor(question.uuid)).map(renderTake) };
}
