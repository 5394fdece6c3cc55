import type { interviews } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { ChatMessage } from '../domain/chat';

/** A chat message as the API and the call's page show it, with its time into the call (from `callStartedAt`). */
export function renderChatMessage(message: ChatMessage, callStartedAt: Date | undefined): interviews.ChatMessage {
  const offsetMs = callStartedAt ? Math.max(0, message.sentAt.getTime() - callStartedAt.getTime()) : 0;
  return {
    uuid: message.uuid,
    author: { name: message.authorName, role: message.authorRole },
    text: message.text,
    sent_at: toRfc3339(message.sentAt),
    offset_seconds: offsetMs / 1000,
  };
}
