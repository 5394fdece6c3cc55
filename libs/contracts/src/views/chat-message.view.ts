import { z } from 'zod';
import type { ChatMessage } from '../interviews.contracts';
import { timestampView, uuidView } from './view-parts';

export const ChatMessageView = z
  .object({
    uuid: uuidView,
    author: z.object({
      name: z.string().meta({ description: 'the name the others saw on the author’s video when the message was sent' }),
      role: z.enum(['candidate', 'interviewer']),
    }),
    text: z.string().meta({ description: 'plain text (at most 2000 characters; line breaks as \\n), to show as text, never as HTML' }),
    sent_at: timestampView,
    offset_seconds: z.number().meta({ description: 'seconds from the call’s start (its first participant admitted) to the message' }),
  })
  .meta({ id: 'ChatMessage' });

/** A message of a live interview's call chat, as `GET /interviews/<uuid>/chat` shows it. */
export function chatMessageJson(message: ChatMessage): z.output<typeof ChatMessageView> {
  return {
    uuid: message.uuid,
    author: { name: message.author?.name ?? '', role: (message.author?.role ?? 'candidate') as 'candidate' | 'interviewer' },
    text: message.text,
    sent_at: message.sent_at,
    offset_seconds: message.offset_seconds,
  };
}
