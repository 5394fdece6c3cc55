/** Emails and SMS: what is sent, as plain data (rendered here, sent by the adapters). */

export type MessageKind =
  'set_password' | 'password_reset' | 'interview_invitation' | 'interview_invitation_sms' | 'interview_reminder_sms' | 'share_link_reviewer';

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

/** The message as it goes out: the placeholder replaced by the link (escaped in HTML). */
export function withLink<T extends { text: string; html: string | null; subject: string | null }>(message: T, url: string): T {
  return {
    ...message,
    text: message.text.split(LINK_PLACEHOLDER).join(url),
    html: message.html === null ? null : message.html.split(LINK_PLACEHOLDER).join(escapeHtml(url)),
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function html(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    body,
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
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
export function passwordResetEmail(user: { name: string; setPasswordUrl: string }): EmailContent {
  const paragraphs = [`Hello ${user.name},`, 'Someone, probably you, asked to choose a new Video Interviewing password for this address. To choose one, open:'];
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

export function invitationSms(d: InvitationDetails): string {
  return `${d.companyName}: your video interview for ${d.jobTitle} is due ${d.dueLocal} (${d.timezone}). ${d.candidateUrl}`;
}

export function reminderSms(d: InvitationDetails): string {
  return `Reminder from ${d.companyName}: your video interview for ${d.jobTitle} is due ${d.dueLocal} (${d.timezone}). ${d.candidateUrl}`;
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
