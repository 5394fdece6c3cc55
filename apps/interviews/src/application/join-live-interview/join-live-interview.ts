import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { toRfc3339 } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { joinWindowOf, requireJoinable, type LiveRole } from '../../domain/live-call';
import type { InterviewsStore } from '../store';
import type { IdentityDirectory } from '../ports';
import { candidateInterview } from '../shared/candidate-interview';
import { findInterview } from '../shared/find-interview';

/**
 * Admits a participant to a live interview's call: the job seeker of its candidate token, or a company user who
 * may see the interview (the API's rule for reading it: any user of its company). Anyone else learns only 404.
 */
export async function joinLiveInterview(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'projections'>; identity: Pick<IdentityDirectory, 'summaries'>; clock: Clock },
  caller: Caller,
  uuid: string,
): Promise<interviews.LiveParticipant> {
  const principal = caller.principal;
  const role: LiveRole = principal.userType === 'job_seeker' ? 'candidate' : 'interviewer';
  const interview = role === 'candidate' ? await candidateInterview(deps.store.read, caller, uuid) : await findInterview(deps.store.read, caller, uuid);
  requireJoinable(interview, deps.clock.now());
  const window = joinWindowOf(interview.scheduledAt);
  return {
    interview_uuid: interview.uuid,
    user_uuid: principal.userUuid,
    role,
    display_name: role === 'candidate' ? interview.candidateName : await colleagueName(deps, caller, principal.userUuid),
    opens_at: toRfc3339(window.opensAt),
    closes_at: toRfc3339(window.closesAt),
  };
}

/**
 * A company user's name. The projection has everyone an interview names; a colleague who joins may be newer than it
 * (identity's event still on its way), so identity is asked then. The candidate is never looked up: the room shows
 * the name this interview's company gave them (decision 036), not identity's first name of the person.
 */
async function colleagueName(
  deps: { store: StoreOf<InterviewsStore, 'projections'>; identity: Pick<IdentityDirectory, 'summaries'> },
  caller: Caller,
  userUuid: string,
): Promise<string> {
  const person =
    (await deps.store.read.projections.people([userUuid])).get(userUuid) ?? (await deps.identity.summaries(caller, [userUuid], [])).users.get(userUuid);
  return person?.name ?? '';
}
