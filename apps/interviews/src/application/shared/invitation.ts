import type { InvitationDetails } from '@vi/contracts';
import type { Interview } from '../../domain/interview';

/** The due time written out for people, in the interview's timezone. */
export function localDueTime(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: timezone, dateStyle: 'full', timeStyle: 'long' }).format(at);
}

/** What the notifications service needs to invite; no link: it asks for one when it sends (decision 018). */
export function invitationOf(interview: Interview): InvitationDetails {
  return {
    email_message: interview.emailMessage,
    timezone: interview.timezone,
    scheduled_at_local: localDueTime(interview.scheduledAt, interview.timezone),
    phone: interview.phone,
    phone_parsed: interview.phoneParsed,
    has_sms_consent: interview.hasSmsConsent,
  };
}
