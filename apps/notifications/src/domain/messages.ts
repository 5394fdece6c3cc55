import type { CalendarInvitation } from './calendar';

/** Emails and SMS: what is sent, as plain data (rendered here, sent by the adapters). All their text is here. */

export type MessageKind =
  | 'set_password'
  | 'password_reset'
  | 'interview_invitation'
  | 'interview_invitation_sms'
  | 'interview_reminder_sms'
  | 'share_link_reviewer'
  /** A live interview's cancellation, to its job seeker (with the calendar cancellation). */
  | 'interview_cancellation'
  /** A live interview's calendar invitation, update or cancellation, to the company user who created it. */
  | 'interview_creator_calendar';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Stands for the bearer link in a stored message (decision 018): the link is asked of its owner when the message
 * is sent and put in place only in what goes out, so no row holds a usable link.
 */
export const LINK_PLACEHOLDER = '{{link}}';

/** The message as it goes out: the placeholder replaced by the link (escaped in HTML; in the calendar invitation too). */
export function withLink<T extends { text: string; html: string | null; subject: string | null; calendar?: CalendarInvitation | null }>(
  message: T,
  url: string,
): T {
  const put = (value: string) => value.split(LINK_PLACEHOLDER).join(url);
  return {
    ...message,
    text: put(message.text),
    html: message.html === null ? null : message.html.split(LINK_PLACEHOLDER).join(escapeHtml(url)),
    ...(message.calendar
      ? { calendar: { ...message.calendar, url: message.calendar.url && put(message.calendar.url), description: put(message.calendar.description) } }
      : {}),
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    body,
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
}

/** A new company user's first link, or a fresh one when the address of a user without a password was changed. */
export function setPasswordEmail(user: { name: string; setPasswordUrl: string; occasion?: 'created' | 'email_changed' }): EmailContent {
  const intro =
    user.occasion === 'email_changed'
      ? 'Your Video Interviewing account now uses this address. Choose a password to sign in:'
      : 'An account was created for you on Video Interviewing. Choose a password to sign in:';
  const paragraphs = [`Hello ${user.name},`, intro];
  return {
    subject: 'Set your Video Interviewing password',
    text: `${paragraphs.join('\n\n')}\n\n${user.setPasswordUrl}\n\nThe link works for 7 days.\n`,
    html: html([...paragraphs], { href: user.setPasswordUrl, label: 'Set your password' }) + '\n<p>The link works for 7 days.</p>',
  };
}

/** The forgot-password page's email: a fresh set-password link for an existing account. */
export function passwordResetEmail(user: { name: string; setPasswordUrl: string; companyName?: string }): EmailContent {
  // One address may have an account at two companies: each email says which one its link is for (decision 034).
  const account = user.companyName ? ` for your account at ${user.companyName}` : ' for this address';
  const paragraphs = [`Hello ${user.name},`, `Someone, probably you, asked to choose a new Video Interviewing password${account}. To choose one, open:`];
  const after = 'The link works for 7 days and once. If you did not ask, ignore this email: your password stays as it is.';
  return {
    subject: 'Choose a new Video Interviewing password',
    text: `${paragraphs.join('\n\n')}\n\n${user.setPasswordUrl}\n\n${after}\n`,
    html: html([...paragraphs], { href: user.setPasswordUrl, label: 'Choose a new password' }).replace('</body>', `<p>${after}</p>\n</body>`),
  };
}

export interface InvitationDetails {
  candidateName: string;
  companyName: string;
  jobTitle: string;
  /** The company's `email_message`, possibly empty. */
  emailMessage: string;
  /** The due time written out in the interview's timezone. */
  dueLocal: string;
  timezone: string;
  candidateUrl: string;
  /** Why the job seeker gets a (new) link: a new interview, a new due time, or a reset by customer support. */
  occasion: 'invited' | 'rescheduled' | 'reset';
  /** A live interview (a meeting at that time), not a one-way one (answered by that time). */
  live: boolean;
}

export function invitationEmail(d: InvitationDetails): EmailContent {
  const intro = {
    invited: `${d.companyName} invites you to a video interview for ${d.jobTitle}.`,
    rescheduled: `${d.companyName} moved the due time of your video interview for ${d.jobTitle}.`,
    reset: `Your video interview for ${d.jobTitle} at ${d.companyName} was reset: you can record your answers again.`,
  }[d.occasion];
  const subject = {
    invited: `Your video interview for ${d.jobTitle} at ${d.companyName}`,
    rescheduled: `New due time: your interview for ${d.jobTitle}`,
    reset: `Record your interview for ${d.jobTitle} again`,
  }[d.occasion];
  const paragraphs = [`Hello ${d.candidateName},`, intro];
  if (d.emailMessage.trim()) paragraphs.push(d.emailMessage.trim());
  paragraphs.push(`Please complete it by ${d.dueLocal} (${d.timezone}).`);
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\nOpen your interview: ${d.candidateUrl}\n`,
    html: html(paragraphs, { href: d.candidateUrl, label: 'Open your interview' }),
  };
}

/** A one-way interview is due by a time; a live one starts at it. */
function whenSms(d: InvitationDetails): string {
  return d.live
    ? `your live video interview for ${d.jobTitle} starts ${d.dueLocal} (${d.timezone})`
    : `your video interview for ${d.jobTitle} is due ${d.dueLocal} (${d.timezone})`;
}

export function invitationSms(d: InvitationDetails): string {
  return `${d.companyName}: ${whenSms(d)}. ${d.candidateUrl}`;
}

export function reminderSms(d: InvitationDetails): string {
  return `Reminder from ${d.companyName}: ${whenSms(d)}. ${d.candidateUrl}`;
}

export interface ReviewerDetails {
  reviewerName: string;
  companyName: string;
  sharedBy: string | null;
  url: string;
  interviews: { jobTitle: string | null; candidateName: string | null }[];
}

export function reviewerEmail(d: ReviewerDetails): EmailContent {
  const who = d.sharedBy ? `${d.sharedBy} of ${d.companyName}` : d.companyName;
  const list = d.interviews.map((i) => `- ${i.candidateName ?? 'A candidate'}${i.jobTitle ? ` (${i.jobTitle})` : ''}`).join('\n');
  const paragraphs = [
    `Hello ${d.reviewerName},`,
    `${who} shared ${d.interviews.length === 1 ? 'an interview' : `${d.interviews.length} interviews`} with you:`,
    list,
  ];
  return {
    subject: `${d.companyName} shared interviews with you`,
    text: `${paragraphs.join('\n\n')}\n\nWatch them here: ${d.url}\n`,
    html: html(paragraphs, { href: d.url, label: 'Watch the interviews' }),
  };
}

/** A live interview, as its emails and calendar invitation name it (decision 041). */
export interface LiveInterviewDetails {
  candidateName: string;
  candidateEmail: string;
  /** The company user who created it, when known. */
  creatorName: string | null;
  companyName: string;
  jobTitle: string;
  /** The company's `email_message`, possibly empty. */
  emailMessage: string;
  /** When it starts, written out in the interview's timezone. */
  startLocal: string;
  timezone: string;
  /** When it starts, RFC 3339 (`scheduled_at`). */
  start: string;
  /** The candidate link (for the job seeker) or the interview's page (for its creator); none once canceled. */
  url: string | null;
  occasion: 'invited' | 'rescheduled' | 'reset' | 'canceled';
}

// One formatter for every UTC time written out (building one is far dearer than using it, decision 023).
const utcFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'full', timeStyle: 'long' });

/** "When" of a live interview: in the interview's timezone and in UTC, for someone in any other zone. */
function liveWhen(d: LiveInterviewDetails): string {
  return `When: ${d.startLocal} (${d.timezone}), that is ${utcFormat.format(new Date(d.start))}.`;
}

/** The job seeker's email about a live interview: invited, moved, reset (the calendar invitation is attached). */
export function liveInvitationEmail(d: LiveInterviewDetails): EmailContent {
  if (d.occasion === 'canceled') return liveCancellationEmail(d);
  const intro = {
    invited: `${d.companyName} invites you to a live video interview for ${d.jobTitle}: you will meet the interviewers on video, in your browser, with no app to install.`,
    rescheduled: `${d.companyName} moved your live video interview for ${d.jobTitle} to a new time.`,
    reset: `Your live video interview for ${d.jobTitle} at ${d.companyName} was reset: here is your link again.`,
  }[d.occasion];
  const subject = {
    invited: `Live video interview for ${d.jobTitle} at ${d.companyName}`,
    rescheduled: `New time: your live interview for ${d.jobTitle} at ${d.companyName}`,
    reset: `Your live interview for ${d.jobTitle} at ${d.companyName}`,
  }[d.occasion];
  const calendar =
    d.occasion === 'rescheduled'
      ? 'The calendar invitation attached to this email moves it in your calendar.'
      : 'The calendar invitation attached to this email puts it in your calendar.';
  const paragraphs = [`Hello ${d.candidateName},`, intro];
  if (d.emailMessage.trim()) paragraphs.push(d.emailMessage.trim());
  paragraphs.push(
    liveWhen(d),
    "On your interview's page you can confirm that you will attend and check your camera and microphone; you join the call from there shortly before it starts.",
    calendar,
  );
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\nYour interview's page: ${d.url ?? ''}\n`,
    html: html(paragraphs, { href: d.url ?? '', label: "Open your interview's page" }),
  };
}

