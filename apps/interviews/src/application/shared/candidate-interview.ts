import type { ReposOf } from '@vi/platform-bus';
import type { Interview } from '../../domain/interview';
import type { InterviewsStore } from '../store';
import { SharedErrorCode } from '@vi/contracts';
import { sharedError, type Caller } from '@vi/platform-grpc';

/**
 * The interview a job seeker may act on: the one their candidate link opens,
 * and only if it is assigned to them. Anything else is 404, so a token for one
 * interview learns nothing about another.
 */
export async function candidateInterview(
  repos: ReposOf<InterviewsStore, 'interviews'>,
  caller: Caller,
  uuid: string,
  options: { lock?: boolean } = {},
): Promise<Interview> {
  const principal = caller.principal;
  const notFound = sharedError(SharedErrorCode.InterviewNotFound);
  if (principal.userType !== 'job_seeker' || principal.interviewUuid !== uuid) throw notFound;
  const interview = await repos.interviews.findAssigned(uuid, principal.userUuid, options);
  if (!interview) throw notFound;
  return interview;
}
