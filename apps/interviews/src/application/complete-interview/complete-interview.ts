import { InterviewsSubjects, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { requireAnswerable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { candidateInterview } from '../shared/candidate-interview';

/** accepted → completed: before the due time, every question answered or skipped, the job still active. */
export async function completeInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters' | RenderingRepoName>; clock: Clock },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  return deps.store.transaction(async (tx) => {
    const current = await candidateInterview(tx, caller, uuid, { lock: true });
    const now = deps.clock.now();
    requireAnswerable(current.status, current.scheduledAt, now);
    const questions = (await tx.questions.listFor([current.uuid])).get(current.uuid) ?? [];
    if (questions.some((q) => !q.completed && !q.skipped)) throw new InterviewsError(InterviewsErrorCode.QuestionsUnanswered);
    const job = (await tx.projections.jobs([current.jobUuid])).get(current.jobUuid);
    if (job?.status !== 'active') throw new InterviewsError(InterviewsErrorCode.JobInactive);
    const completed = { ...current, status: 'completed' as const, completedAt: now, updatedAt: now };
    await tx.interviews.update(completed);
    await tx.counters.move(completed.companyUuid, completed.type, current.status, completed.status);
    const rendered = await renderInterview(tx, completed);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewCompleted, rendered)]);
    return rendered;
  });
}
