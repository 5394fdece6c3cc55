import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { newQuestion, thinkTimeOf } from '../../domain/interview';
import { requireQuestionsEditable } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { renderQuestion } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';

/** Adds a question while the interview is still requested (locked once accepted). */
export async function createQuestion(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions'>; clock: Clock },
  caller: Caller,
  interviewUuid: string,
  input: { text: string; timeLimit: number; takes: number; thinkTime?: string },
): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, interviewUuid, { lock: true });
    requireQuestionsEditable(interview.status);
    const now = deps.clock.now();
    const thinkTime = thinkTimeOf(input.thinkTime, 'think_time');
    const question = newQuestion(interview.uuid, await tx.questions.nextPosition(interview.uuid), { ...input, thinkTime }, now);
    await tx.questions.insert([question]);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(question, interview.accommodations);
  });
}
