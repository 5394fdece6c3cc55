import type { InterviewJson } from '@vi/contracts';
import { calendarEnd, calendarUid, type CalendarInvitation } from '../../domain/calendar';
import { liveCalendarText, type LiveCalendarTextDetails } from '../../domain/messages';

/** What a live interview's calendar invitation needs beyond the interview (decision 041). */
export interface LiveCalendarSettings {
  /** The ORGANIZER's address: the one the emails come from (MAIL_FROM). */
  organizerEmail: string;
  /** Where a company user opens the interview (and joins the call): not a bearer link. */
  interviewPageUrl(interviewUuid: string): string;
}

/**
 * A live interview's calendar invitation, for its job seeker or its creator: one event (the same UID and SEQUENCE),
 * a cancellation once canceled. The creator's copy lists both as attendees, the job seeker's only them. Emailed (plan-messages) and downloaded (get-interview-calendar).
 */
export function liveInterviewCalendar(
  settings: Pick<LiveCalendarSettings, 'organizerEmail'>,
  interview: Pick<InterviewJson, 'uuid' | 'scheduled_at' | 'assigned_to' | 'created_by'>,
  details: LiveCalendarTextDetails,
  forCreator: boolean,
  sequence: number,
): CalendarInvitation {
  return {
    method: details.occasion === 'canceled' ? 'CANCEL' : 'REQUEST',
    uid: calendarUid(interview.uuid),
    sequence,
    start: interview.scheduled_at,
    end: calendarEnd(interview.scheduled_at),
    ...liveCalendarText(details, forCreator),
    url: details.url,
    organizer: { name: details.companyName || 'Video Interviewing', email: settings.organizerEmail },
    // The job seeker's copy names no company user: a recruiter's address is the company's (decision 036).
    attendees: (forCreator ? [interview.assigned_to, interview.created_by] : [interview.assigned_to]).flatMap((p) =>
      p?.email ? [{ name: p.name, email: p.email }] : [],
    ),
  };
}
