import { randomUUID } from 'node:crypto';
import {
  EvaluationsSubjects,
  IdentitySubjects,
  InterviewsSubjects,
  PlanFeature,
  SharingSubjects,
  type CommentEventPayload,
  type DecisionEventPayload,
  type InterviewEventPayload,
  type ShareLinkEventPayload,
  type PasswordResetRequestedPayload,
  type UserEventPayload,
} from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { CalendarInvitation } from '../../domain/calendar';
import { candidateTime } from '../../domain/candidate-text';
import {
  LINK_PLACEHOLDER,
  accommodationRequestEmail,
  invitationEmail,
  invitationSms,
  liveCreatorEmail,
  liveInvitationEmail,
  mentionEmail,
  passwordResetEmail,
  rejectionEmail,
  reminderSms,
  reviewerEmail,
  setPasswordEmail,
  type EmailContent,
  type InvitationDetails,
  type LiveInterviewDetails,
  type MessageKind,
} from '../../domain/messages';
import type { AdministratorDirectory, PlanDirectory } from '../ports';
import { liveInterviewCalendar, type LiveCalendarSettings } from '../shared/live-calendar';
import type { CalendarChange, MessageLinkKind, NewMessage, NotificationsStore } from '../store';

export const MESSAGE_SUBJECTS = [
  IdentitySubjects.UserCreated,
  IdentitySubjects.PasswordResetRequested,
  IdentitySubjects.SetPasswordRequested,
  'interviews.interview.*',
  SharingSubjects.ShareLinkCreated,
  EvaluationsSubjects.CommentCreated,
  EvaluationsSubjects.DecisionMade,
];

const REMINDER: MessageKind = 'interview_reminder_sms';

/** Events after which an interview's pending reminder must not go out. */
const ENDING = new Set<string>([
  InterviewsSubjects.InterviewCompleted,
  InterviewsSubjects.InterviewCanceled,
  InterviewsSubjects.InterviewDeleted,
  InterviewsSubjects.InterviewExpired,
]);

export interface MessagePlanDeps {
  store: StoreOf<NotificationsStore, 'ledger' | 'messages' | 'calendars'>;
  plans: PlanDirectory;
  /** Who hears of a candidate's accommodation request besides the interview's creator (issue 42). */
  admins: AdministratorDirectory;
  clock: Clock;
  /** How long before `scheduled_at` the SMS reminder goes out (24 h). */
  reminderLeadMs: number;
  calendar: LiveCalendarSettings;
  onQueued: () => void;
}

interface Plan {
  messages: NewMessage[];
  /** Cancel this interview's pending reminder first (moved or ended). */
  cancelRemindersOf?: string;
  /** A live interview's calendar change: its emails carry the SEQUENCE recorded with it, none when the change is stale. */
  calendar?: { change: CalendarChange; messages: (sequence: number) => NewMessage[] };
  /** A deleted interview: its calendar SEQUENCE is forgotten. */
  forgetCalendarOf?: string;
}

/**
 * Turns an event into the emails and SMS it causes, recorded durably (the
 * message worker sends them) in one transaction keyed by the event id, so a
 * redelivered event sends nothing twice. A reminder is a message whose
 * `send_after` is in the future; an ended interview cancels it, a reschedule
 * or a reset replaces it.
 */
export function planMessages(deps: MessagePlanDeps, message: BusMessage): Promise<void> {
  return planMessagesBatch(deps, [message]);
}

/**
 * The same for the events of a consumer's batch (decision 051), in one transaction applied in stream order: the
 * events are marked processed in one statement, and the messages of consecutive events inserted in one; what an
 * event cancels (a moved or ended interview's reminder) is canceled after the messages of the events before it.
 */
export async function planMessagesBatch(deps: MessagePlanDeps, messages: BusMessage[]): Promise<void> {
  const now = deps.clock.now();
  const unique = [...new Map(messages.map((message) => [message.id, message])).values()];
  const planned = await Promise.all(unique.map(async (message) => ({ id: message.id, plan: await planFor(deps, message, now) })));
  const plans = planned.flatMap(({ id, plan }) => (plan ? [{ id, plan }] : []));
  if (plans.length === 0) return;
  // A batch of events that only add messages (creations, as a rule) is one statement, its ledger included (decision 054).
  const queued = plans.every(({ plan }) => !plan.cancelRemindersOf && !plan.forgetCalendarOf && !plan.calendar)
    ? await deps.store.read.messages.insertOfFirstTime(
        'messages',
        plans.map((p) => p.id),
        plans.flatMap(({ id, plan }) => plan.messages.map((m) => ({ ...m, event_id: id }))),
      )
    : await inOrder(deps, plans, now);
  if (queued > 0) deps.onQueued();
}