/** The job seeker's email when a live interview is canceled (the calendar cancellation is attached); no link. */
export function liveCancellationEmail(d: LiveInterviewDetails): EmailContent {
  const paragraphs = [
    `Hello ${d.candidateName},`,
    `${d.companyName} canceled your live video interview for ${d.jobTitle}.`,
    `It was planned for ${d.startLocal} (${d.timezone}). The cancellation attached to this email removes it from your calendar.`,
  ];
  return {
    subject: `Canceled: your live interview for ${d.jobTitle} at ${d.companyName}`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(paragraphs),
  };
}

/** The creator's copy of a live interview's calendar invitation, update or cancellation. */
export function liveCreatorEmail(d: LiveInterviewDetails): EmailContent {
  const who = `${d.candidateName} (${d.candidateEmail})`;
  const [subject, intro] = {
    invited: [
      `Calendar invitation: live interview with ${d.candidateName} for ${d.jobTitle}`,
      `Your live video interview with ${who} for ${d.jobTitle} is planned; the invitation attached to this email puts it in your calendar. ${d.candidateName} got theirs by email.`,
    ],
    reset: [
      `Calendar invitation: live interview with ${d.candidateName} for ${d.jobTitle}`,
      `Your live video interview with ${who} for ${d.jobTitle} was reset; the invitation attached to this email keeps it in your calendar. ${d.candidateName} got a new link by email.`,
    ],
    rescheduled: [
      `Moved: live interview with ${d.candidateName} for ${d.jobTitle}`,
      `Your live video interview with ${who} for ${d.jobTitle} moved to a new time; the invitation attached to this email moves it in your calendar. ${d.candidateName} was told by email.`,
    ],
    canceled: [
      `Canceled: live interview with ${d.candidateName} for ${d.jobTitle}`,
      `Your live video interview with ${who} for ${d.jobTitle} was canceled; the cancellation attached to this email removes it from your calendar. ${d.candidateName} was told by email.`,
    ],
  }[d.occasion];
  const paragraphs = [d.creatorName ? `Hello ${d.creatorName},` : 'Hello,', intro, liveWhen(d)];
  if (d.occasion === 'canceled') return { subject, text: `${paragraphs.join('\n\n')}\n`, html: html(paragraphs) };
  paragraphs.push("You join the call from the interview's page shortly before it starts.");
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\nThe interview's page: ${d.url ?? ''}\n`,
    html: html(paragraphs, { href: d.url ?? '', label: "Open the interview's page" }),
  };
}

