import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { thinkTimeOf, type InterviewQuestion } from '../../domain/interview';
import { requireQuestionsEditable } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { renderQuestion } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';
import { findQuestion } from '../shared/find-question';

/** Changes a question's text, time limit, takes or think time while the interview is still requested. */
export async function updateQuestion(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions'>; clock: Clock },
  caller: Caller,
  interviewUuid: string,
  questionUuid: string,
  input: { text?: string; timeLimit?: number; takes?: number; thinkTime?: string },
): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, interviewUuid, { lock: true });
    const current = await findQuestion(tx, interview.uuid, questionUuid);
    requireQuestionsEditable(interview.status);
    const now = deps.clock.now();
    const question: InterviewQuestion = {
      ...current,
      text: input.text ?? current.text,
      timeLimit: input.timeLimit ?? current.timeLimit,
      takesLimit: input.takes ?? current.takesLimit,
      thinkTime: input.thinkTime === undefined ? current.thinkTime : thinkTimeOf(input.thinkTime, 'think_time'),
      updatedAt: now,
    };
    await tx.questions.update(question);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(question, interview.accommodations);
  });
}
