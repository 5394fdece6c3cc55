import { Router, type Request, type Response } from 'express';
import { sharedViewJson, type interviews } from '@vi/contracts';
import { GATEWAY_PRINCIPAL } from '../auth/request-context';
import { pathUuid } from '../http/path-uuids';
import { VIDEO, VIDEO_REDIRECT } from '../http/operation';
import { resource } from '../http/resource';
import { parseByteRange, sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import { perIpLimit } from '../rate-limit/per-ip-limit';
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

  router.use('/public/share', perIpLimit(deps.limits, 'share-ip', 'share_link_requests'));

  resource(router, '/public/share/:token', {
    get: {
      summary: 'What a reviewer sees through a share link (the token is the credential)',
      tag: 'Public',
      security: 'none',
      ok: { 200: 'SharedView' },
      handler: async (req, res) => {
        const view = await sharingService.call(
          (c) => c.openShareLink,
          { token: String(req.params.token) },
          { principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + deps.requestTimeoutMs), idempotent: true },
        );
        res.setHeader('Cache-Control', 'no-store');
        res.json(sharedViewJson(view));
      },
    },
  });

  // A video through a link's token (a take's or a call recording's): no cache keeps it, the link is checked each time.
  const sharedVideo = (summary: string, open: (req: Request, range: ReturnType<typeof parseByteRange>) => AsyncGenerator<interviews.TakeVideoChunk>) => ({
    get: {
      summary,
      tag: 'Public',
      security: 'none' as const,
      ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
      errors: [416],
      handler: async (req: Request, res: Response) => {
        res.setHeader('Cache-Control', 'no-store');
        await sendVideoStream(req, res, (range) => open(req, range));
      },
    },
  });
  const videoCall = () => ({ principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) });
  resource(
    router,
    '/public/share/:token/takes/:takeUuid/video',
    sharedVideo('A shared take video', (req, range) =>
      sharingService.serverStream(
        (c) => c.streamSharedTakeVideo,
        { token: String(req.params.token), take_uuid: pathUuid(req, 'takeUuid'), ...range },
        videoCall(),
      ),
    ),
  );
  resource(
    router,
    '/public/share/:token/recordings/:recordingUuid/video',
    sharedVideo("A shared live interview's call recording", (req, range) =>
      sharingService.serverStream(
        (c) => c.streamSharedRecordingVideo,
        { token: String(req.params.token), recording_uuid: pathUuid(req, 'recordingUuid'), ...range },
        videoCall(),
      ),
    ),
  );

  return router;
}
