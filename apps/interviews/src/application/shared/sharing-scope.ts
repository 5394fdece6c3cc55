import { type Principal, sharedError } from '@vi/platform-grpc';
import { SharedErrorCode } from '@vi/contracts';
import type { ReposOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../store';

/** The service that reads interviews for share links (decision 015). */
export const SHARING_SERVICE = 'sharing';
/** The service that reads interviews, with their takes, for a share link's reviewer evaluating them (decision 070). */
export const EVALUATIONS_SERVICE = 'evaluations';
/** The service that reads an ordered interview, without its takes, to answer its ATS (decision 071). */
export const ASSESSMENTS_SERVICE = 'assessments';

/** The service that reads takes' and recordings' media to transcribe them (decision 073): that stream only. */
export const TRANSCRIPTION_SERVICE = 'transcription';

/** How many interviews one share-link read covers at the most. */
export const MAX_SHARED_INTERVIEWS = 100;

/**
 * Who may read interviews for share links: the sharing service (acting for a
 * link's reviewer), or, without takes' videos, a company user of that company
 * (creating or reading links) and the evaluations service (a link's reviewer
 * evaluating, decision 070), and the assessments service without takes (an order's status and metadata, decision
 * 071). Anyone else finds nothing.
 */
export function requireSharingScope(principal: Principal, companyUuid: string, options: { serviceOnly: boolean; withTakes?: boolean }): void {
  if (principal.kind === 'service' && principal.service === SHARING_SERVICE) return;
  if (!options.serviceOnly && principal.kind === 'service' && principal.service === EVALUATIONS_SERVICE) return;
  if (!options.serviceOnly && !options.withTakes && principal.kind === 'service' && principal.service === ASSESSMENTS_SERVICE) return;
  if (!options.serviceOnly && principal.kind === 'user' && principal.userType === 'company_user' && principal.companyUuid === companyUuid) return;
  throw sharedError(SharedErrorCode.InterviewNotFound);
}

/**
 * The interviews whose videos a share link may stream: those of `interview_uuids` that belong to the company and
 * are completed now, for the sharing service only.
 */
export async function completedSharedInterviewUuids(
  repos: ReposOf<InterviewsStore, 'interviews'>,
  principal: Principal,
  request: { company_uuid: string; interview_uuids: string[] },
): Promise<string[]> {
  requireSharingScope(principal, request.company_uuid, { serviceOnly: true });
  const found = await repos.interviews.findMany(request.company_uuid, request.interview_uuids.slice(0, MAX_SHARED_INTERVIEWS));
  return found.filter((i) => i.status === 'completed').map((i) => i.uuid);
}
