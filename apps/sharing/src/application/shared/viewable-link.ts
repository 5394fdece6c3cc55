import type { StoreOf } from '@vi/platform-bus';
import type { Principal, Caller } from '@vi/platform-grpc';
import { isViewable, type ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../store';
import { SHARING_SERVICE, type IdentityDirectory, type LinkTokens } from '../ports';

/**
 * The link a token opens right now, checked on every open (nothing cached): active, not deleted, and for an
 * advanced link the plan feature in force today. Anything else, an unknown token included, is the same 404. Only a
 * service principal (the gateway's public endpoint) may ask; what the link opens is then read as this service.
 */
export async function viewableLink(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; tokens: LinkTokens },
  principal: Principal,
  token: string,
  deadline?: Date,
): Promise<{ link: ShareLink; as: Caller<Principal> }> {
  const notFound = new SharingError(SharingErrorCode.ShareLinkNotFound);
  if (principal.kind !== 'service') throw notFound;
  const hash = deps.tokens.hashOf(token);
  const link = hash === undefined ? undefined : await deps.store.read.links.findByTokenHash(hash);
  if (!link) throw notFound;
  const as: Caller<Principal> = { principal: SHARING_SERVICE, deadline };
  const features = link.kind === 'advanced' ? await deps.identity.planFeatures(as, link.companyUuid) : undefined;
  if (!isViewable(link, features)) throw notFound;
  return { link, as };
}
