import type { interviews } from '@vi/contracts';
import type { InterviewQuestion } from '../../domain/interview';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsRepositories, InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { findInterview } from '../get-interview/get-interview';
import { renderQuestion } from '../interview-rendering';

/** A question of an interview the caller may see, or 404. */
export async function findQuestion(repos: InterviewsRepositories, interviewUuid: string, questionUuid: string): Promise<InterviewQuestion> {
  const question = await repos.questions.find(interviewUuid, questionUuid);
  if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
  return question;
}

export async function getQuestion(deps: { store: InterviewsStore }, caller: Caller, interviewUuid: string, questionUuid: string): Promise<interviews.Question> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  return renderQuestion(await findQuestion(deps.store.read, interview.uuid, questionUuid));
}
