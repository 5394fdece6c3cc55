import { Router, type Request, type Response } from 'express';
import { SharedErrorCode, sharedViewJson, type evaluations, type interviews } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { sharedError } from '@vi/platform-grpc';
import { GATEWAY_PRINCIPAL } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { jsonBody } from '../http/hostile-input';
import { pathUuid } from '../http/path-uuids';
import { VIDEO, VIDEO_REDIRECT, WEBVTT } from '../http/operation';
import { sendJson } from '../http/rendered-json';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import { parseByteRange, sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import { perIpLimit } from '../rate-limit/per-ip-limit';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { evaluationBody, evaluationChanges } from './evaluations.routes';
import { sendCaptions } from './transcripts.routes';

/**
 * The public side of share links: no API key, the link's token is the only
 * credential (checked by the sharing service on every request). Limited per
 * client IP with the per-key limiter, in a key space of its own (`share-ip:`).
 */
export function publicShareRoutes(deps: { upstreams: Upstreams; limits: RateLimits; requestTimeoutMs: number }): Router {
  const router = Router();
  const sharingService = deps.upstreams.sharing;
  const evaluationsService = deps.upstreams.evaluations;

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

  // Captions of a shown take or recording (decision 073): the link is checked by sharing as for its videos.
  const sharedCaptions = (what: 'take' | 'call recording', media: (req: Request) => { take_uuid: string } | { recording_uuid: string }) => ({
    get: {
      summary: `A shared ${what}'s captions (WebVTT), for a \`<track>\` of its video`,
      description: `\`text/vtt; charset=utf-8\`: the share view's \`captions_url\`. 404 \`api.transcript_not_ready\` (a JSON error) unless the ${what}'s transcript is done.`,
      tag: 'Public',
      security: 'none' as const,
      ok: { 200: WEBVTT },
      handler: async (req: Request, res: Response) => {
        const { vtt } = await sharingService.call(
          (c) => c.getSharedCaptions,
          { token: String(req.params.token), ...media(req) },
          { principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + deps.requestTimeoutMs), idempotent: true },
        );
        sendCaptions(res, vtt);
      },
    },
  });
  resource(
    router,
    '/public/share/:token/takes/:takeUuid/captions.vtt',
    sharedCaptions('take', (req) => ({ take_uuid: pathUuid(req, 'takeUuid') })),
  );
  resource(
    router,
    '/public/share/:token/recordings/:recordingUuid/captions.vtt',
    sharedCaptions('call recording', (req) => ({ recording_uuid: pathUuid(req, 'recordingUuid') })),
  );

  // An advanced link's reviewer evaluates through it (decision 070): the token is opened as for the share page, and
  // the link's reviewer, company and interviews go to evaluations with the gateway's principal.
  const call = () => ({ principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + deps.requestTimeoutMs) });
  async function reviewerOf(req: Request): Promise<{ interview_uuid: string; reviewer: evaluations.Reviewer }> {
    const view = await sharingService.call((c) => c.openShareLink, { token: String(req.params.token) }, { ...call(), idempotent: true });
    if (!view.reviewer) throw sharedError(SharedErrorCode.ShareLinkCannotEvaluate);
    const opened = view.interviews.map((i) => i.uuid);
    const asked = typeof req.query.interview === 'string' ? req.query.interview.toLowerCase() : undefined;
    // Only an interview the link opens is evaluated through it; anything else is not found, as for the share page.
    if (asked !== undefined && !opened.includes(asked)) throw gatewayError(GatewayErrorCode.NotFound, 'Interview not found');
    const interview_uuid = asked ?? (opened.length === 1 ? opened[0] : undefined);
    if (interview_uuid === undefined)
      throw validationFailed([{ field: 'interview', reason: 'this link opens several interviews: name one with ?interview=<uuid>', code: 'required' }]);
    return {
      interview_uuid,
      reviewer: { link_uuid: view.share_link_uuid, name: view.reviewer.name, company_uuid: view.company_uuid, interview_uuids: opened },
    };
  }
  const REVIEWER_DESCRIPTION =
    'An advanced link only (a basic link: `403 api.share_link_cannot_evaluate`). A link opening several interviews names one with `?interview=<uuid>`.';

  resource(router, '/public/share/:token/evaluation', {
    get: {
      summary: "The reviewer's evaluation of an interview the link opens, and the others' once allowed",
      description: REVIEWER_DESCRIPTION,
      tag: 'Public',
      security: 'none',
      ok: { 200: 'InterviewEvaluations' },
      errors: [403, 409],
      handler: async (req, res) => {
        const { json } = await evaluationsService.call((c) => c.getEvaluations, await reviewerOf(req), { ...call(), idempotent: true });
        res.setHeader('Cache-Control', 'no-store');
        sendJson(res, 200, json);
      },
    },
    put: {
      summary: "Save the reviewer's evaluation (as `PUT /interviews/<uuid>/evaluations/mine`)",
      description: REVIEWER_DESCRIPTION,
      tag: 'Public',
      security: 'none',
      body: evaluationBody,
      ok: { 200: 'Evaluation' },
      errors: [403, 409],
      handler: [
        ...jsonBody,
        async (req, res) => {
          const body = validate(evaluationBody, req.body);
          const { json } = await evaluationsService.call((c) => c.saveEvaluation, { ...(await reviewerOf(req)), ...evaluationChanges(body) }, call());
          sendJson(res, 200, json);
        },
      ],
    },
  });

  resource(router, '/public/share/:token/evaluation/submit', {
    post: {
      summary: "Submit the reviewer's evaluation (as `POST /interviews/<uuid>/evaluations/mine/submit`)",
      description: REVIEWER_DESCRIPTION,
      tag: 'Public',
      security: 'none',
      idempotent: false,
      ok: { 200: 'Evaluation' },
      errors: [403, 409],
      handler: async (req, res) => {
        const { json } = await evaluationsService.call((c) => c.submitEvaluation, await reviewerOf(req), call());
        sendJson(res, 200, json);
      },
    },
  });

  return router;
}
