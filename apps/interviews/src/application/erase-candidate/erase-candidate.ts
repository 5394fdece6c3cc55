import { InterviewsSubjects, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { InterviewsStore } from '../store';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import type { MediaStorage } from '../ports';

export interface EraseCandidateInput {
  candidateUuid: string;
  /** What identity now calls the job seeker (its EraseJobSeeker reply): shown from here on, in the events too. */
  erasedName: string;
  erasedEmail: string;
}

/**
 * Erases a job seeker's data from interviews on an operator's request (decision 019): every take, call
 * recording, call chat, accommodation request and transcript search vector of every interview of theirs (rows and videos), the phone number and SMS consent they gave, and the name and email this
 * service shows. Each interview not yet deleted is deleted, so integrators are told with the contract's own
 * InterviewDeleted webhook (showing the erased name), share links stop and pending reminders are canceled.
 * Answers the uuids of the interviews, for the notifications service to forget their messages and deliveries.
 */
export async function eraseCandidate(
  deps: {
    store: StoreOf<InterviewsStore, 'interviews' | 'counters' | 'takes' | 'recordings' | 'liveCalls' | 'transcriptSearch' | RenderingRepoName>;
    media: MediaStorage;
    clock: Clock;
  },
  caller: Principal,
  input: EraseCandidateInput,
): Promise<interviews.ErasedInterviews> {
  requireOperator(caller);
  const { uuids, removed } = await deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    const all = await tx.interviews.allOfCandidate(input.candidateUuid);
    await tx.projections.upsertPerson({ uuid: input.candidateUuid, name: input.erasedName, email: input.erasedEmail, avatar: '' }, now);
    const removedKeys: string[] = [];
    for (const interview of all) {
      removedKeys.push(...(await tx.takes.deleteFor(interview.uuid)).map((take) => take.storageKey));
      removedKeys.push(...(await tx.recordings.deleteFor(interview.uuid)));
      await tx.liveCalls.deleteFor(interview.uuid);
      // What they said, as searchable words (decision 073); the transcription service erases the text on InterviewDeleted.
      await tx.transcriptSearch.deleteFor(interview.uuid);
      // What they wrote asking for an accommodation (issue 42).
      await tx.interviews.deleteAccommodationRequests(interview.uuid);
      await tx.interviews.erasePersonalFields(interview.uuid, now, input.erasedName);
      if (interview.deletedAt) continue;
      const rendered = await renderInterview(tx, {
        ...interview,
        phone: null,
        phoneParsed: null,
        hasSmsConsent: false,
        candidateName: input.erasedName,
        updatedAt: now,
      });
      await tx.interviews.markDeleted(interview.uuid, now);
      await tx.counters.move(interview.companyUuid, interview.type, interview.status, null);
      await tx.publish([interviewEvent(InterviewsSubjects.InterviewDeleted, rendered)]);
    }
    return { uuids: all.map((i) => i.uuid), removed: removedKeys };
  });
  // After the commit, as a reset does: a failed erasure keeps its videos; a leftover file the media sweep removes.
  await Promise.all(removed.map((key) => deps.media.delete(key)));
  return { interview_uuids: uuids };
}
