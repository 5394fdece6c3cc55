import type { sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../ports';
import { namesFor, renderAdvanced } from '../share-link-rendering';
import { findAdvancedLink } from '../shared/find-advanced-link';
import { linkedInterviews } from '../shared/linked-interviews';

/** An advanced link of the caller's company, with the interviews it opens that still exist. */
export async function getAdvancedShareLink(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; interviews: InterviewsDirectory; tokens: LinkTokens },
  caller: Caller,
  linkUuid: string,
): Promise<sharing.AdvancedShareLink> {
  const link = await findAdvancedLink(deps.store.read, caller, linkUuid);
  const [names, interviews] = await Promise.all([namesFor(deps.identity, caller, [link]), linkedInterviews(deps.interviews, caller, link)]);
  return renderAdvanced(link, deps.tokens, names, { interviews });
}
