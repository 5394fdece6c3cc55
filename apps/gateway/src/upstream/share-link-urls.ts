import type { InterviewJson, interviews, sharing } from '@vi/contracts';
import type { UpstreamCallOptions, UpstreamClient } from '@vi/platform-grpc';

/** Interviews as the interviews service rendered them (decision 065): one (an object), several (an array), or a page's items. */
export interface RenderedInterviews {
  json: Uint8Array;
  /** The basic share links in it, whose `url` is empty. */
  share_link_uuids: string[];
}

/**
 * The one place share-link URLs join an interview body (decision 065), whatever the response: one interview, the
 * created ones, a list page. Interviews renders its own JSON but carries a basic share link without its URL: only
 * sharing derives the token (decision 018). For a response to a caller that interviews already allowed to read these
 * interviews, the gateway asks sharing for the URLs (one call per response) as its own service principal: `as`
 * (auth/request-context's `readAsGateway`). The bytes are answered as they came when none is shared.
 */
export async function withShareLinkUrls(
  sharingService: UpstreamClient<sharing.SharingServiceClient>,
  rendered: RenderedInterviews,
  as: UpstreamCallOptions,
): Promise<Uint8Array | InterviewJson | InterviewJson[]> {
  if (rendered.share_link_uuids.length === 0) return rendered.json;
  const found = await sharingService.call((c) => c.getShareLinkUrls, { link_uuids: rendered.share_link_uuids }, as);
  const urls = new Map(found.links.map((l) => [l.uuid, l.url]));
  const withUrl = (i: InterviewJson): InterviewJson => (i.share_link ? { ...i, share_link: { ...i.share_link, url: urls.get(i.share_link.uuid) ?? '' } } : i);
  const parsed = JSON.parse(Buffer.from(rendered.json).toString('utf8')) as InterviewJson | InterviewJson[];
  return Array.isArray(parsed) ? parsed.map(withUrl) : withUrl(parsed);
}

/** A page of the list with its share links' URLs (withShareLinkUrls): as the service rendered it, or its items parsed. */
export async function interviewPageWithShareLinkUrls(
  sharingService: UpstreamClient<sharing.SharingServiceClient>,
  page: interviews.InterviewPage,
  as: UpstreamCallOptions,
): Promise<{ count: number; total: number; items_json: Uint8Array } | { items: InterviewJson[]; total: number }> {
  const items = await withShareLinkUrls(sharingService, { json: page.items_json, share_link_uuids: page.share_link_uuids }, as);
  return items instanceof Uint8Array ? page : { items: items as InterviewJson[], total: page.total };
}
