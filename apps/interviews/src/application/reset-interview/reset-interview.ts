import { type interviews, InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import { type Principal, requireOperator, sharedError } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { NO_EVALUATIONS, type Interview } from '../../domain/interview';
import { reset, scheduleProblem } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import type { MediaStorage } from '../ports';
import { invitationOf } from '../shared/invitation';

export interface ResetInterviewInput {
  interviewUuid: string;
  /** A new due time; required when the current one has passed. */
  scheduledAt?: Date;
}

/**
 * Customer support starts an interview over (a job seeker's recording failed,
 * the wrong person answered): back to requested, every answer, take and the
 * rating cleared (their transcripts' search vectors, a live interview's call recordings and chat too, and the team's decision and evaluation counts), and InterviewReset carries a new candidate link. Companies
 * cannot do this through the API: only a service principal (the admin CLI).
 */
export async function resetInterview(
  deps: {
    store: StoreOf<
      InterviewsStore,
      'interviews' | 'counters' | 'takes' | 'recordings' | 'liveCalls' | 'transcriptSearch' | 'transcriptionSettings' | RenderingRepoName
    >;
    media: MediaStorage;
    clock: Clock;
  },
  caller: Principal,
  input: ResetInterviewInput,
): Promise<interviews.Interview> {
  requireOperator(caller);
  const now = deps.clock.now();
  if (input.scheduledAt) {
    const problem = Number.isNaN(input.scheduledAt.getTime()) ? 'must be an RFC 3339 timestamp' : scheduleProblem(input.scheduledAt, now);
    if (problem) throw validationFailed([{ field: 'scheduled_at', reason: problem, code: 'invalid_value' }]);
  }
  const { rendered, removedKeys } = await deps.store.transaction(async (tx) => {
    const current = await tx.interviews.findForSupport(input.interviewUuid, { lock: true });
    if (!current) throw sharedError(SharedErrorCode.InterviewNotFound);
    const scheduledAt = input.scheduledAt ?? current.scheduledAt;
    if (scheduledAt <= now) {
      throw validationFailed([{ field: 'scheduled_at', reason: 'the due time has passed: give a new one', code: 'invalid_value' }]);
    }
    const next: Interview = {
      ...current,
      status: reset(current.status),
      scheduledAt,
      acceptedAt: null,
      completedAt: null,
      rating: null,
      ratedBy: null,
      ratedAt: null,
      updatedAt: now,
      // The answers the team judged are gone: so are its decision and counts (the evaluations service forgets its rows).
      evaluations: NO_EVALUATIONS,
    };
    const questions = (await tx.questions.listFor([current.uuid])).get(current.uuid) ?? [];
    for (const question of questions) {
      await tx.questions.update({ ...question, completed: false, skipped: false, takesCompleted: 0, startedAt: null, updatedAt: now });
    }
    const removed = [...(await tx.takes.deleteFor(current.uuid)).map((take) => take.storageKey), ...(await tx.recordings.deleteFor(current.uuid))];
    await tx.liveCalls.deleteFor(current.uuid);
    // The answers' words go with them (decision 073); the transcription service forgets the texts on InterviewReset.
    await tx.transcriptSearch.deleteFor(current.uuid);
    await tx.interviews.update(next);
    await tx.interviews.clearEvaluations(next.uuid, now);
    await tx.counters.move(next.companyUuid, next.type, current.status, next.status);
    const interview = await renderInterview(tx, next);
    await tx.publish([
      interviewEvent(InterviewsSubjects.InterviewReset, interview, { invitation: invitationOf(next, await tx.transcriptionSettings.isOn(next.companyUuid)) }),
    ]);
    return { rendered: interview, removedKeys: removed };
  });
  // After the commit: a failed reset keeps its videos; a leftover file is only disk space.
  await Promise.all(removedKeys.map((key) => deps.media.delete(key)));
  return rendered;
}
