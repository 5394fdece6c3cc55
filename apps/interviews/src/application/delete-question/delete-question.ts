import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { requireQuestionsEditable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import { findInterview } from '../shared/find-interview';
import { findQuestion } from '../shared/find-question';

/** Removes a question while the interview is still requested; a one-way interview keeps at least one. */
export async function deleteQuestion(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'questions'>; clock: Clock },
  caller: Caller,
  interviewUuid: string,
  questionUuid: string,
): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, interviewUuid, { lock: true });
    await findQuestion(tx, interview.uuid, questionUuid);
    requireQuestionsEditable(interview.status);
    const remaining = ((await tx.questions.listFor([interview.uuid])).get(interview.uuid) ?? []).length - 1;
    if (interview.type === 'one_way' && remaining === 0) throw new InterviewsError(InterviewsErrorCode.QuestionsRequired);
    await tx.questions.delete(questionUuid);
    await tx.interviews.update({ ...interview, updatedAt: deps.clock.now() });
  });
}
