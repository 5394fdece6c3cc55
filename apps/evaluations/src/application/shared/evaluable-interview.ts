import { SharedErrorCode, type interviews } from '@vi/contracts';
import { sharedError, type Caller, type Principal } from '@vi/platform-grpc';
import { requireEvaluable } from '../../domain/evaluable-interview';
import type { InterviewsDirectory } from '../ports';

/** The interview as interviews shows it now to this caller: 404 when it is not the company's, 409 unless evaluable. */
export async function evaluableInterview(
  directory: InterviewsDirectory,
  caller: Caller<Principal>,
  companyUuid: string,
  interviewUuid: string,
): Promise<interviews.SharedInterview> {
  const shared = await foundInterview(directory, caller, companyUuid, interviewUuid);
  requireEvaluable(shared);
  return shared;
}

/** The interview as interviews shows it now to this caller, evaluable or not: 404 when it is not the company's. */
export async function foundInterview(
  directory: InterviewsDirectory,
  caller: Caller<Principal>,
  companyUuid: string,
  interviewUuid: string,
): Promise<interviews.SharedInterview> {
  const [shared] = await directory.sharedInterviews(caller, companyUuid, [interviewUuid]);
  if (!shared?.interview || shared.interview.uuid !== interviewUuid) throw sharedError(SharedErrorCode.InterviewNotFound);
  return shared;
}
