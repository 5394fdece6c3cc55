import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../store';
import { SharedErrorCode } from '@vi/contracts';

/**
 * The interview's live basic link in the caller's company (and with that uuid, when given), locked when asked;
 * 404 otherwise (api.interview_not_found for anyone but a company user, as for an interview they cannot see).
 */
export async function findBasicLink(
  repos: ReposOf<SharingStore, 'links'>,
  caller: Caller,
  interviewUuid: string,
  linkUuid: string | undefined,
  options: { lock?: boolean } = {},
): Promise<ShareLink> {
  const { companyUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  const link = await repos.links.findBasic(companyUuid, interviewUuid, options);
  if (!link || (linkUuid !== undefined && link.uuid !== linkUuid)) throw new SharingError(SharingErrorCode.ShareLinkNotFound);
  return link;
}
