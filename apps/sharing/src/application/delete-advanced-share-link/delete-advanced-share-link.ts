import { SharingSubjects, type sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { deleted } from '../../domain/share-link';
import type { SharingStore } from '../store';
import type { IdentityDirectory, LinkTokens } from '../ports';
import { linkEvent, namesFor } from '../share-link-rendering';
import { findAdvancedLink } from '../shared/find-advanced-link';

/** Deletes an advanced link: its token opens nothing from now on (ShareLinkDeleted). */
export async function deleteAdvancedShareLink(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; tokens: LinkTokens; clock: Clock },
  caller: Caller,
  linkUuid: string,
): Promise<sharing.Empty> {
  const current = await findAdvancedLink(deps.store.read, caller, linkUuid);
  const userUuid = caller.principal.kind === 'user' ? caller.principal.userUuid : null;
  const names = await namesFor(deps.identity, caller, [current], userUuid ? [userUuid] : []);
  await deps.store.transaction(async (tx) => {
    const link = deleted(await findAdvancedLink(tx, caller, linkUuid, { lock: true }), userUuid, deps.clock.now());
    await tx.links.update(link);
    await tx.publish([linkEvent(SharingSubjects.ShareLinkDeleted, link, deps.tokens, names)]);
  });
  return {};
}