/** Events that cancel or change what is planned, in one transaction applied in stream order. */
async function inOrder(deps: MessagePlanDeps, plans: Array<{ id: string; plan: Plan }>, now: Date): Promise<number> {
  return deps.store.transaction(async (tx) => {
    const first = await tx.ledger.markProcessedMany(
      'messages',
      plans.map((p) => p.id),
    );
    let rows: NewMessage[] = [];
    let count = 0;
    const insert = async () => {
      await tx.messages.insertMany(rows);
      count += rows.length;
      rows = [];
    };
    for (const { id, plan } of plans) {
      if (!first.has(id)) continue;
      if (plan.cancelRemindersOf || plan.forgetCalendarOf || plan.calendar) {
        // The messages of the events before this one first: it may cancel them (a reschedule right after a creation).
        await insert();
        if (plan.cancelRemindersOf) await tx.messages.cancelPending(plan.cancelRemindersOf, [REMINDER], now);
        if (plan.forgetCalendarOf) await tx.calendars.deleteOfInterviews([plan.forgetCalendarOf]);
        if (plan.calendar) {
          const sequence = await tx.calendars.record(plan.calendar.change);
          if (sequence !== null) rows.push(...plan.calendar.messages(sequence));
        }
      }
      rows.push(...plan.messages);
    }
    await insert();
    return count;
  });
}

async function planFor(deps: MessagePlanDeps, message: BusMessage, now: Date): Promise<Plan | undefined> {
  const base = { id: message.id, now };
  switch (message.subject) {
    case IdentitySubjects.UserCreated:
    case IdentitySubjects.SetPasswordRequested:
    case IdentitySubjects.PasswordResetRequested: {
      const user = message.payload as UserEventPayload;
      if (user.type !== 'company_user') return undefined;
      const reset = message.subject === IdentitySubjects.PasswordResetRequested;
      const occasion = message.subject === IdentitySubjects.SetPasswordRequested ? 'email_changed' : 'created';
      const companyName = (message.payload as Partial<PasswordResetRequestedPayload>).company_name;
      const content = (reset ? passwordResetEmail : setPasswordEmail)({ name: user.name, setPasswordUrl: LINK_PLACEHOLDER, occasion, companyName });
      const link = { kind: 'set_password', subject: user.uuid } as const;
      return { messages: [email({ ...base, link }, reset ? 'password_reset' : 'set_password', user.email, content)] };
    }
    case InterviewsSubjects.InterviewCreated:
    case InterviewsSubjects.InterviewRescheduled:
    case InterviewsSubjects.InterviewReset:
    case InterviewsSubjects.InterviewInvitationResent:
      return planInvitation(deps, message, now);
    case InterviewsSubjects.AccommodationRequested:
      return planAccommodationRequest(deps, message, now);
    case SharingSubjects.ShareLinkCreated: {
      const link = message.payload as ShareLinkEventPayload;
      if (link.kind !== 'advanced' || !link.send_email || !link.reviewer?.email) return undefined;
      const content = reviewerEmail({
        reviewerName: link.reviewer.name,
        companyName: link.company.name,
        sharedBy: link.created_by?.name ?? null,
        url: LINK_PLACEHOLDER,
        interviews: link.interviews.map((i) => ({ jobTitle: i.job_title, candidateName: i.candidate_name })),
      });
      return { messages: [email({ ...base, link: { kind: 'share_link', subject: link.uuid } }, 'share_link_reviewer', link.reviewer.email, content)] };
    }
    case EvaluationsSubjects.CommentCreated: {
      // Most comments mention no one: nothing to record, not even in the ledger.
      const messages = mentionEmails(deps.calendar, base, message.payload as CommentEventPayload);
      return messages.length > 0 ? { messages } : undefined;
    }
    case EvaluationsSubjects.DecisionMade: {
      const { interview_uuid, notify_candidate: notice } = message.payload as DecisionEventPayload;
      // Only a reject the company chose to tell carries the notice; nothing else of the decision is the candidate's.
      if (!notice?.email) return undefined;
      const content = rejectionEmail({
        candidateName: notice.name,
        companyName: notice.company_name,
        jobTitle: notice.job_title,
        message: notice.message,
        language: notice.language,
      });
      return { messages: [email({ ...base, interviewUuid: interview_uuid }, 'decision_rejected', notice.email, content)] };
    }
    default: {
      if (!ENDING.has(message.subject)) return undefined;
      const { interview, invitation } = message.payload as InterviewEventPayload;
      if (!interview?.uuid) return undefined;
      const ended: Plan = { messages: [], cancelRemindersOf: interview.uuid };
      if (message.subject === InterviewsSubjects.InterviewDeleted) return { ...ended, forgetCalendarOf: interview.uuid };
      if (message.subject === InterviewsSubjects.InterviewCanceled && interview.type === 'live' && invitation) {
        return {
          ...ended,
          calendar: liveCalendar(deps.calendar, { id: message.id, now, interviewUuid: interview.uuid }, message.payload as InterviewEventPayload, 'canceled'),
        };
      }
      return ended;
    }
  }
}

