import type { CalendarInvitation } from './calendar';
import { candidateText, candidateTime, type CandidateText } from './candidate-text';

/**
 * Emails and SMS: what is sent, as plain data (rendered here, sent by the adapters). The job seeker's text is in
 * `candidate-text/` (one module per language, decision 047); the company users' text is here, in English.
 */

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
  | 'interview_creator_calendar'
  /** A company user mentioned in a comment on an interview: a link to the watch page at that moment (decision 070). */
  | 'comment_mention'
  /** The job seeker told of a reject, when the company asked to notify them (decision 070). */
  | 'decision_rejected'
  /** A candidate's request for an accommodation, to the interview's creator and the company's administrators (issue 42). */
  | 'accommodation_request';

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
  /** The due time written out in the interview's timezone and language (`candidateTime`). */
  dueLocal: string;
  timezone: string;
  /** The interview's `language` (an IETF tag): the text is written in it, or in English when we do not write it (decision 047). */
  language: string;
  candidateUrl: string;
  /** Why the job seeker gets a (new) link: a new interview, a new due time, or a reset by customer support. */
  occasion: 'invited' | 'rescheduled' | 'reset';
  /** A live interview (a meeting at that time), not a one-way one (answered by that time). */
  live: boolean;
  /** The company's answers are transcribed (decision 073): the email says so. */
  answersTranscribed: boolean;
}

export function invitationEmail(d: InvitationDetails): EmailContent {
  const text = candidateText(d.language);
  const paragraphs = [text.hello(d.candidateName), text.oneWay.intro[d.occasion](d.companyName, d.jobTitle)];
  if (d.emailMessage.trim()) paragraphs.push(d.emailMessage.trim());
  paragraphs.push(text.oneWay.dueBy(d.dueLocal, d.timezone));
  // Where the candidate's audio goes (decision 073), said before they record.
  if (d.answersTranscribed) paragraphs.push(text.transcribed.answers);
  // How to ask for an accommodation (issue 42; the EEOC expects applicants to be told): the page's form.
  paragraphs.push(text.accommodation(d.companyName));
  return {
    subject: text.oneWay.subject[d.occasion](d.jobTitle, d.companyName),
    text: `${paragraphs.join('\n\n')}\n\n${text.oneWay.open}: ${d.candidateUrl}\n`,
    html: html(paragraphs, { href: d.candidateUrl, label: text.oneWay.open }),
  };
}

/** A one-way interview is due by a time; a live one starts at it. */
function whenSms(d: InvitationDetails, text: CandidateText): string {
  return d.live ? text.sms.starts(d.jobTitle, d.dueLocal, d.timezone) : text.sms.due(d.jobTitle, d.dueLocal, d.timezone);
}

export function invitationSms(d: InvitationDetails): string {
  const text = candidateText(d.language);
  return text.sms.invitation(d.companyName, whenSms(d, text), d.candidateUrl);
}

export function reminderSms(d: InvitationDetails): string {
  const text = candidateText(d.language);
  return text.sms.reminder(d.companyName, whenSms(d, text), d.candidateUrl);
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
  /** When it starts, written out in the interview's timezone and in `language` (`candidateTime`). */
  startLocal: string;
  timezone: string;
  /** The language its reader is written to in: the interview's for the job seeker, English for the company's user (decision 047). */
  language: string;
  /** When it starts, RFC 3339 (`scheduled_at`). */
  start: string;
  /** The candidate link (for the job seeker) or the interview's page (for its creator); none once canceled. */
  url: string | null;
  occasion: 'invited' | 'rescheduled' | 'reset' | 'canceled';
  /** The company's call recordings are transcribed (decision 073): the job seeker's email says so. */
  transcribed: boolean;
}

/** "When" of a live interview: in the interview's timezone and in UTC, for someone in any other zone. */
function liveWhen(d: LiveInterviewDetails, text: CandidateText): string {
  return text.live.when(d.startLocal, d.timezone, candidateTime(d.start, 'UTC', d.language));
}

/** The job seeker's email about a live interview: invited, moved, reset (the calendar invitation is attached). */
export function liveInvitationEmail(d: LiveInterviewDetails): EmailContent {
  if (d.occasion === 'canceled') return liveCancellationEmail(d);
  const text = candidateText(d.language);
  const paragraphs = [text.hello(d.candidateName), text.live.intro[d.occasion](d.companyName, d.jobTitle)];
  if (d.emailMessage.trim()) paragraphs.push(d.emailMessage.trim());
  paragraphs.push(
    liveWhen(d, text),
    text.live.page,
    d.occasion === 'rescheduled' ? text.live.calendarMoves : text.live.calendarAdds,
    ...(d.transcribed ? [text.transcribed.call] : []),
    text.accommodation(d.companyName),
  );
  return {
    subject: text.live.subject[d.occasion](d.jobTitle, d.companyName),
    text: `${paragraphs.join('\n\n')}\n\n${text.live.pageLine}: ${d.url ?? ''}\n`,
    html: html(paragraphs, { href: d.url ?? '', label: text.live.open }),
  };
}

