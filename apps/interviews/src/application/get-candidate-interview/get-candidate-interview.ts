import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderInterview, type RenderingRepoName } from '../interview-rendering';
import { candidateInterview } from '../shared/candidate-interview';

/** The interview a job seeker's link opens, as they see it. */
export async function getCandidateInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | RenderingRepoName> },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  return renderInterview(deps.store.read, await candidateInterview(deps.store.read, caller, uuid));
}
