import { InterviewsSubjects } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import { interviewEvent, renderInterview, type RenderingRepoName } from '../interview-rendering';
import { invitationOf } from '../shared/invitation';

/** The only caller: the jobs service, when an open interview's applicant applies again (decision 045). */
export const RESEND_INVITATION_CALLER = 'jobs';

/**
 * Sends an interview's invitation again (InterviewInvitationResent: its email, no SMS) while the job seeker can still
 * answer it; an ended or deleted interview sends nothing, and the caller is told nothing either way (the applicant's
 * answer must not differ).
 */
export async function resendInvitation(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'transcriptionSettings' | RenderingRepoName> },
  caller: Principal,
  interviewUuid: string,
): Promise<void> {
  requireOperator(caller, RESEND_INVITATION_CALLER);
  await deps.store.transaction(async (tx) => {
    const interview = await tx.interviews.findForSupport(interviewUuid);
    if (!interview || (interview.status !== 'requested' && interview.status !== 'accepted')) return;
    const rendered = await renderInterview(tx, interview);
    await tx.publish([
      interviewEvent(InterviewsSubjects.InterviewInvitationResent, rendered, {
        invitation: invitationOf(interview, await tx.transcriptionSettings.isOn(interview.companyUuid)),
      }),
    ]);
  });
}