/** The job seeker's email when a live interview is canceled (the calendar cancellation is attached); no link. */
export function liveCancellationEmail(d: LiveInterviewDetails): EmailContent {
  const text = candidateText(d.language);
  const paragraphs = [text.hello(d.candidateName), text.live.intro.canceled(d.companyName, d.jobTitle), text.live.plannedFor(d.startLocal, d.timezone)];
  return {
    subject: text.live.subject.canceled(d.jobTitle, d.companyName),
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
  const paragraphs = [d.creatorName ? `Hello ${d.creatorName},` : 'Hello,', intro, liveWhen({ ...d, language: 'en' }, candidateText('en'))];
  if (d.occasion === 'canceled') return { subject, text: `${paragraphs.join('\n\n')}\n`, html: html(paragraphs) };
  paragraphs.push("You join the call from the interview's page shortly before it starts.");
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\nThe interview's page: ${d.url ?? ''}\n`,
    html: html(paragraphs, { href: d.url ?? '', label: "Open the interview's page" }),
  };
}

/** What the calendar entry's text names (its time is the calendar's to write out). */
export type LiveCalendarTextDetails = Pick<
  LiveInterviewDetails,
  'candidateName' | 'candidateEmail' | 'companyName' | 'jobTitle' | 'url' | 'occasion' | 'language'
>;

/** The calendar entry's title and notes, for the job seeker (in the interview's language) or for the creator (in English). */
export function liveCalendarText(d: LiveCalendarTextDetails, forCreator: boolean): { summary: string; description: string } {
  if (forCreator) {
    return d.occasion === 'canceled'
      ? {
          summary: `Canceled: live interview with ${d.candidateName}: ${d.jobTitle}`,
          description: `The live video interview with ${d.candidateName} for ${d.jobTitle} was canceled.`,
        }
      : {
          summary: `Live interview with ${d.candidateName}: ${d.jobTitle}`,
          description: `Live video interview with ${d.candidateName} (${d.candidateEmail}) for ${d.jobTitle}. Join from the interview's page: ${d.url}`,
        };
  }
  const text = candidateText(d.language).calendar;
  return d.occasion === 'canceled'
    ? { summary: text.canceledSummary(d.jobTitle, d.companyName), description: text.canceledDescription(d.companyName, d.jobTitle) }
    : { summary: text.summary(d.jobTitle, d.companyName), description: text.description(d.companyName, d.jobTitle, d.url ?? '') };
}

/** A comment's mention of a company user (decision 070): who wrote it, its words, and the watch page at its moment. */
export interface MentionDetails {
  recipientName: string;
  authorName: string;
  text: string;
  /** The moment in the answer, when the comment is pinned to one. */
  atMs: number | null;
  /** The watch page, at that moment when there is one (not a bearer link: the colleague signs in). */
  url: string;
}

/** Company users' emails are English (decision 047); the comment's text is the author's own, shown as plain text. */
export function mentionEmail(d: MentionDetails): EmailContent {
  const moment = d.atMs === null ? '' : ` at ${videoMoment(d.atMs)}`;
  const paragraphs = [`Hello ${d.recipientName},`, `${d.authorName} mentioned you in a comment on an interview${moment}:`, d.text];
  const label = d.atMs === null ? 'Open the interview' : `Watch from ${videoMoment(d.atMs)}`;
  return {
    subject: `${d.authorName} mentioned you in a comment`,
    text: `${paragraphs.join('\n\n')}\n\n${label}: ${d.url}\n`,
    html: html(paragraphs, { href: d.url, label }),
  };
}

/** A candidate's request for an accommodation (issue 42), to a company user: in English, as every company email (decision 047). */
export interface AccommodationRequestDetails {
  recipientName: string;
  candidateName: string;
  candidateEmail: string;
  jobTitle: string;
  /** The candidate's words, plain text (escaped in the HTML part). */
  message: string;
  /** The interview's page in the workspace (not a bearer link: the company user signs in). */
  url: string;
}

export function accommodationRequestEmail(d: AccommodationRequestDetails): EmailContent {
  const who = d.candidateEmail ? `${d.candidateName} (${d.candidateEmail})` : d.candidateName;
  const job = d.jobTitle ? ` for ${d.jobTitle}` : '';
  const paragraphs = [
    `Hello ${d.recipientName},`,
    `${who} asks for an accommodation in their interview${job}:`,
    d.message,
    "Change the interview's accommodations on its page (more time, no time limit, more takes, answers by microphone only), and answer the candidate by email: they were told the company would.",
  ];
  return {
    subject: `${d.candidateName} asks for an accommodation`,
    text: `${paragraphs.join('\n\n')}\n\nOpen the interview: ${d.url}\n`,
    html: html(paragraphs, { href: d.url, label: 'Open the interview' }),
  };
}

/** A moment of a video as its player shows it: 0:03, 12:40, 1:02:05. */
export function videoMoment(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/** A reject the company chose to tell the job seeker of (decision 070), in the interview's language. */
export interface RejectionDetails {
  candidateName: string;
  companyName: string;
  jobTitle: string | null;
  /** The company's own words instead of the default paragraph; null or blank: the default. */
  message: string | null;
  language: string;
}

/** Kind and short; never a score or a comment. The company's message is its own words, as plain text. */
export function rejectionEmail(d: RejectionDetails): EmailContent {
  const text = candidateText(d.language).rejected;
  const own = d.message?.trim();
  const paragraphs = [
    candidateText(d.language).hello(d.candidateName),
    d.jobTitle ? text.thanks(d.companyName, d.jobTitle) : text.thanksWithoutJob(d.companyName),
    own ? own : text.decision,
    text.signature(d.companyName),
  ];
  return {
    subject: d.jobTitle ? text.subject(d.jobTitle, d.companyName) : text.subjectWithoutJob(d.companyName),
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(paragraphs),
  };
}
