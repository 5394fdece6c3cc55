import type { interviews } from '@vi/contracts';
import { companyUserOf } from '@vi/platform-grpc';
import type { Interview } from '../../domain/interview';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsRepositories, InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { renderInterview } from '../interview-rendering';

/** An interview of the caller's company (locked when asked); anything else is 404. */
export async function findInterview(repos: InterviewsRepositories, caller: Caller, uuid: string, options: { lock?: boolean } = {}): Promise<Interview> {
  const { companyUuid } = companyUserOf(caller.principal, () => new InterviewsError(InterviewsErrorCode.InterviewNotFound));
  const interview = await repos.interviews.find(companyUuid, uuid, options);
  if (!interview) throw new InterviewsError(InterviewsErrorCode.InterviewNotFound);
  return interview;
}

export async function getInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<interviews.Interview> {
  return renderInterview(deps.store.read, await findInterview(deps.store.read, caller, uuid));
}
