import { Router } from 'express';
import { takeJson } from '@vi/contracts';
import { readAs } from '../auth/request-context';
import { arrayOf, VIDEO, VIDEO_REDIRECT } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import { sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import type { Upstreams } from '../upstream/upstreams';
import { questionRef } from './questions.routes';

/** A question's takes and their videos, for the company (the candidate uploads them: candidate.routes.ts). */
export function takesRoutes(upstreams: Upstreams): Router {
  const router = Router();

  resource(router, '/interviews/:interviewUuid/questions/:questionUuid/takes', {
    get: {
      summary: "A question's takes, once the interview is completed or expired (403 before)",
      tag: 'Interviews',
      ok: { 200: arrayOf('Take') },
      handler: async (req, res) => {
        const list = await upstreams.takes.call((c) => c.listTakes, questionRef(req), readAs(res));
        res.json(list.takes.map(takeJson));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/questions/:questionUuid/takes/:takeUuid/video', {
    get: {
      summary: 'A take video, whole or by byte range (once the interview is completed or expired)',
      tag: 'Interviews',
      ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
      errors: [416],
      handler: async (req, res) => {
        const ref = { ...questionRef(req), take_uuid: pathUuid(req, 'takeUuid') };
        await sendVideoStream(req, res, (range) =>
          upstreams.takes.serverStream(
            (c) => c.streamTakeVideo,
            { ...ref, ...range },
            { ...readAs(res), deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) },
          ),
        );
      },
    },
  });

  return router;
}
