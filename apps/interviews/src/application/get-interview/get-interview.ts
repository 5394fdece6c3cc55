import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderInterview, type RenderingRepoName } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';

export async function getInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | RenderingRepoName> },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  return renderInterview(deps.store.read, await findInterview(deps.store.read, caller, uuid));
}
