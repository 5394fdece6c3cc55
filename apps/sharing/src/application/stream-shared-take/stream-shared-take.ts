import type { interviews, sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../ports';
import { viewableLink } from '../shared/viewable-link';

/**
 * A take's video through a link (whole or a byte range), relayed from the
 * interviews service as it comes. The link is checked as for an open, and
 * interviews serves only takes of the link's interviews while they are completed.
 */
export async function streamSharedTake(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; interviews: InterviewsDirectory; tokens: LinkTokens },
  principal: Principal,
  request: sharing.SharedTakeVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
  deadline?: Date,
): Promise<void> {
  const { link, as } = await viewableLink(deps, principal, request.token, deadline);
  const chunks = deps.interviews.streamTakeVideo(as, {
    company_uuid: link.companyUuid,
    interview_uuids: link.interviews.map((i) => i.interviewUuid),
    take_uuid: request.take_uuid,
    range_start: request.range_start,
    range_end: request.range_end,
  });
  for await (const chunk of chunks) await send(chunk);
}
