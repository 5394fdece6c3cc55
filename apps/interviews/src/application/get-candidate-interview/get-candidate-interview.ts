import type { interviews } from '@vi/contracts';
import type { Interview } from '../../domain/interview';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsRepositories, InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { renderInterview } from '../interview-rendering';

/**
 * The interview a job seeker may act on: the one their candidate link opens,
 * and only if it is assigned to them. Anything else is 404, so a token for one
 * interview learns nothing about another.
 */
export async function candidateInterview(repos: InterviewsRepositories, caller: Caller, uuid: string, options: { lock?: boolean } = {}): Promise<Interview> {
  const principal = caller.principal;
  const notFound = new InterviewsError(InterviewsErrorCode.InterviewNotFound);
  if (principal.userType !== 'job_seeker' || principal.interviewUuid !== uuid) throw notFound;
  const interview = await repos.interviews.findAssigned(uuid, principal.userUuid, options);
  if (!interview) throw notFound;
  return interview;
}

export async function getCandidateInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<interviews.Interview> {
  return renderInterview(deps.store.read, await candidateInterview(deps.store.read, caller, uuid));
}
