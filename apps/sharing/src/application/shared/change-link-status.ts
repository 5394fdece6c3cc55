import { SharingSubjects } from '@vi/contracts';
import type { ReposOf, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { parseStatus, requireAdvancedFeature, withStatus, type ShareLink } from '../../domain/share-link';
import type { SharingStore } from '../store';
import type { IdentityDirectory, LinkTokens } from '../ports';
import { linkEvent, namesFor, type Names } from '../share-link-rendering';

export interface ChangeStatusDeps {
  store: StoreOf<SharingStore, 'links'>;
  identity: IdentityDirectory;
  tokens: LinkTokens;
  clock: Clock;
}

/**
 * Sets a link's status (ShareLinkUpdated when it changes). Activating an advanced link needs the plan feature;
 * deactivating never does. `find` reads the link the caller may change, locked inside the transaction.
 */
export async function changeLinkStatus(
  deps: ChangeStatusDeps,
  caller: Caller,
  find: (repos: ReposOf<SharingStore, 'links'>, lock: boolean) => Promise<ShareLink>,
  statusValue: string,
): Promise<{ link: ShareLink; names: Names }> {
  const status = parseStatus(statusValue);
  const current = await find(deps.store.read, false);
  const userUuid = caller.principal.kind === 'user' ? caller.principal.userUuid : current.updatedBy;
  if (current.kind === 'advanced' && status === 'active') requireAdvancedFeature(await deps.identity.planFeatures(caller, current.companyUuid));
  const names = await namesFor(deps.identity, caller, [current], [userUuid]);
  const link = await deps.store.transaction(async (tx) => {
    const { link: next, changed } = withStatus(await find(tx, true), status, userUuid, deps.clock.now());
    if (changed) {
      await tx.links.update(next);
      await tx.publish([linkEvent(SharingSubjects.ShareLinkUpdated, next, deps.tokens, names)]);
    }
    return next;
  });
  return { link, names };
}
