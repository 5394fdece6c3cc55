import type { interviews, sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../ports';
import { viewableLink } from '../shared/viewable-link';

/**
 * A take's or a call recording's video through a link (whole or a byte range), relayed from the interviews
 * service as it comes. The link is checked as for an open, and interviews serves only videos of the link's
 * interviews while they are completed.
 */
export async function streamSharedVideo(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; interviews: InterviewsDirectory; tokens: LinkTokens },
  principal: Principal,
  request: sharing.SharedTakeVideoRequest | sharing.SharedRecordingVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
  deadline?: Date,
): Promise<void> {
  const { link, as } = await viewableLink(deps, principal, request.token, deadline);
  const scope = {
    company_uuid: link.companyUuid,
    interview_uuids: link.interviews.map((i) => i.interviewUuid),
    range_start: request.range_start,
    range_end: request.range_end,
  };
  const chunks =
    'take_uuid' in request
      ? deps.interviews.streamTakeVideo(as, { ...scope, take_uuid: request.take_uuid })
      : deps.interviews.streamRecordingVideo(as, { ...scope, recording_uuid: request.recording_uuid });
  for await (const chunk of chunks) await send(chunk);
}
