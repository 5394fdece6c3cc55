import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderInterviews, type RenderingRepoName } from '../interview-rendering';
import { MAX_SHARED_INTERVIEWS, requireSharingScope } from '../shared/sharing-scope';
import { renderRecording } from '../recording-rendering';
import { renderTake } from '../take-rendering';

/** The company's interviews among these uuids (deleted ones left out, any status), with questions and, when asked, takes and ended recordings. */
export async function getSharedInterviews(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'takes' | 'recordings' | RenderingRepoName> },
  principal: Principal,
  request: interviews.SharedInterviewsRequest,
): Promise<interviews.SharedInterviewList> {
  requireSharingScope(principal, request.company_uuid, { serviceOnly: false, withTakes: request.with_takes });
  const repos = deps.store.read;
  const found = await repos.interviews.findMany(request.company_uuid, [...new Set(request.interview_uuids)].slice(0, MAX_SHARED_INTERVIEWS));
  const uuids = found.map((i) => i.uuid);
  const [rendered, takes, recordings] = await Promise.all([
    renderInterviews(repos, found, { questions: true }),
    request.with_takes ? repos.takes.listForInterviews(uuids) : Promise.resolve([]),
    request.with_takes ? repos.recordings.listFor(uuids, { endedOnly: true }) : Promise.resolve([]),
  ]);
  return {
    interviews: rendered.map((interview) => ({
      interview,
      takes: takes.filter((t) => t.interviewUuid === interview.uuid).map(renderTake),
      recordings: recordings.filter((r) => r.interviewUuid === interview.uuid).map(renderRecording),
    })),
  };
}
