import type { interviews } from '@vi/contracts';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { findInterview } from '../get-interview/get-interview';
import { renderTake } from '../take-rendering';

/** The takes of one question, in the order they were recorded. */
export async function listTakes(deps: { store: InterviewsStore }, caller: Caller, interviewUuid: string, questionUuid: string): Promise<interviews.Take[]> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  const question = await deps.store.read.questions.find(interview.uuid, questionUuid);
  if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
  return (await deps.store.read.takes.listFor(question.uuid)).map(renderTake);
}

/** A take's video for the company, whole or a byte range (HTTP Range), streamed from media storage. */
