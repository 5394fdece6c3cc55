import { Router, type Request, type Response } from 'express';
import type { transcription } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { WEBVTT, type Operation } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { sendJson, sendParsedJson } from '../http/rendered-json';
import { resource } from '../http/resource';
import type { Upstreams } from '../upstream/upstreams';

/** A take (its question and uuid) or a call recording of an interview, from the path. */
const takeRef = (req: Request): transcription.TranscriptRef => ({
  interview_uuid: pathUuid(req, 'interviewUuid'),
  question_uuid: pathUuid(req, 'questionUuid'),
  take_uuid: pathUuid(req, 'takeUuid'),
});
const recordingRef = (req: Request): transcription.TranscriptRef => ({
  interview_uuid: pathUuid(req, 'interviewUuid'),
  recording_uuid: pathUuid(req, 'recordingUuid'),
});

/** WebVTT as a `<track>` reads it; never kept by a cache, since a transcript asked again replaces it. */
export function sendCaptions(res: Response, vtt: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.type('text/vtt; charset=utf-8').send(Buffer.from(vtt, 'utf8'));
}

/**
 * Transcripts and captions of takes and call recordings (decision 073), from the transcription service, which asks
 * interviews whether the caller may see the take or recording (the take's own rule: decision 042). Reads are
 * authenticated and limited as the videos are; a POST as any other change.
 */
export function transcriptsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.transcription;

  const described = (what: 'take' | 'recording', refOf: (req: Request) => transcription.TranscriptRef) => {
    const transcript: Record<'get' | 'post', Operation> = {
      get: {
        summary: `A ${what}'s transcript: its status, language, text and timed segments`,
        description:
          '`status`: `off` (none was asked: the company has transcription off, or no engine is configured; `text` empty, `segments` [], `updated_at` null), `pending`, `done` or `failed` (ask again with POST). ' +
          `The same 404 and 403 as the ${what}'s video.`,
        tag: 'Interviews',
        ok: { 200: 'Transcript' },
        handler: async (req, res) => {
          const { json } = await service.call((c) => c.getTranscript, refOf(req), readAs(res));
          sendJson(res, 200, json);
        },
      },
      post: {
        summary: `Transcribe the ${what} (again): 202 with the transcript, pending`,
        description:
          'For one completed while transcription was off, or whose transcript failed; a done transcript is replaced once the new one is done. ' +
          '409 `api.transcription_off` while the company has transcription off (`PUT /settings`) or no engine is configured.',
        tag: 'Interviews',
        ok: { 202: 'Transcript' },
        errors: [409],
        handler: async (req, res) => {
          const { json } = await service.call((c) => c.requestTranscript, refOf(req), writeAs(res));
          sendParsedJson(res, 202, json);
        },
      },
    };
    const captions: Operation = {
      summary: `The ${what}'s captions (WebVTT), for a \`<track>\` of its video`,
      description:
        '`text/vtt; charset=utf-8`: one cue per segment. 404 `api.transcript_not_ready` (a JSON error) unless the transcript is done. The web pages read it with their session cookie.',
      tag: 'Interviews',
      ok: { 200: WEBVTT },
      handler: async (req, res) => {
        const { vtt } = await service.call((c) => c.getCaptions, refOf(req), readAs(res));
        sendCaptions(res, vtt);
      },
    };
    return { transcript, captions };
  };

  const take = described('take', takeRef);
  resource(router, '/interviews/:interviewUuid/questions/:questionUuid/takes/:takeUuid/transcript', take.transcript);
  resource(router, '/interviews/:interviewUuid/questions/:questionUuid/takes/:takeUuid/captions.vtt', { get: take.captions });
  const recording = described('recording', recordingRef);
  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/transcript', recording.transcript);
  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/captions.vtt', { get: recording.captions });

  return router;
}
