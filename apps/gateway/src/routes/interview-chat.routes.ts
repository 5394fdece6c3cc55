import { Router } from 'express';
import { chatMessageJson } from '@vi/contracts';
import { readAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { arrayOf } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import type { Upstreams } from '../upstream/upstreams';

/** A live interview's call chat, as the company reads it (the call itself: live/live-signaling.ts). */
export function interviewChatRoutes(upstreams: Upstreams): Router {
  const router = Router();

  // Decision 039: the text chat of the call, kept with the interview; the company reads it here, the candidate never.
  resource(router, '/interviews/:interviewUuid/chat', {
    get: {
      summary: "A live interview's call chat, oldest first",
      description:
        'Every message written in the call by its participants (the candidate and the company’s users), as plain text, with its time into the call: `offset_seconds` counts from the call’s start, its first participant admitted. A call keeps at most 500 messages of at most 2000 characters. Any user of the company, whatever the interview’s status; a candidate’s token is answered 404, as on the other company reads.',
      tag: 'Interviews',
      ok: { 200: arrayOf('ChatMessage') },
      ...listRoute({
        fetch: ({ req, range, res }) =>
          upstreams.liveCalls.call((c) => c.listChatMessages, { interview_uuid: pathUuid(req, 'interviewUuid'), ...range, in_call: false }, readAs(res)),
        page: (page) => ({ items: page.messages.map(chatMessageJson), total: page.total }),
      }),
    },
  });

  return router;
}
