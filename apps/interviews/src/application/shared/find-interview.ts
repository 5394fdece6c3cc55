import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import type { Interview } from '../../domain/interview';
import type { InterviewsStore } from '../store';
import { SharedErrorCode } from '@vi/contracts';

/** An interview of the caller's company (locked when asked); anything else is 404. */
export async function findInterview(
  repos: ReposOf<InterviewsStore, 'interviews'>,
  caller: Caller,
  uuid: string,
  options: { lock?: boolean } = {},
): Promise<Interview> {
  const { companyUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  const interview = await repos.interviews.find(companyUuid, uuid, options);
  if (!interview) throw sharedError(SharedErrorCode.InterviewNotFound);
  return interview;
}
