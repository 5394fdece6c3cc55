import type { interviews } from '@vi/contracts';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { findInterview } from '../get-interview/get-interview';
import { renderQuestion } from '../interview-rendering';

export async function listQuestions(deps: { store: InterviewsStore }, caller: Caller, interviewUuid: string): Promise<interviews.Question[]> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  return ((await deps.store.read.questions.listFor([interview.uuid])).get(interview.uuid) ?? []).map(renderQuestion);
}
