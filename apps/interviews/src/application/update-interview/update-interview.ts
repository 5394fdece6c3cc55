import { InterviewsSubjects, type interviews, type RatingPayload } from '@vi/contracts';
import { validationFailed, type FieldError } from '@vi/platform-errors';
import type { NewEvent, StoreOf } from '@vi/platform-bus';
import { toRfc3339, type Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { accommodationsOf, sameAccommodations, type AccommodationsInput } from '../../domain/accommodations';
import type { Interview } from '../../domain/interview';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import { requireCompleted, reschedule, scheduleProblem, statusByCompany } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import type { IdentityDirectory } from '../ports';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';
import { invitationOf } from '../shared/invitation';

export interface UpdateInterviewInput {
  interviewUuid: string;
  scheduledAt?: Date;
  status?: string;
  /** 0–5 in steps of 0.5 (checked by the gateway); only on completed interviews. */
  rating?: number;
  /** The fields given change, the others stay (issue 42); refused once the interview is completed. */
  accommodations?: AccommodationsInput;
}

/**
 * The company reschedules, cancels, completes a live interview, or rates a
 * completed one, or changes its accommodations while it is not completed (issue 42: InterviewAccommodationsChanged
 * when they change); every rule is in domain/interview-status.ts and domain/accommodations.ts.
 */
export async function updateInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters' | 'transcriptionSettings' | RenderingRepoName>; identity: IdentityDirectory; clock: Clock },
  caller: Caller,
  input: UpdateInterviewInput,
): Promise<interviews.Interview> {
  const now = deps.clock.now();
  // The rater may never have created an interview: their name comes from identity.
  const rater =
    input.rating === undefined ? undefined : (await deps.identity.summaries(caller, [caller.principal.userUuid], [])).users.get(caller.principal.userUuid);
  if (input.scheduledAt) {
    const problem = scheduleProblem(input.scheduledAt, now);
    if (problem) throw validationFailed([{ field: 'scheduled_at', reason: problem, code: 'invalid_value' } satisfies FieldError]);
  }
  return deps.store.transaction(async (tx) => {
    const current = await findInterview(tx, caller, input.interviewUuid, { lock: true });
    let next: Interview = { ...current, updatedAt: now };
    const events: Array<(rendered: interviews.Interview) => NewEvent> = [];

    // First, against the status it has now: a request that also completes it changes them before.
    if (input.accommodations !== undefined) {
      const accommodations = accommodationsOf(input.accommodations, current.accommodations);
      if (current.status === 'completed') throw new InterviewsError(InterviewsErrorCode.AlreadyCompleted);
      if (!sameAccommodations(accommodations, current.accommodations)) {
        next = { ...next, accommodations };
        events.push((rendered) => interviewEvent(InterviewsSubjects.InterviewAccommodationsChanged, rendered));
      }
    }

    // What a rescheduled invitation and a cancellation tell the candidate (decision 073), read only for them.
    const answersTranscribed = input.scheduledAt || input.status !== undefined ? await tx.transcriptionSettings.isOn(current.companyUuid) : false;
    if (input.scheduledAt) {
      next = { ...next, scheduledAt: input.scheduledAt, status: reschedule(next.status) };
      const rescheduled = next;
      events.push((rendered) =>
        interviewEvent(InterviewsSubjects.InterviewRescheduled, rendered, { invitation: invitationOf(rescheduled, answersTranscribed) }),
      );
    }
    if (input.status !== undefined) {
      const status = statusByCompany(next.type, next.status, input.status);
      next = { ...next, status, completedAt: status === 'completed' ? now : next.completedAt };
      // A canceled live interview's job seeker and creator get the calendar cancellation, which names when it was.
      const canceled = next;
      events.push((rendered) =>
        status === 'completed'
          ? interviewEvent(InterviewsSubjects.InterviewCompleted, rendered)
          : interviewEvent(InterviewsSubjects.InterviewCanceled, rendered, { invitation: invitationOf(canceled, answersTranscribed) }),
      );
    }
    if (input.rating !== undefined) {
      requireCompleted(next.status);
      next = { ...next, rating: input.rating, ratedBy: caller.principal.userUuid, ratedAt: now };
      if (rater) await tx.projections.upsertPerson(rater, now);
      const rating: RatingPayload = { interview_uuid: next.uuid, rating: input.rating, rated_by: rater ?? null, rated_at: toRfc3339(now) };
      events.push((rendered) => interviewEvent(InterviewsSubjects.InterviewRated, rendered, { rating }));
    }

    await tx.interviews.update(next);
    await tx.counters.move(next.companyUuid, next.type, current.status, next.status);
    const rendered = await renderInterview(tx, next);
    await tx.publish(events.map((event) => event(rendered)));
    return rendered;
  });
}
