import { Router } from 'express';
import { z } from 'zod';
import { readAs, writeAs } from '../auth/request-context';
import { sendJson } from '../http/rendered-json';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

/** Exactly `{transcription: boolean}`: any other field, or none, is refused rather than ignored. */
const settingsBody = z.strictObject({ transcription: z.boolean('must be true or false') });

/** The company's settings (decision 073): for now whether its candidates' answers are transcribed, kept by the transcription service. */
export function settingsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.transcription;

  resource(router, '/settings', {
    get: {
      summary: "The company's settings: whether answers and call recordings are transcribed",
      description:
        "`transcription` is the company's choice (off until an administrator turns it on); `transcription_available` whether this platform has a transcription engine at all (without one nothing is transcribed).",
      tag: 'Identity',
      ok: { 200: 'TranscriptionSettings' },
      handler: async (_req, res) => {
        const { json } = await service.call((c) => c.getSettings, {}, readAs(res));
        sendJson(res, 200, json);
      },
    },
    put: {
      summary: "Change the company's settings (administrators; others 403)",
      description:
        "`{transcription: true}` sends the candidates' audio of new takes and call recordings to the platform's transcription engine from then on (answers given while it was off are transcribed only when asked: `POST …/transcript`); " +
        'the candidate pages and invitations say so. Publishes nothing to webhooks.',
      tag: 'Identity',
      body: settingsBody,
      ok: { 200: 'TranscriptionSettings' },
      errors: [403],
      handler: async (req, res) => {
        const body = validate(settingsBody, req.body);
        const { json } = await service.call((c) => c.updateSettings, { transcription: body.transcription }, writeAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  return router;
}
