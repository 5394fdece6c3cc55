import { text } from '../i18n/texts';

/** The refusals that mean the interview itself is over (its call closed for good), not that this page is out of it. */
const INTERVIEW_OVER = new Set(['api.interview_already_completed', 'api.interview_already_canceled', 'api.interview_expired']);

/**
 * The heading above a refusal: 'The interview has ended' only when it has; otherwise (the call not open yet, joined
 * elsewhere, full, a service not answering) 'You are not in the call', above the sentence saying why.
 */
export function refusalHeading(code: string): string {
  return INTERVIEW_OVER.has(code) ? text().live.endedHeading : text().live.outOfCallHeading;
}
