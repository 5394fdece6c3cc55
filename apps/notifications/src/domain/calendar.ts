import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * A live interview's calendar invitation (iCalendar, RFC 5545, sent as iTIP, RFC 5546): plain data, stored with the
 * message that carries it (its `url` may hold the bearer-link placeholder, put in place when it is sent, decision 018)
 * and serialized only then. Decision 041.
 */
export interface CalendarInvitation {
  /** REQUEST invites or updates; CANCEL removes the event from the attendees' calendars. */
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  /** 0 for the first invitation, raised by every reschedule and by the cancellation. */
  sequence: number;
  /** RFC 3339, as the interview's `scheduled_at`. */
  start: string;
  end: string;
  summary: string;
  description: string;
  /** Where to join: the candidate link for the job seeker, the interview's page for its creator; none once canceled. */
  url: string | null;
  organizer: { name: string; email: string };
  attendees: Array<{ name: string; email: string }>;
}

/** How long the calendar entry lasts: interviews have no duration of their own, and an hour is the usual slot. */
export const LIVE_INTERVIEW_CALENDAR_DURATION_MS = 60 * 60_000;

/**
 * One event per interview in every calendar, whoever received it (job seeker or creator) and however often it
 * moved: the interview's uuid is unique on its own, the suffix names who minted it.
 */
export function calendarUid(interviewUuid: string): string {
  return `${interviewUuid}@video-interviewing`;
}

/** The end of the calendar entry of an interview starting at `start` (RFC 3339 in, RFC 3339 out). */
export function calendarEnd(start: string): string {
  return new Date(new Date(start).getTime() + LIVE_INTERVIEW_CALENDAR_DURATION_MS).toISOString();
}

/**
 * A name (a job seeker's, a company user's, a company's) as the value of a quoted parameter (`CN="…"`). RFC 5545
 * §3.2 has no escape inside a quoted parameter value: a DQUOTE ends it. ical-generator writes `\"` and `\\` there,
 * so `Jane":mailto:attacker@evil.example` ended the name early and made the rest the attendee's address. RFC 6868
 * writes a DQUOTE as `^'`, a line break as `^n` and a caret as `^^`; control characters (no reader shows them in a
 * name) and backslashes (ical-generator would double them) are dropped. What is left is nothing ical-generator
 * escapes again. Decision 041.
 */
export function calendarParameterText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this drops
      .replace(/[\\\x00-\x08\x0B-\x1F\x7F]/g, '')
      .replace(/\^/g, '^^')
      .replace(/"/g, "^'")
      .replace(/\n/g, '^n')
  );
}

/**
 * The `.ics` text: CRLF line ends (the last line too), lines folded at 75 octets, TEXT values escaped and times in
 * UTC (`…Z`), as RFC 5545 requires; ical-generator does the folding and the escaping of TEXT values, names in
 * parameters are ours (`calendarParameterText`). `stampedAt` is the DTSTAMP (when
 * this copy was made).
 */
export function toICalendar(invitation: CalendarInvitation, stampedAt: Date): string {
  const cancel = invitation.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Video Interviewing', product: 'Live interviews', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const event = calendar.createEvent({
    id: invitation.uid,
    sequence: invitation.sequence,
    stamp: stampedAt,
    start: new Date(invitation.start),
    end: new Date(invitation.end),
    summary: invitation.summary,
    description: invitation.description,
    ...(invitation.url ? { location: invitation.url, url: invitation.url } : {}),
    organizer: { ...invitation.organizer, name: calendarParameterText(invitation.organizer.name) },
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  for (const attendee of invitation.attendees) {
    // Attending is confirmed on the interview's page, not by a calendar reply nobody would read.
    event.createAttendee({
      ...attendee,
      name: calendarParameterText(attendee.name),
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: false,
    });
  }
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
