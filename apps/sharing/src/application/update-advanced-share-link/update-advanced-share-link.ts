import type { sharing } from '@vi/contracts';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsDirectory } from '../ports';
import { renderAdvanced } from '../share-link-rendering';
import { changeLinkStatus, type ChangeStatusDeps } from '../shared/change-link-status';
import { findAdvancedLink } from '../shared/find-advanced-link';
import { linkedInterviews } from '../shared/linked-interviews';

/** Turns an advanced link on (the plan must have the feature) or off, and shows it as a single read does. */
export async function updateAdvancedShareLink(
  deps: ChangeStatusDeps & { interviews: InterviewsDirectory },
  caller: Caller,
  input: { linkUuid: string; status: string },
): Promise<sharing.AdvancedShareLink> {
  const { link, names } = await changeLinkStatus(deps, caller, (repos, lock) => findAdvancedLink(repos, caller, input.linkUuid, { lock }), input.status);
  return renderAdvanced(link, deps.tokens, names, { interviews: await linkedInterviews(deps.interviews, caller, link) });
}
