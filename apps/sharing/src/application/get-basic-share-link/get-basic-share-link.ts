import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { IdentityDirectory, LinkTokens } from '../ports';
import { namesFor, renderBasic } from '../share-link-rendering';
import { findBasicLink } from '../shared/find-basic-link';

/** The interview's basic link (with that uuid, when given), with its URL. */
export async function getBasicShareLink(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; tokens: LinkTokens },
  caller: Caller,
  interviewUuid: string,
  linkUuid?: string,
): Promise<interviews.ShareLink> {
  const link = await findBasicLink(deps.store.read, caller, interviewUuid, linkUuid);
  return renderBasic(link, deps.tokens, await namesFor(deps.identity, caller, [link]));
}
