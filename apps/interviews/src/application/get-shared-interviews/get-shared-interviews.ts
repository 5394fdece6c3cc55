import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderInterviews, type RenderingRepoName } from '../interview-rendering';
import { MAX_SHARED_INTERVIEWS, requireSharingScope } from '../shared/sharing-scope';
import { renderTake } from '../take-rendering';

/** The company's interviews among these uuids (deleted ones left out, any status), with questions and, when asked, takes. */
export async function getSharedInterviews(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'takes' | RenderingRepoName> },
  principal: Principal,
  request: interviews.SharedInterviewsRequest,
): Promise<interviews.SharedInterviewList> {
  requireSharingScope(principal, request.company_uuid, { serviceOnly: false });
  const repos = deps.store.read;
  const found = await repos.interviews.findMany(request.company_uuid, [...new Set(request.interview_uuids)].slice(0, MAX_SHARED_INTERVIEWS));
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