async function planInvitation(deps: MessagePlanDeps, message: BusMessage, now: Date): Promise<Plan | undefined> {
  const { interview, invitation } = message.payload as InterviewEventPayload;
  const occasion =
    message.subject === InterviewsSubjects.InterviewRescheduled ? 'rescheduled' : message.subject === InterviewsSubjects.InterviewReset ? 'reset' : 'invited';
  // A new due time or a new start replaces the pending reminder.
  const cancelRemindersOf = occasion === 'invited' ? undefined : interview.uuid;
  const candidate = interview.assigned_to;
  if (!invitation || !candidate?.email) return cancelRemindersOf ? { messages: [], cancelRemindersOf } : undefined;
  const details: InvitationDetails = {
    candidateName: candidate.name,
    companyName: interview.company?.name ?? '',
    jobTitle: interview.job_post?.title ?? '',
    emailMessage: invitation.email_message,
    dueLocal: candidateTime(interview.scheduled_at, invitation.timezone, interview.language),
    timezone: invitation.timezone,
    language: interview.language,
    candidateUrl: LINK_PLACEHOLDER,
    occasion,
    live: interview.type === 'live',
    // Absent on an event of an older interviews service: not said.
    answersTranscribed: invitation.answers_transcribed ?? false,
  };
  const base = { id: message.id, now, interviewUuid: interview.uuid, link: { kind: 'candidate', subject: interview.uuid } as const };
  // A live interview's emails carry its calendar invitation, whose SEQUENCE is known only inside the transaction.
  const live = details.live;
  const messages = live ? [] : [email(base, 'interview_invitation', candidate.email, invitationEmail(details))];
  const companyUuid = interview.company?.uuid;
  const phone = invitation.phone_parsed;
  // A re-sent invitation (an open interview's applicant applied again) is its email alone: no second SMS nor reminder.
  const resent = message.subject === InterviewsSubjects.InterviewInvitationResent;
  if (!resent && phone && invitation.has_sms_consent && companyUuid && (await deps.plans.features(companyUuid))[PlanFeature.InterviewSmsNotifications]) {
    messages.push(sms(base, 'interview_invitation_sms', phone, invitationSms(details), now));
    const remindAt = new Date(new Date(interview.scheduled_at).getTime() - deps.reminderLeadMs);
    // Due sooner than the lead: the invitation just sent is the reminder.
    if (remindAt > now) messages.push(sms(base, REMINDER, phone, reminderSms(details), remindAt));
  }
  return { messages, cancelRemindersOf, calendar: live ? liveCalendar(deps.calendar, base, message.payload as InterviewEventPayload, occasion) : undefined };
}

/**
 * A candidate's request for an accommodation (issue 42): the interview's creator and the company's administrators are
 * emailed the message, the candidate and the interview's page, each once (an administrator who created it gets one).
 */
async function planAccommodationRequest(deps: MessagePlanDeps, message: BusMessage, now: Date): Promise<Plan | undefined> {
  const { interview, accommodation_request: request } = message.payload as InterviewEventPayload;
  const companyUuid = interview?.company?.uuid;
  if (!request || !companyUuid) return undefined;
  const admins = await deps.admins.administrators(companyUuid);
  const creator = interview.created_by;
  const recipients = new Map<string, string>();
  for (const r of [...(creator?.email ? [{ name: creator.name, email: creator.email }] : []), ...admins]) {
    if (r.email && !recipients.has(r.email.toLowerCase())) recipients.set(r.email.toLowerCase(), r.name);
  }
  if (recipients.size === 0) return undefined;
  const base = { id: message.id, now, interviewUuid: interview.uuid };
  const url = deps.calendar.interviewPageUrl(interview.uuid);
  return {
    messages: [...recipients].map(([email_, name]) =>
      email(
        base,
        'accommodation_request',
        email_,
        accommodationRequestEmail({
          recipientName: name,
          candidateName: interview.assigned_to?.name ?? '',
          candidateEmail: interview.assigned_to?.email ?? '',
          jobTitle: interview.job_post?.title ?? '',
          message: request.message,
          url,
        }),
      ),
    ),
  };
}

/**
 * A live interview's calendar invitation (or update, or cancellation) by email to its job seeker (with the candidate
 * link, asked for when it is sent) and to the company user who created it (with the interview's page): one event,
 * the same UID and SEQUENCE for both, who are both its attendees.
 */
