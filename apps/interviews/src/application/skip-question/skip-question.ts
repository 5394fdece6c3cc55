import type { interviews } from '@vi/contracts';
import { requireAnswerable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { candidateInterview } from '../get-candidate-interview/get-candidate-interview';
import { renderQuestion } from '../interview-rendering';

/** The job seeker passes on a question: it counts as answered for completing the interview. */
export async function skipQuestion(deps: { store: InterviewsStore }, caller: Caller, uuid: string, questionUuid: string): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await candidateInterview(tx, caller, uuid, { lock: true });
    const question = await tx.questions.find(interview.uuid, questionUuid);
    if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
    const now = new Date();
    requireAnswerable(interview.status, interview.scheduledAt, now);
    const skipped = { ...question, skipped: true, updatedAt: now };
    await tx.questions.update(skipped);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(skipped);
  });
}
