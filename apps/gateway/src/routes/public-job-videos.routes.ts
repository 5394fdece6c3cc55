import { Router } from 'express';
import { GATEWAY_PRINCIPAL } from '../auth/request-context';
import { VIDEO, VIDEO_REDIRECT, WEBVTT } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import { sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import { perIpLimit } from '../rate-limit/per-ip-limit';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';

/**
 * A job's video without a key (decision 046): the job's `job_video.url`, which candidate and applicant pages play.
 * The unguessable uuid is the credential, checked by the jobs service on every request, so a replaced or removed
 * video is 404 at once. Limited per client IP with the per-key limiter, in a key space of its own.
 */
export function publicJobVideosRoutes(deps: { upstreams: Upstreams; limits: RateLimits }): Router {
  const router = Router();
  const jobs = deps.upstreams.jobs;

  resource(router, '/public/job_videos/:jobVideoUuid', {
    get: {
      summary: "A job's video (the uuid of its url is the credential)",
      description:
        'No key. Range requests are answered 206 with `Content-Range`; 404 `api.job_video_not_found` once the video is replaced or removed, or its job deleted. ' +
        'With presigned playback (MEDIA_PLAYBACK=redirect), 307 to the object store.',
      tag: 'Public',
      security: 'none',
      ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
      errors: [416],
      handler: [
        perIpLimit(deps.limits, 'job-video-ip', 'job_video_requests'),
        async (req, res) => {
          // Never kept by a cache: the video is gone as soon as it is replaced.
          res.setHeader('Cache-Control', 'no-store');
          const video_uuid = pathUuid(req, 'jobVideoUuid');
          await sendVideoStream(req, res, (range) =>
            jobs.serverStream(
              (c) => c.streamJobVideo,
              { video_uuid, ...range },
              { principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) },
            ),
          );
        },
      ],
    },
  });

  resource(router, '/public/job_videos/:jobVideoUuid/captions', {
    get: {
      summary: "A job video's captions (WebVTT; the uuid of the video's url is the credential)",
      description:
        'No key. `text/vtt; charset=utf-8`, as the company sent it, for a `<track>` of the video. 404 `api.job_video_captions_not_found` when the video has none, ' +
        '`api.job_video_not_found` once the video is replaced or removed, or its job deleted. Served by the gateway also with presigned playback.',
      tag: 'Public',
      security: 'none',
      ok: { 200: WEBVTT },
      handler: [
        perIpLimit(deps.limits, 'job-video-ip', 'job_video_requests'),
        async (req, res) => {
          const video_uuid = pathUuid(req, 'jobVideoUuid');
          const { vtt } = await jobs.call((c) => c.getJobVideoCaptions, { video_uuid }, { principal: GATEWAY_PRINCIPAL, idempotent: true });
          // Never kept by a cache: the captions are gone as soon as they or the video are replaced.
          res.setHeader('Cache-Control', 'no-store');
          res.type('text/vtt; charset=utf-8').send(Buffer.from(vtt));
        },
      ],
    },
  });

  return router;
}
