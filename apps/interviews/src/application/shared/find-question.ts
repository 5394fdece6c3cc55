import type { ReposOf } from '@vi/platform-bus';
import type { InterviewQuestion } from '../../domain/interview';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';

/** A question of an interview the caller may see, or 404. */
export async function findQuestion(repos: ReposOf<InterviewsStore, 'questions'>, interviewUuid: string, questionUuid: string): Promise<InterviewQuestion> {
  const question = await repos.questions.find(interviewUuid, questionUuid);
  if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
  return question;
}
