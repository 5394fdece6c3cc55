import { SharingSubjects } from '@vi/contracts';
import { deleted } from '../../domain/share-link';
import type { SharingStore } from '../../infrastructure/sharing.store';
import type { Caller, IdentityDirectory, LinkTokens } from '../directories';
import { findAdvancedLink } from '../get-advanced-share-link/get-advanced-share-link';
import { linkEvent, namesFor } from '../share-link-rendering';

/** Deletes an advanced link: its token opens nothing from now on (ShareLinkDeleted). */
export async function deleteAdvancedShareLink(
  deps: { store: SharingStore; identity: IdentityDirectory; tokens: LinkTokens },
  caller: Caller,
  linkUuid: string,
): Promise<void> {
  const current = await findAdvancedLink(deps.store.read, caller, linkUuid);
  const userUuid = caller.principal.kind === 'user' ? caller.principal.userUuid : null;
  const names = await namesFor(deps.identity, caller, [current], userUuid ? [userUuid] : []);
  await deps.store.transaction(async (tx) => {
    const link = deleted(await findAdvancedLink(tx, caller, linkUuid, { lock: true }), userUuid, new Date());
    await tx.links.update(link);
    await tx.publish([linkEvent(SharingSubjects.ShareLinkDeleted, link, deps.tokens, names)]);
  });
}
