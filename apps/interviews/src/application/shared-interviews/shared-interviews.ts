import type { interviews } from '@vi/contracts';
import type { Principal } from '@vi/platform-grpc';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import { renderInterviews } from '../interview-rendering';
import { sendTakeVideo, type TakeVideoSource } from '../stream-take-video/stream-take-video';
import { renderTake } from '../take-rendering';

const SHARING = 'sharing';
const MAX_INTERVIEWS = 100;

/**
 * Who may read interviews for share links: the sharing service (acting for a
 * link's reviewer), or, without takes' videos, a company user of that company
 * (creating or reading links). Anyone else finds nothing.
 */
function requireSharingScope(principal: Principal, companyUuid: string, options: { serviceOnly: boolean }): void {
  if (principal.kind === 'service' && principal.service === SHARING) return;
  if (!options.serviceOnly && principal.kind === 'user' && principal.userType === 'company_user' && principal.companyUuid === companyUuid) return;
  throw new InterviewsError(InterviewsErrorCode.InterviewNotFound);
}

/** The company's interviews among these uuids (deleted ones left out, any status), with questions and, when asked, takes. */
export async function getSharedInterviews(
  deps: { store: InterviewsStore },
  principal: Principal,
  request: interviews.SharedInterviewsRequest,
): Promise<interviews.SharedInterviewList> {
  requireSharingScope(principal, request.company_uuid, { serviceOnly: false });
  const repos = deps.store.read;
  const found = await repos.interviews.findMany(request.company_uuid, [...new Set(request.interview_uuids)].slice(0, MAX_INTERVIEWS));
  const [rendered, takes] = await Promise.all([
    renderInterviews(repos, found, { questions: true }),
    request.with_takes ? repos.takes.listForInterviews(found.map((i) => i.uuid)) : Promise.resolve([]),
  ]);
  return {
    interviews: rendered.map((interview) => ({
      interview,
      takes: takes.filter((t) => t.interviewUuid === interview.uuid).map(renderTake),
    })),
  };
}

/** A take's video for a share link: only a take of one of these interviews of the company, while it is completed. */
export async function streamSharedTakeVideo(
  deps: { store: InterviewsStore } & TakeVideoSource,
  principal: Principal,
  request: interviews.SharedTakeVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  requireSharingScope(principal, request.company_uuid, { serviceOnly: true });
  const repos = deps.store.read;
  const completed = (await repos.interviews.findMany(request.company_uuid, request.interview_uuids.slice(0, MAX_INTERVIEWS))).filter((i) => i.status === 'completed');
  const take = await repos.takes.findInInterviews(
    completed.map((i) => i.uuid),
    request.take_uuid,
  );
  if (!take) throw new InterviewsError(InterviewsErrorCode.TakeNotFound);
  await sendTakeVideo(deps, take, request, send);
}
