import type { InterviewJson, notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { toICalendar } from '../../domain/calendar';
import { NotificationsError, NotificationsErrorCode } from '../../domain/notifications.errors';
import type { LinkIssuer } from '../ports';
import { liveInterviewCalendar, type LiveCalendarSettings } from '../shared/live-calendar';
import type { NotificationsStore } from '../store';

export interface InterviewCalendarDeps {
  store: StoreOf<NotificationsStore, 'calendars'>;
  links: Pick<LinkIssuer, 'candidateUrls'>;
  clock: Clock;
  calendar: Pick<LiveCalendarSettings, 'organizerEmail'>;
}

/**
 * The `.ics` a live interview's job seeker downloads (decision 041): the same event as the emails (UID, the
 * SEQUENCE of the latest one, the job seeker as attendee), with a fresh candidate link. The gateway read the
 * interview with the caller's candidate token and passes it as the API renders it for the company (this call is
 * internal; the file names no company user); it is served to that job seeker only.
 */
export async function getInterviewCalendar(deps: InterviewCalendarDeps, caller: Principal, interviewJson: string): Promise<notifications.InterviewCalendar> {
  const interview = JSON.parse(interviewJson) as InterviewJson;
  if (caller.kind !== 'user' || caller.interviewUuid !== interview.uuid || interview.type !== 'live') {
    throw new NotificationsError(NotificationsErrorCode.InterviewCalendarNotFound);
  }
  const canceled = interview.status === 'canceled';
  const url = canceled ? null : ((await deps.links.candidateUrls([interview.uuid])).get(interview.uuid) ?? null);
  if (!canceled && url === null) throw new NotificationsError(NotificationsErrorCode.InterviewCalendarNotFound);
  const details = {
    candidateName: interview.assigned_to?.name ?? '',
    candidateEmail: interview.assigned_to?.email ?? '',
    companyName: interview.company?.name ?? '',
    jobTitle: interview.job_post?.title ?? '',
    url,
    occasion: canceled ? ('canceled' as const) : ('invited' as const),
    language: interview.language,
  };
  const sequence = await deps.store.read.calendars.sequenceOf(interview.uuid);
  return { ics: toICalendar(liveInterviewCalendar(deps.calendar, interview, details, false, sequence), deps.clock.now()) };
}
