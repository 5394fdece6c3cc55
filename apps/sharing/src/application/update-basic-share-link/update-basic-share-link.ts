import type { interviews } from '@vi/contracts';
import type { Caller } from '@vi/platform-grpc';
import { renderBasic } from '../share-link-rendering';
import { changeLinkStatus, type ChangeStatusDeps } from '../shared/change-link-status';
import { findBasicLink } from '../shared/find-basic-link';

/** Turns an interview's basic link on or off. */
export async function updateBasicShareLink(
  deps: ChangeStatusDeps,
  caller: Caller,
  input: { interviewUuid: string; linkUuid: string; status: string },
): Promise<interviews.ShareLink> {
  const { link, names } = await changeLinkStatus(
    deps,
    caller,
    (repos, lock) => findBasicLink(repos, caller, input.interviewUuid, input.linkUuid, { lock }),
    input.status,
  );
  return renderBasic(link, deps.tokens, names);
}
