import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { renderInterview, type RenderingRepoName } from '../interview-rendering';
import { findInterview } from '../shared/find-interview';

export async function getInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | RenderingRepoName> },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  return renderInterview(deps.store.read, await findInterview(deps.store.read, caller, uuid));
}
