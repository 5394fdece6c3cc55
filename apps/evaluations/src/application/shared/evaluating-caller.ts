import { SharedErrorCode, type evaluations } from '@vi/contracts';
import { companyUserOf, requireOperator, sharedError, type Caller, type Principal } from '@vi/platform-grpc';
import type { Evaluator } from '../../domain/evaluator';
import { EVALUATIONS_SERVICE, GATEWAY_SERVICE, type IdentityDirectory } from '../ports';

/** Who evaluates, in which company, and as whom the other services are asked for it. */
export interface EvaluatingCaller {
  evaluator: Evaluator;
  companyUuid: string;
  /** The company user themselves, or this service for a link's reviewer. */
  upstream: Caller<Principal>;
}

/**
 * A company user (404 for anyone else, as for the interview itself), or the reviewer of an advanced share link
 * the gateway opened: only the gateway's principal may pass one, and only for an interview the link opens.
 */
export async function evaluatingCaller(
  identity: IdentityDirectory,
  caller: Caller<Principal>,
  interviewUuid: string,
  reviewer: evaluations.Reviewer | undefined,
): Promise<EvaluatingCaller> {
  if (reviewer) {
    requireOperator(caller.principal, GATEWAY_SERVICE);
    if (!reviewer.interview_uuids.includes(interviewUuid)) throw sharedError(SharedErrorCode.InterviewNotFound);
    return {
      evaluator: { type: 'reviewer', uuid: reviewer.link_uuid, name: reviewer.name },
      companyUuid: reviewer.company_uuid,
      upstream: { principal: EVALUATIONS_SERVICE, deadline: caller.deadline },
    };
  }
  const { companyUuid, userUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  return { evaluator: { type: 'user', uuid: userUuid, name: await nameOf(identity, caller, userUuid) }, companyUuid, upstream: caller };
}

/** A company user's name as identity has it now ('' when identity no longer knows them). */
export async function nameOf(identity: IdentityDirectory, caller: Caller<Principal>, userUuid: string): Promise<string> {
  return (await identity.summaries(caller, [userUuid], [])).users.get(userUuid)?.name ?? '';
}
