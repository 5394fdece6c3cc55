import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { toRfc3339 } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { joinWindowOf } from '../../domain/join-window';
import type { InterviewsStore } from '../store';
import type { IdentityDirectory } from '../ports';
import { callOf, participantName } from '../shared/live-participant';

/**
 * Admits a participant to a live interview's call: the job seeker of its candidate token, or a company user who
 * may see the interview (the API's rule for reading it: any user of its company). Anyone else learns only 404.
 * The first one admitted starts the call: its chat's times are counted from then (decision 039).
 */
export async function joinLiveInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'projections' | 'liveCalls'>; identity: Pick<IdentityDirectory, 'summaries'>; clock: Clock },
  caller: Caller,
  uuid: string,
): Promise<interviews.LiveParticipant> {
  const now = deps.clock.now();
  const { interview, role } = await callOf(deps.store.read, caller, uuid, now);
  const name = await participantName(deps.store.read, deps.identity, caller, { interview, role });
  await deps.store.read.liveCalls.markStarted(interview.uuid, now);
  const window = joinWindowOf(interview.scheduledAt);
  return {
    interview_uuid: interview.uuid,
    user_uuid: caller.principal.userUuid,
    role,
    display_name: name,
    opens_at: toRfc3339(window.opensAt),
    closes_at: toRfc3339(window.closesAt),
  };
}
