import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { renderInterview, type RenderingRepoName } from '../interview-rendering';
import { candidateInterview, forCandidate } from '../shared/candidate-interview';

/** The interview a job seeker's link opens, as they see it (with whether their answers are transcribed, decision 073). */
export async function getCandidateInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'transcriptionSettings' | RenderingRepoName> },
  caller: Caller,
  uuid: string,
): Promise<interviews.Interview> {
  const interview = await candidateInterview(deps.store.read, caller, uuid);
  return forCandidate(deps.store.read, interview.companyUuid, await renderInterview(deps.store.read, interview));
}
