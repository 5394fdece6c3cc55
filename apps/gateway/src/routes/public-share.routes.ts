import { Router, type RequestHandler } from 'express';
import { sharedViewJson } from '@vi/contracts';
import { setRateHeaders } from '../auth/authentication';
import { GATEWAY_PRINCIPAL } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import { sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import { countRefusal } from '../rate-limit/rate-limit-metrics';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';

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
        { principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + deps.requestTimeoutMs), idempotent: true },
      );
      res.setHeader('Cache-Control', 'no-store');
      res.json(sharedViewJson(view));
    },
  });

  const videoCall = { principal: GATEWAY_PRINCIPAL, deadline: () => new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) };
  resource(router, '/public/share/:token/takes/:takeUuid/video', {
    get: async (req, res) => {
      const ref = { token: String(req.params.token), take_uuid: pathUuid(req, 'takeUuid') };
      res.setHeader('Cache-Control', 'no-store');
      await sendVideoStream(req, res, (range) =>
        sharingService.serverStream((c) => c.streamSharedTakeVideo, { ...ref, ...range }, { principal: videoCall.principal, deadline: videoCall.deadline() }),
      );
    },
  });

  resource(router, '/public/share/:token/recordings/:recordingUuid/video', {
    get: async (req, res) => {
      const ref = { token: String(req.params.token), recording_uuid: pathUuid(req, 'recordingUuid') };
      res.setHeader('Cache-Control', 'no-store');
      await sendVideoStream(req, res, (range) =>
        sharingService.serverStream(
          (c) => c.streamSharedRecordingVideo,
          { ...ref, ...range },
          { principal: videoCall.principal, deadline: videoCall.deadline() },
        ),
      );
    },
  });

  return router;
}