function liveCalendar(
  settings: LiveCalendarSettings,
  base: MessageBase,
  { interview, invitation }: InterviewEventPayload,
  occasion: LiveInterviewDetails['occasion'],
): NonNullable<Plan['calendar']> {
  const candidate = interview.assigned_to;
  const creator = interview.created_by;
  // The job seeker reads the interview's language; the creator, a company user, English (decision 047).
  const details = (url: string | null, language: string, transcribed = false): LiveInterviewDetails => ({
    candidateName: candidate?.name ?? '',
    candidateEmail: candidate?.email ?? '',
    creatorName: creator?.name ?? null,
    companyName: interview.company?.name ?? '',
    jobTitle: interview.job_post?.title ?? '',
    emailMessage: invitation?.email_message ?? '',
    startLocal: candidateTime(interview.scheduled_at, invitation?.timezone ?? 'UTC', language),
    timezone: invitation?.timezone ?? 'UTC',
    language,
    start: interview.scheduled_at,
    url,
    occasion,
    transcribed,
  });
  const canceled = occasion === 'canceled';
  const calendarOf = (d: LiveInterviewDetails, forCreator: boolean, sequence: number) => liveInterviewCalendar(settings, interview, d, forCreator, sequence);
  return {
    change: {
      interviewUuid: interview.uuid,
      changedAt: new Date(interview.updated_at),
      kind: canceled ? 'canceled' : occasion === 'rescheduled' ? 'moved' : 'same',
    },
    messages: (sequence) => {
      const rows: NewMessage[] = [];
      if (candidate?.email) {
        // The cancellation carries no link: the interview can no longer be opened.
        const d = details(canceled ? null : LINK_PLACEHOLDER, interview.language, invitation?.answers_transcribed ?? false);
        const kind = canceled ? 'interview_cancellation' : 'interview_invitation';
        rows.push(email({ ...base, link: canceled ? undefined : base.link }, kind, candidate.email, liveInvitationEmail(d), calendarOf(d, false, sequence)));
      }
      if (creator?.email) {
        const d = details(canceled ? null : settings.interviewPageUrl(interview.uuid), 'en');
        rows.push(email({ ...base, link: undefined }, 'interview_creator_calendar', creator.email, liveCreatorEmail(d), calendarOf(d, true, sequence)));
      }
      return rows;
    },
  };
}

/**
 * Each colleague a comment mentions, but its author, gets the watch page at the comment's moment (decision 070): the
 * interview's page that live interviews' creators join from, with the take or recording and the time.
 */
function mentionEmails(settings: Pick<LiveCalendarSettings, 'interviewPageUrl'>, base: MessageBase, event: CommentEventPayload): NewMessage[] {
  const { comment } = event;
  const moment = new URLSearchParams();
  if (comment.take_uuid) moment.set('take', comment.take_uuid);
  else if (comment.recording_uuid) moment.set('recording', comment.recording_uuid);
  if (moment.size > 0 && comment.at_ms !== null) moment.set('at_ms', String(comment.at_ms));
  const page = settings.interviewPageUrl(event.interview_uuid);
  const url = moment.size > 0 ? `${page}?${moment.toString()}` : page;
  const atMs = moment.has('at_ms') ? comment.at_ms : null;
  return event.mentions
    .filter((m) => m.email && m.uuid !== comment.author.uuid)
    .map((m) =>
      email(
        { ...base, interviewUuid: event.interview_uuid },
        'comment_mention',
        m.email,
        mentionEmail({ recipientName: m.name, authorName: comment.author.name, text: comment.text, atMs, url }),
      ),
    );
}

interface MessageBase {
  id: string;
  now: Date;
  interviewUuid?: string;
  /** The bearer link the body's placeholder stands for (decision 018). */
  link?: { kind: MessageLinkKind; subject: string };
}

function email(base: MessageBase, kind: MessageKind, to: string, content: EmailContent, calendar?: CalendarInvitation): NewMessage {
  return {
    ...row(base, kind, to, base.now),
    channel: 'email',
    subject: content.subject,
    text_body: content.text,
    html_body: content.html,
    calendar: calendar ?? null,
  };
}

function sms(base: MessageBase, kind: MessageKind, to: string, body: string, sendAfter: Date): NewMessage {
  return { ...row(base, kind, to, sendAfter), channel: 'sms', subject: null, text_body: body, html_body: null };
}

function row(base: MessageBase, kind: MessageKind, to: string, sendAfter: Date) {
  return {
    uuid: randomUUID(),
    // Once per event, kind and recipient, however often the event is delivered.
    dedupe_key: `${base.id}:${kind}:${to.toLowerCase()}`,
    kind,
    recipient: to,
    interview_uuid: base.interviewUuid ?? null,
    link_kind: base.link?.kind ?? null,
    link_subject: base.link?.subject ?? null,
    send_after: sendAfter,
    created_at: base.now,
  };
}
