import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderQuestion } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';

export async function listQuestions(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions'> },
  caller: Caller,
  interviewUuid: string,
): Promise<interviews.QuestionList> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  const questions = (await deps.store.read.questions.listFor([interview.uuid])).get(interview.uuid) ?? [];
  return { questions: questions.map((q) => renderQuestion(q, interview.accommodations)) };
}
