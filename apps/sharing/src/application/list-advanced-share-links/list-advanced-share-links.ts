import type { sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { IdentityDirectory, LinkTokens } from '../ports';
import { namesFor, renderAdvanced } from '../share-link-rendering';

/** A page of the company's advanced links, newest first (list items leave out `interviews`). */
export async function listAdvancedShareLinks(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; tokens: LinkTokens },
  caller: Caller,
  range: { from: number; to: number },
): Promise<sharing.AdvancedShareLinkPage> {
  const { companyUuid } = companyUserOf(caller.principal);
  const [links, total] = await Promise.all([
    deps.store.read.links.listAdvanced(companyUuid, range.from, range.to - range.from + 1),
    deps.store.read.links.countAdvanced(companyUuid),
  ]);
  const names = await namesFor(deps.identity, caller, links);
  return { links: links.map((link) => renderAdvanced(link, deps.tokens, names)), total };
}
