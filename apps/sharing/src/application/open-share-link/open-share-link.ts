import type { sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../ports';
import { renderSharedView } from '../share-link-rendering';
import { viewableLink } from '../shared/viewable-link';

/** What a reviewer sees: the link's interviews that are still completed, with every take's and call recording's video URL. */
export async function openShareLink(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; interviews: InterviewsDirectory; tokens: LinkTokens },
  principal: Principal,
  token: string,
  deadline?: Date,
): Promise<sharing.SharedView> {
  const { link, as } = await viewableLink(deps, principal, token, deadline);
  const shared = await deps.interviews.sharedInterviews(
    as,
    link.companyUuid,
    link.interviews.map((i) => i.interviewUuid),
    true,
  );
  const completed = shared.filter((s) => s.interview?.status === 'completed');
  if (completed.length === 0) throw new SharingError(SharingErrorCode.ShareLinkNotFound);
  const order = new Map(link.interviews.map((i, index) => [i.interviewUuid, index]));
  completed.sort((a, b) => order.get(a.interview!.uuid)! - order.get(b.interview!.uuid)!);
  return renderSharedView(link, completed, (video) => deps.tokens.videoUrlFor(token, video));
}
