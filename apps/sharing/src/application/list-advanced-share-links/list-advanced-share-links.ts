import type { sharing } from '@vi/contracts';
import { SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../../infrastructure/sharing.store';
import { companyOf } from '../company-of';
import type { Caller, IdentityDirectory, LinkTokens } from '../directories';
import { namesFor, renderAdvanced } from '../share-link-rendering';

/** A page of the company's advanced links, newest first (list items leave out `interviews`). */
export async function listAdvancedShareLinks(
  deps: { store: SharingStore; identity: IdentityDirectory; tokens: LinkTokens },
  caller: Caller,
  range: { from: number; to: number },
): Promise<sharing.AdvancedShareLinkPage> {
  const { companyUuid } = companyOf(caller.principal, SharingErrorCode.CompanyUserRequired);
  const [links, total] = await Promise.all([
    deps.store.read.links.listAdvanced(companyUuid, range.from, range.to - range.from + 1),
    deps.store.read.links.countAdvanced(companyUuid),
  ]);
  const names = await namesFor(deps.identity, caller, links);
  return { links: links.map((link) => renderAdvanced(link, deps.tokens, names)), total };
}
