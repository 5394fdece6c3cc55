import { InterviewsSubjects, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { accept } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { candidateInterview, forCandidate } from '../shared/candidate-interview';

/** requested → accepted before the due time: from now on the questions are locked. */
export async function acceptInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters' | 'transcriptionSettings' | RenderingRepoName>; clock: Clock },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  return deps.store.transaction(async (tx) => {
    const current = await candidateInterview(tx, caller, uuid, { lock: true });
    const now = deps.clock.now();
    if (current.status === 'accepted') return forCandidate(tx, current.companyUuid, await renderInterview(tx, current));
    const accepted = { ...current, status: accept(current.type, current.status, current.scheduledAt, now), acceptedAt: now, updatedAt: now };
    await tx.interviews.update(accepted);
    await tx.counters.move(accepted.companyUuid, accepted.type, current.status, accepted.status);
    const rendered = await renderInterview(tx, accepted);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewAccepted, rendered)]);
    return forCandidate(tx, accepted.companyUuid, rendered);
  });
}
