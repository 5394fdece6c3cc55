import type { interviews } from '@vi/contracts';
import { companyUserOf } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingRepositories, SharingStore } from '../../infrastructure/sharing.store';
import type { Caller, IdentityDirectory, LinkTokens } from '../directories';
import { namesFor, renderBasic } from '../share-link-rendering';

/** The interview's basic link of the caller's company (and with that uuid, when given); 404 otherwise. */
export async function findBasicLink(
  repos: SharingRepositories,
  caller: Caller,
  interviewUuid: string,
  linkUuid: string | undefined,
  options: { lock?: boolean } = {},
): Promise<ShareLink> {
  const { companyUuid } = companyUserOf(caller.principal, () => new SharingError(SharingErrorCode.InterviewNotFound));
  const link = await repos.links.findBasic(companyUuid, interviewUuid, options);
  if (!link || (linkUuid !== undefined && link.uuid !== linkUuid)) throw new SharingError(SharingErrorCode.ShareLinkNotFound);
  return link;
}

export async function getBasicShareLink(
  deps: { store: SharingStore; identity: IdentityDirectory; tokens: LinkTokens },
  caller: Caller,
  interviewUuid: string,
  linkUuid?: string,
): Promise<interviews.ShareLink> {
  const link = await findBasicLink(deps.store.read, caller, interviewUuid, linkUuid);
  return renderBasic(link, deps.tokens, await namesFor(deps.identity, caller, [link]));
}
