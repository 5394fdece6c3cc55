import { Router, type Request } from 'express';
import { z } from 'zod';
import { recordingJson, TAKE_CONTENT_TYPES } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { readAs, writeAs } from '../auth/request-context';
import { arrayOf, VIDEO, VIDEO_REDIRECT } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import { sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import type { Upstreams } from '../upstream/upstreams';

const startRecordingBody = z.object({ content_type: z.enum(TAKE_CONTENT_TYPES) });

/** A recording part's number from its path: 0, 1, 2 … */
function partNumber(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw validationFailed([{ field: 'n', reason: 'must be the part number: 0, 1, 2 …', code: 'invalid_value' }]);
  return Number(raw);
}

/**
 * A live interview's call recordings. `uploadTimeoutMs`: HTTP_UPLOAD_TIMEOUT_MS, the bound of a recording part's
 * upload and of ending a recording (its parts are joined then).
 */
export function recordingsRoutes(upstreams: Upstreams, options: { uploadTimeoutMs: number }): Router {
  const router = Router();

  // Decision 040: an interviewer's browser records the call and sends it in parts while it goes on.
  const recordingRef = (req: Request) => ({ interview_uuid: pathUuid(req, 'interviewUuid'), recording_uuid: pathUuid(req, 'recordingUuid') });
  resource(router, '/interviews/:interviewUuid/recordings', {
    get: {
      summary: "A live interview's call recordings, oldest first",
      description:
        'A call left and rejoined may give several. One still being recorded, or whose parts are still being joined into one video (a few seconds after it ends), has `ended_at` and `duration_seconds` null.',
      tag: 'Interviews',
      ok: { 200: arrayOf('Recording') },
      handler: async (req, res) => {
        const list = await upstreams.recordings.call((c) => c.listRecordings, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        res.json(list.recordings.map(recordingJson));
      },
    },
    post: {
      summary: "Start recording the call (an interviewer's browser)",
      description:
        'Then send the video in parts while the call goes on (`PUT …/parts/<n>`) and end it (`POST …/end`). A recording whose parts stop coming for `RECORDING_IDLE_FINISH` (2 minutes) is ended by the service, keeping what arrived. Live interviews only, while they can be held: inside the join window (400 `api.interview_join_not_open` before it, `api.interview_expired` after; decision 040).',
      tag: 'Interviews',
      body: startRecordingBody,
      ok: { 201: 'Recording' },
      handler: async (req, res) => {
        const body = validate(startRecordingBody, req.body);
        const started = await upstreams.recordings.call(
          (c) => c.startRecording,
          { interview_uuid: pathUuid(req, 'interviewUuid'), content_type: body.content_type },
          writeAs(res),
        );
        res.status(201).json(recordingJson(started));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/parts/:n', {
    put: {
      summary: 'Send part n of a recording (the bytes are the body)',
      description:
        "Parts are numbered 0, 1, 2 … and sent in order, each once the one before it was answered (409 `api.recording_part_out_of_order` otherwise); appended in order they make the video (MediaRecorder chunks of WebM or fragmented MP4). A part already received is answered 204 again and ignored, so a lost answer can be retried. Part 0 must start the container of the recording's `content_type` and hold at least its first 8 bytes (400 `api.take_not_video`; Chromium's MediaRecorder may hand its first byte over alone, so gather chunks until they reach that). 409 `api.recording_ended` once the recording has ended; 413 `api.recording_too_large` (a part over 64 MiB, or more than `MAX_TAKE_BITRATE` since the recording started) or `api.interview_media_quota_exceeded` (the interview's `MAX_INTERVIEW_MEDIA_BYTES`, shared with its takes).",
      tag: 'Interviews',
      body: 'video',
      ok: { 204: null },
      errors: [409],
      handler: async (req, res) => {
        const header = { ...recordingRef(req), number: partNumber(String(req.params.n)) };
        // The bytes go to the interviews service as they arrive, whatever their Content-Type: never whole in memory.
        const messages = async function* () {
          yield { header, data: Buffer.alloc(0) };
          for await (const chunk of req) yield { data: chunk as Buffer };
        };
        await upstreams.recordings.clientStream((c) => c.uploadRecordingPart, messages(), {
          ...writeAs(res),
          deadline: new Date(Date.now() + options.uploadTimeoutMs),
        });
        res.status(204).end();
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/end', {
    post: {
      summary: 'End a recording: its parts are joined into one video and measured',
      description: 'Ending an ended recording answers it as it is. A recording that received no part is not kept.',
      tag: 'Interviews',
      ok: { 200: 'Recording' },
      handler: async (req, res) => {
        const ended = await upstreams.recordings.call((c) => c.endRecording, recordingRef(req), {
          ...writeAs(res),
          deadline: new Date(Date.now() + options.uploadTimeoutMs),
        });
        res.json(recordingJson(ended));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/video', {
    get: {
      summary: "A recording's video, whole or by byte range",
      description: '409 `api.recording_in_progress` until the recording has ended.',
      tag: 'Interviews',
      ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
      errors: [409, 416],
      handler: async (req, res) => {
        await sendVideoStream(req, res, (range) =>
          upstreams.recordings.serverStream(
            (c) => c.streamRecordingVideo,
            { ...recordingRef(req), ...range },
            { ...readAs(res), deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) },
          ),
        );
      },
    },
  });

  return router;
}
