import { SharingSubjects, type interviews, type sharing } from '@vi/contracts';
import { requireAdvancedFeature, parseStatus, withStatus, type ShareLink } from '../../domain/share-link';
import type { SharingRepositories, SharingStore } from '../../infrastructure/sharing.store';
import type { Caller, IdentityDirectory, InterviewsDirectory, LinkTokens } from '../directories';
import { findAdvancedLink, linkedInterviews } from '../get-advanced-share-link/get-advanced-share-link';
import { findBasicLink } from '../get-basic-share-link/get-basic-share-link';
import { linkEvent, namesFor, renderAdvanced, renderBasic, type Names } from '../share-link-rendering';

export interface UpdateStatusDeps {
  store: SharingStore;
  identity: IdentityDirectory;
  tokens: LinkTokens;
}

/**
 * Sets a link's status (ShareLinkUpdated when it changes). Activating an
 * advanced link needs the plan feature; deactivating never does.
 */
async function changeStatus(
  deps: UpdateStatusDeps,
  caller: Caller,
  find: (repos: SharingRepositories, lock: boolean) => Promise<ShareLink>,
  statusValue: string,
): Promise<{ link: ShareLink; names: Names }> {
  const status = parseStatus(statusValue);
  const current = await find(deps.store.read, false);
  const userUuid = caller.principal.kind === 'user' ? caller.principal.userUuid : current.updatedBy;
  if (current.kind === 'advanced' && status === 'active') requireAdvancedFeature(await deps.identity.planFeatures(caller, current.companyUuid));
  const names = await namesFor(deps.identity, caller, [current], [userUuid]);
  const link = await deps.store.transaction(async (tx) => {
    const { link: next, changed } = withStatus(await find(tx, true), status, userUuid, new Date());
    if (changed) {
      await tx.links.update(next);
      await tx.publish([linkEvent(SharingSubjects.ShareLinkUpdated, next, deps.tokens, names)]);
    }
    return next;
  });
  return { link, names };
}

export async function updateBasicShareLink(
  deps: UpdateStatusDeps,
  caller: Caller,
  input: { interviewUuid: string; linkUuid: string; status: string },
): Promise<interviews.ShareLink> {
  const { link, names } = await changeStatus(deps, caller, (repos, lock) => findBasicLink(repos, caller, input.interviewUuid, input.linkUuid, { lock }), input.status);
  return renderBasic(link, deps.tokens, names);
}

export async function updateAdvancedShareLink(
  deps: UpdateStatusDeps & { interviews: InterviewsDirectory },
  caller: Caller,
  input: { linkUuid: string; status: string },
): Promise<sharing.AdvancedShareLink> {
  const { link, names } = await changeStatus(deps, caller, (repos, lock) => findAdvancedLink(repos, caller, input.linkUuid, { lock }), input.status);
  return renderAdvanced(link, deps.tokens, names, { interviews: await linkedInterviews(deps.interviews, caller, link) });
}