/** What the calendar entry's text names (its time is the calendar's to write out). */
export type LiveCalendarTextDetails = Pick<LiveInterviewDetails, 'candidateName' | 'candidateEmail' | 'companyName' | 'jobTitle' | 'url' | 'occasion'>;

/** The calendar entry's title and notes, for the job seeker or for the creator. */
export function liveCalendarText(d: LiveCalendarTextDetails, forCreator: boolean): { summary: string; description: string } {
  if (d.occasion === 'canceled') {
    return forCreator
      ? {
          summary: `Canceled: live interview with ${d.candidateName}: ${d.jobTitle}`,
          description: `The live video interview with ${d.candidateName} for ${d.jobTitle} was canceled.`,
        }
      : {
          summary: `Canceled: live interview: ${d.jobTitle} at ${d.companyName}`,
          description: `${d.companyName} canceled this live video interview for ${d.jobTitle}.`,
        };
  }
  return forCreator
    ? {
        summary: `Live interview with ${d.candidateName}: ${d.jobTitle}`,
        description: `Live video interview with ${d.candidateName} (${d.candidateEmail}) for ${d.jobTitle}. Join from the interview's page: ${d.url}`,
      }
    : {
        summary: `Live interview: ${d.jobTitle} at ${d.companyName}`,
        description: `Live video interview with ${d.companyName} for ${d.jobTitle}. Join from your interview's page: ${d.url}`,
      };
}
