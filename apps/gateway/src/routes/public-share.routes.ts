import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { timestampView, uuidView, type sharing } from '@vi/contracts';
import { setRateHeaders } from '../auth/authentication';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { resource } from '../http/resource';
import { pathUuid } from '../http/validation';
import { sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import { countRefusal } from '../rate-limit/rate-limit-metrics';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';

const GATEWAY = { kind: 'service', service: 'gateway' } as const;

/** What a reviewer sees through a share link: the completed interviews, their questions and takes. */
export const SharedView = z
  .object({
    uuid: uuidView,
    company: z.object({ name: z.string() }),
    interviews: z.array(
      z.object({
        uuid: uuidView,
        type: z.enum(['one_way', 'live']),
        completed_at: timestampView.nullable(),
        job: z.object({ title: z.string() }),
        candidate: z.object({ name: z.string() }),
        questions: z.array(
          z.object({
            uuid: uuidView,
            text: z.string(),
            time_limit: z.number().int(),
            skipped: z.boolean(),
            takes: z.array(
              z.object({
                uuid: uuidView,
                number: z.number().int(),
                content_type: z.string(),
                size: z.number().int(),
                duration_seconds: z.number(),
                created_at: timestampView,
                video_url: z.string(),
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'SharedView' });

function sharedViewJson(view: sharing.SharedView): z.output<typeof SharedView> {
  return {
    uuid: view.share_link_uuid,
    company: { name: view.company_name },
    interviews: view.interviews.map((i) => ({
      uuid: i.uuid,
      type: i.type as 'one_way' | 'live',
      completed_at: i.completed_at ?? null,
      job: { title: i.job_title },
      candidate: { name: i.candidate_name },
      // SharedQuestion and SharedTake are the JSON shapes already: {uuid, text, time_limit, skipped, takes: [{…, video_url}]}.
      questions: i.questions,
    })),
  };
}

/**
 * The public side of share links: no API key, the link's token is the only
 * credential (checked by the sharing service on every request). Limited per
 * client IP with the per-key limiter, in a key space of its own (`share-ip:`).
 */
export function publicShareRoutes(deps: { upstreams: Upstreams; limits: RateLimits; requestTimeoutMs: number }): Router {
  const router = Router();
  const sharingService = deps.upstreams.sharing;

  const limitPerIp: RequestHandler = async (req, res, next) => {
    const decision = await deps.limits.consumeRequest(`share-ip:${req.ip ?? 'unknown'}`);
    setRateHeaders(res, decision);
    if (!decision.allowed) {
      countRefusal('share_link_requests');
      throw gatewayError(GatewayErrorCode.TooManyRequests);
    }
    next();
  };
  router.use('/public/share', limitPerIp);

  resource(router, '/public/share/:token', {
    get: async (req, res) => {
      const view = await sharingService.call(
        (c) => c.openShareLink,
        { token: String(req.params.token) },
        { principal: GATEWAY, deadline: new Date(Date.now() + deps.requestTimeoutMs), idempotent: true },
      );
      res.setHeader('Cache-Control', 'no-store');
      res.json(sharedViewJson(view));
    },
  });

  resource(router, '/public/share/:token/takes/:takeUuid/video', {
    get: async (req, res) => {
      const ref = { token: String(req.params.token), take_uuid: pathUuid(req, 'takeUuid', 'Take') };
      res.setHeader('Cache-Control', 'no-store');
      await sendVideoStream(req, res, (range) =>
        sharingService.serverStream((c) => c.streamSharedTakeVideo, { ...ref, ...range }, { principal: GATEWAY, deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) }),
      );
    },
  });

  return router;
}
