import { InterviewsSubjects, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { requireAnswerable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import type { JobsDirectory } from '../ports';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { candidateInterview, forCandidate } from '../shared/candidate-interview';

/**
 * accepted → completed: before the due time, every question answered or skipped, the job still active. The job's
 * status is asked of jobs at every completion, before the transaction (decision 028): the projection of jobs lags
 * a `PUT /jobs/<uuid> {"status":"inactive"}` by the outbox and the bus, and the contract says an inactive job stops
 * completions (docs/interview-lifecycle.md).
 */
export async function completeInterview(
  deps: {
    store: StoreOf<InterviewsStore, 'interviews' | 'counters' | 'transcriptionSettings' | RenderingRepoName>;
    jobs: Pick<JobsDirectory, 'jobStatus'>;
    clock: Clock;
  },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  const interview = await candidateInterview(deps.store.read, caller, uuid);
  const jobStatus = await deps.jobs.jobStatus(caller, { companyUuid: interview.companyUuid, jobUuid: interview.jobUuid });
  return deps.store.transaction(async (tx) => {
    const current = await candidateInterview(tx, caller, uuid, { lock: true });
    const now = deps.clock.now();
    requireAnswerable(current.status, current.scheduledAt, now);
    const questions = (await tx.questions.listFor([current.uuid])).get(current.uuid) ?? [];
    if (questions.some((q) => !q.completed && !q.skipped)) throw new InterviewsError(InterviewsErrorCode.QuestionsUnanswered);
    if (jobStatus !== 'active') throw new InterviewsError(InterviewsErrorCode.JobInactive);
    const completed = { ...current, status: 'completed' as const, completedAt: now, updatedAt: now };
    await tx.interviews.update(completed);
    await tx.counters.move(completed.companyUuid, completed.type, current.status, completed.status);
    const rendered = await renderInterview(tx, completed);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewCompleted, rendered)]);
    return forCandidate(tx, completed.companyUuid, rendered);
  });
}
