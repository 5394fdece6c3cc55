import type { LiveRole } from './live-call';
import { InterviewsError, InterviewsErrorCode } from './interviews.errors';

/**
 * A message of a live interview's call chat (decision 039), kept with the interview. Plain text: pages show it as
 * text, never as HTML. `number` orders a call's messages (1, 2, 3 …) and, unique per interview, keeps two
 * messages posted at once from both taking the last place.
 */
export interface ChatMessage {
  uuid: string;
  interviewUuid: string;
  number: number;
  authorUuid: string;
  /** The name the others saw on the author's video when it was sent. */
  authorName: string;
  authorRole: LiveRole;
  text: string;
  sentAt: Date;
}

/** At most this many characters a message (UTF-16 code units, as a browser's `maxlength` counts them). */
export const MAX_CHAT_MESSAGE_LENGTH = 2_000;
/** At most this many messages a call: a flood fills the call's chat, not the database. */
export const MAX_CHAT_MESSAGES = 500;

// Control characters other than the tab and the line feed: they show nothing, or move the cursor in a terminal.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * A message's text as it is kept: line breaks as `\n`, control characters removed, blank lines around it trimmed.
 * Refused when nothing is left, or when it is longer than MAX_CHAT_MESSAGE_LENGTH.
 */
export function chatText(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
  if (text === '') throw new InterviewsError(InterviewsErrorCode.ChatMessageEmpty);
  if (text.length > MAX_CHAT_MESSAGE_LENGTH) throw new InterviewsError(InterviewsErrorCode.ChatMessageTooLong);
  return text;
}

/** The number of the next message of a call that holds `last` (0: none yet); refused once the call's chat is full. */
export function nextChatNumber(last: number): number {
  if (last >= MAX_CHAT_MESSAGES) throw new InterviewsError(InterviewsErrorCode.ChatFull);
  return last + 1;
}
