import type { ReposOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { Interview } from '../../domain/interview';
import { requireJoinable, type LiveRole } from '../../domain/live-call';
import type { IdentityDirectory } from '../ports';
import type { InterviewsStore } from '../store';
import { candidateInterview } from './candidate-interview';
import { findInterview } from './find-interview';

/**
 * The interview whose call the caller may be in now, and as whom: the job seeker of its candidate token, or a
 * company user who may see it (the API's rule for reading it: any user of its company). Anyone else learns only
 * 404; a call that cannot be held now (canceled, completed, expired, not yet open) is refused with its own code.
 */
export async function callOf(
  repos: ReposOf<InterviewsStore, 'interviews'>,
  caller: Caller,
  uuid: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<{ interview: Interview; role: LiveRole }> {
  const role: LiveRole = caller.principal.userType === 'job_seeker' ? 'candidate' : 'interviewer';
  const interview = role === 'candidate' ? await candidateInterview(repos, caller, uuid, options) : await findInterview(repos, caller, uuid, options);
  requireJoinable(interview, now);
  return { interview, role };
}

/**
 * The name the others see on the caller's video and beside their chat lines. The candidate is shown by the name this
 * interview's company gave them (decision 036), never identity's first name of the person, which may be another
 * company's words. A company user's name: the projection has everyone an interview names; a colleague who joins may
 * be newer than it (identity's event still on its way), so identity is asked then.
 */
export async function participantName(
  repos: ReposOf<InterviewsStore, 'projections'>,
  identity: Pick<IdentityDirectory, 'summaries'>,
  caller: Caller,
  call: { interview: Interview; role: LiveRole },
): Promise<string> {
  if (call.role === 'candidate') return call.interview.candidateName;
  const userUuid = caller.principal.userUuid;
  const person = (await repos.projections.people([userUuid])).get(userUuid) ?? (await identity.summaries(caller, [userUuid], [])).users.get(userUuid);
  return person?.name ?? '';
}
