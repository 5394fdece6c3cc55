import type { InterviewJson, interviews, sharing } from '@vi/contracts';
import type { UpstreamCallOptions, UpstreamClient } from '@vi/platform-grpc';

/**
 * Interviews carry their basic share link without its URL: only sharing derives the token (decision 018). For a
 * response to a caller that interviews already allowed to read these interviews, the gateway asks sharing for the
 * URLs (one call per response) as its own service principal: `as` (auth/request-context's `readAsGateway`).
 */
export async function withShareLinkUrls(
  sharingService: UpstreamClient<sharing.SharingServiceClient>,
  list: interviews.Interview[],
  as: UpstreamCallOptions,
): Promise<interviews.Interview[]> {
  const urls = await shareLinkUrls(
    sharingService,
    list.flatMap((i) => (i.share_link ? [i.share_link.uuid] : [])),
    as,
  );
  return list.map((i) => withUrl(i, urls));
}

/**
 * A page of interviews as interviews rendered it (decision 023): passed through as it came when none on it is
 * shared, else parsed and given its share links' URLs.
 */
export async function interviewPageWithShareLinkUrls(
  sharingService: UpstreamClient<sharing.SharingServiceClient>,
  page: interviews.InterviewPage,
  as: UpstreamCallOptions,
): Promise<{ count: number; total: number; items_json: Uint8Array } | { items: InterviewJson[]; total: number }> {
  if (page.share_link_uuids.length === 0) return page;
  const urls = await shareLinkUrls(sharingService, page.share_link_uuids, as);
  const items = JSON.parse(Buffer.from(page.items_json).toString('utf8')) as InterviewJson[];
  return { items: items.map((i) => withUrl(i, urls)), total: page.total };
}

/** The interview (a message or its JSON) with its share link's URL filled in. */
function withUrl<T extends { share_link?: { uuid: string; url: string } | null }>(interview: T, urls: Map<string, string>): T {
  return interview.share_link ? { ...interview, share_link: { ...interview.share_link, url: urls.get(interview.share_link.uuid) ?? '' } } : interview;
}

async function shareLinkUrls(
  sharingService: UpstreamClient<sharing.SharingServiceClient>,
  linkUuids: string[],
  as: UpstreamCallOptions,
): Promise<Map<string, string>> {
  if (linkUuids.length === 0) return new Map();
  const found = await sharingService.call((c) => c.getShareLinkUrls, { link_uuids: linkUuids }, as);
  return new Map(found.links.map((l) => [l.uuid, l.url]));
}
