import type { ReposOf } from '@vi/platform-bus';
import type { Interview } from '../../domain/interview';
import type { InterviewsStore } from '../store';
import { SharedErrorCode, type interviews } from '@vi/contracts';
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

/**
 * The interview as the job seeker's side answers it: rendered, and whether the company's answers are transcribed now
 * (decision 073), which the candidate pages say in the candidate's language. Never on the company's side.
 */
export async function forCandidate(
  repos: ReposOf<InterviewsStore, 'transcriptionSettings'>,
  companyUuid: string,
  rendered: interviews.Interview,
): Promise<interviews.Interview> {
  return { ...rendered, transcribed: await repos.transcriptionSettings.isOn(companyUuid) };
}
