import type { interviews, sharing } from '@vi/contracts';
import type { UpstreamClient } from '@vi/platform-grpc';
import { GATEWAY_PRINCIPAL } from '../auth/request-context';

/**
 * Interviews carry their basic share link without its URL: only sharing derives the token (decision 018). For a
 * response to a caller that interviews already allowed to read these interviews, the gateway asks sharing for the
 * URLs (one call per response) as its own service principal.
 */
export async function withShareLinkUrls(
  sharingService: UpstreamClient<sharing.SharingServiceClient>,
  list: interviews.Interview[],
  deadline: Date,
): Promise<interviews.Interview[]> {
  const linkUuids = list.flatMap((i) => (i.share_link ? [i.share_link.uuid] : []));
  if (linkUuids.length === 0) return list;
  const found = await sharingService.call((c) => c.getShareLinkUrls, { link_uuids: linkUuids }, { principal: GATEWAY_PRINCIPAL, deadline, idempotent: true });
  const urls = new Map(found.links.map((l) => [l.uuid, l.url]));
  return list.map((i) => (i.share_link ? { ...i, share_link: { ...i.share_link, url: urls.get(i.share_link.uuid) ?? '' } } : i));
}
