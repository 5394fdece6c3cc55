import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../store';

/** A live advanced link of the caller's company (locked when asked); 404 for anything else, job seekers included. */
export async function findAdvancedLink(
  repos: ReposOf<SharingStore, 'links'>,
  caller: Caller,
  linkUuid: string,
  options: { lock?: boolean } = {},
): Promise<ShareLink> {
  const { companyUuid } = companyUserOf(caller.principal, () => new SharingError(SharingErrorCode.ShareLinkNotFound));
  const link = await repos.links.find(companyUuid, 'advanced', linkUuid, options);
  if (!link) throw new SharingError(SharingErrorCode.ShareLinkNotFound);
  return link;
}
