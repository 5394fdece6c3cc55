import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { requireAnswerable } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { renderQuestion } from '../interview-rendering';
import { candidateInterview } from '../shared/candidate-interview';
import { findQuestion } from '../shared/find-question';

/** The job seeker passes on a question: it counts as answered for completing the interview. */
export async function skipQuestion(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions'>; clock: Clock },
  caller: Caller,
  uuid: string,
  questionUuid: string,
): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await candidateInterview(tx, caller, uuid, { lock: true });
    const question = await findQuestion(tx, interview.uuid, questionUuid);
    const now = deps.clock.now();
    requireAnswerable(interview.status, interview.scheduledAt, now);
    const skipped = { ...question, skipped: true, updatedAt: now };
    await tx.questions.update(skipped);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(skipped, interview.accommodations);
  });
}
