import { InterviewsSubjects } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';

/**
 * Deletes an interview in any status; it is gone from lists and reads afterwards. Its take videos stay in media
 * storage for DELETED_INTERVIEW_MEDIA_GRACE from this moment (purge-deleted-interview-media); its transcripts' search
 * vectors go at once.
 */
export async function deleteInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters' | 'transcriptSearch' | RenderingRepoName>; clock: Clock },
  caller: Caller,
  uuid: string,
): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, uuid, { lock: true });
    const rendered = await renderInterview(tx, interview);
    await tx.interviews.markDeleted(interview.uuid, deps.clock.now());
    // Nothing searches a deleted interview: its transcripts' words go now, the texts on InterviewDeleted (decision 073).
    await tx.transcriptSearch.deleteFor(interview.uuid);
    await tx.counters.move(interview.companyUuid, interview.type, interview.status, null);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewDeleted, rendered)]);
  });
}
