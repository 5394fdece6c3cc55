import type { sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { LinkTokens } from '../ports';
import { renderLinkUrls } from '../share-link-rendering';

/**
 * Who may render link URLs: the gateway (the interview's `share_link` in API responses, after interviews allowed the
 * caller to read the interview) and notifications (webhooks and the reviewer's email, when it sends them).
 */
export const SHARE_LINK_URL_CALLERS = new Set(['gateway', 'notifications']);

/**
 * The URLs of these links (decision 018): events and the interviews' projection carry a link's uuid, never its
 * token, which only this service derives. Unknown uuids are left out; deleted links keep theirs (it opens nothing).
 */
export async function getShareLinkUrls(
  deps: { store: StoreOf<SharingStore, 'links'>; tokens: LinkTokens },
  caller: Principal,
  linkUuids: string[],
): Promise<sharing.ShareLinkUrls> {
  requireOperator(caller, SHARE_LINK_URL_CALLERS);
  const existing = await deps.store.read.links.existing([...new Set(linkUuids)].filter(isUuid));
  return renderLinkUrls(existing, deps.tokens);
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
