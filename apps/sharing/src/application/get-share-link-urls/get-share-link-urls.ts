import type { sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import { ASSESSMENTS_SERVICE, type LinkTokens } from '../ports';
import { validationFailed } from '@vi/platform-errors';
import { renderLinkUrls } from '../share-link-rendering';

/**
 * Who may render link URLs: the gateway (the interview's `share_link` in API responses, after interviews allowed the
 * caller to read the interview) and notifications (webhooks and the reviewer's email, when it sends them); the
 * assessments service too, for the company it names only (an ATS's profile URL, decision 071).
 */
export const SHARE_LINK_URL_CALLERS = new Set(['gateway', 'notifications', ASSESSMENTS_SERVICE]);

/**
 * The URLs of these links (decision 018): events and the interviews' projection carry a link's uuid, never its
 * token, which only this service derives. Unknown uuids are left out; deleted links keep theirs (it opens nothing).
 */
/** How many links the assessments service may ask for at once (one read each). */
export const MAX_SERVICE_LINKS = 100;

export async function getShareLinkUrls(
  deps: { store: StoreOf<SharingStore, 'links'>; tokens: LinkTokens },
  caller: Principal,
  linkUuids: string[],
  options: { companyUuid?: string } = {},
): Promise<sharing.ShareLinkUrls> {
  requireOperator(caller, SHARE_LINK_URL_CALLERS);
  const uuids = [...new Set(linkUuids)].filter(isUuid);
  if (caller.service !== ASSESSMENTS_SERVICE) return renderLinkUrls(await deps.store.read.links.existing(uuids), deps.tokens);
  const { companyUuid } = options;
  if (!companyUuid) throw validationFailed([{ field: 'company_uuid', reason: 'is required of the assessments service', code: 'invalid_type' }]);
  // Only the company's live basic links: what an ATS's profile URL opens, and nothing of another company.
  const found = await Promise.all(uuids.slice(0, MAX_SERVICE_LINKS).map((uuid) => deps.store.read.links.find(companyUuid, 'basic', uuid)));
  return renderLinkUrls(
    found.flatMap((link) => (link ? [link.uuid] : [])),
    deps.tokens,
  );
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
