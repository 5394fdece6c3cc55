import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf } from '@vi/platform-grpc';
import type { Interview } from '../../domain/interview';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';

/** An interview of the caller's company (locked when asked); anything else is 404. */
export async function findInterview(
  repos: ReposOf<InterviewsStore, 'interviews'>,
  caller: Caller,
  uuid: string,
  options: { lock?: boolean } = {},
): Promise<Interview> {
  const { companyUuid } = companyUserOf(caller.principal, () => new InterviewsError(InterviewsErrorCode.InterviewNotFound));
  const interview = await repos.interviews.find(companyUuid, uuid, options);
  if (!interview) throw new InterviewsError(InterviewsErrorCode.InterviewNotFound);
  return interview;
}
