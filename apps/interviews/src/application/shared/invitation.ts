import type { InvitationDetails } from '@vi/contracts';
import type { Interview } from '../../domain/interview';

/** The due time written out for people, in the interview's timezone. */
export function localDueTime(at: Date, timezone: string): string {
  return dueTimeFormat(timezone).format(at);
}

// Building a DateTimeFormat loads the zone's rules and the locale's patterns, far dearer than formatting with one:
// one per timezone, kept (IANA has about 600 names; the bound only guards against a flood of odd spellings).
const dueTimeFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_DUE_TIME_FORMATS = 1_000;

function dueTimeFormat(timezone: string): Intl.DateTimeFormat {
  let format = dueTimeFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, dateStyle: 'full', timeStyle: 'long' });
    if (dueTimeFormats.size >= MAX_DUE_TIME_FORMATS) dueTimeFormats.clear();
    dueTimeFormats.set(timezone, format);
  }
  return format;
}

/**
 * What the notifications service needs to invite; no link: it asks for one when it sends (decision 018).
 * `answersTranscribed`: the company's transcription now (decision 073), which the invitation says.
 */
export function invitationOf(interview: Interview, answersTranscribed: boolean): InvitationDetails {
  return {
    email_message: interview.emailMessage,
    timezone: interview.timezone,
    scheduled_at_local: localDueTime(interview.scheduledAt, interview.timezone),
    phone: interview.phone,
    phone_parsed: interview.phoneParsed,
    has_sms_consent: interview.hasSmsConsent,
    answers_transcribed: answersTranscribed,
  };
}
