import { InterviewsSubjects, type interviews } from '@vi/contracts';
import { accept } from '../../domain/interview-status';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { candidateInterview } from '../get-candidate-interview/get-candidate-interview';
import { interviewEvent, renderInterview } from '../interview-rendering';

/** requested → accepted: from now on the questions are locked. */
export async function acceptInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<interviews.Interview> {
  return deps.store.transaction(async (tx) => {
    const current = await candidateInterview(tx, caller, uuid, { lock: true });
    const now = new Date();
    if (current.status === 'accepted') return renderInterview(tx, current);
    const accepted = { ...current, status: accept(current.status, current.scheduledAt, now), acceptedAt: now, updatedAt: now };
    await tx.interviews.update(accepted);
    await tx.counters.move(accepted.companyUuid, accepted.type, current.status, accepted.status);
    const rendered = await renderInterview(tx, accepted);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewAccepted, rendered)]);
    return rendered;
  });
}
