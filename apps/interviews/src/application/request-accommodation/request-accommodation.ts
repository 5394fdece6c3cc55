import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import { toRfc3339, type Clock } from '@vi/platform-time';
import { ACCOMMODATION_REQUESTS_PER_DAY, accommodationMessageOf, utcDayOf, type AccommodationRequest } from '../../domain/accommodations';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import { interviewEvent, renderAccommodationRequest, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { candidateInterview } from '../shared/candidate-interview';
import type { InterviewsStore } from '../store';

/**
 * The candidate asks the company for an accommodation (issue 42, docs/accommodations.md), whatever the interview's
 * status: the message is kept with the interview (its company's view lists it), and AccommodationRequested tells the
 * notifications service to email the creator and the company's administrators and to send the webhook. At most
 * ACCOMMODATION_REQUESTS_PER_DAY a UTC day per interview, counted under the interview's row lock so that requests sent
 * at once cannot all pass; the next one is refused until the next UTC midnight (Retry-After).
 */
export async function requestAccommodation(
  deps: { store: StoreOf<InterviewsStore, RenderingRepoName>; clock: Clock },
  caller: Caller,
  input: { interviewUuid: string; message: string },
): Promise<interviews.AccommodationRequest> {
  const message = accommodationMessageOf(input.message);
  return deps.store.transaction(async (tx) => {
    const interview = await candidateInterview(tx, caller, input.interviewUuid, { lock: true });
    const now = deps.clock.now();
    const day = utcDayOf(now);
    if ((await tx.interviews.countAccommodationRequestsSince(interview.uuid, day.start)) >= ACCOMMODATION_REQUESTS_PER_DAY) {
      const retryAfterSeconds = Math.max(1, Math.ceil((day.next.getTime() - now.getTime()) / 1000));
      throw new InterviewsError(InterviewsErrorCode.AccommodationRequestsExhausted, undefined, retryAfterSeconds);
    }
    const request: AccommodationRequest = { uuid: randomUUID(), interviewUuid: interview.uuid, message, requestedAt: now };
    await tx.interviews.addAccommodationRequest(request);
    const rendered = await renderInterview(tx, interview);
    await tx.publish([
      interviewEvent(InterviewsSubjects.AccommodationRequested, rendered, { accommodation_request: { message, requested_at: toRfc3339(now) } }),
    ]);
    return renderAccommodationRequest(request);
  });
}
