import { pagePath } from '@vi/contracts/web';

/** Whether an interview has a call to join now or later: live, neither completed, expired nor canceled. */
export function hasCall(interview: { type: string; status: string }): boolean {
  return interview.type === 'live' && (interview.status === 'requested' || interview.status === 'accepted');
}

/** The page where a company user joins an interview's call. */
export function liveHref(uuid: string): string {
  return pagePath('/interview/:interviewUuid/live', { interviewUuid: uuid });
}

/** The page where a company user watches an interview's answers or a call's recordings. */
export function watchHref(uuid: string): string {
  return pagePath('/interview/:interviewUuid/watch', { interviewUuid: uuid });
}
