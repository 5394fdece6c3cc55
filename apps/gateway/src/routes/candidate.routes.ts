import { Router } from 'express';
import { z } from 'zod';
import { candidateInterviewJson, interviewJson, questionJson, TAKE_UPLOAD_CONTENT_TYPES, takeJson } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { readAs, writeAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { ICALENDAR } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

/** The service trims it and checks its length (1–2,000 characters) and that it is plain text (no control characters). */
const accommodationRequestBody = z.object({
  message: z.string().meta({ description: 'What the candidate asks for, in their words: 1–2,000 characters of plain text once trimmed' }),
});

/** The answer of an accommodation request (202): what was kept. */
const accommodationRequestAnswer = {
  type: 'object',
  required: ['message', 'requested_at'],
  properties: { message: { type: 'string' }, requested_at: { type: 'string', format: 'date-time' } },
  additionalProperties: false,
} as const;

/**
 * The job seeker's side, authorized by the `Bearer` candidate token of the invitation link. `uploadTimeoutMs`:
 * HTTP_UPLOAD_TIMEOUT_MS, the bound of a take upload, also the deadline of its gRPC stream.
 */
export function candidateRoutes(upstreams: Upstreams, options: { uploadTimeoutMs: number }): Router {
  const router = Router();
  const candidate = upstreams.candidateInterviews;

  resource(router, '/candidate/interviews/:interviewUuid', {
    get: {
      summary: 'The interview, as its candidate sees it',
      tag: 'Candidate',
      security: 'candidate',
      ok: { 200: 'CandidateInterview' },
      handler: async (req, res) => {
        res.json(candidateInterviewJson(await candidate.call((c) => c.getCandidateInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res))));
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/calendar.ics', {
    get: {
      summary: "The live interview's calendar invitation",
      description:
        'An iCalendar file (RFC 5545, `METHOD:REQUEST`, or `METHOD:CANCEL` once canceled) with the event the invitation emails carry: the same `UID`, the `SEQUENCE` of the latest one (raised by every reschedule), `DTSTART` = `scheduled_at`, and the candidate link. A one-way interview has none: 404 `api.interview_calendar_not_found`.',
      tag: 'Candidate',
      security: 'candidate',
      ok: { 200: ICALENDAR },
      handler: async (req, res) => {
        const interview = await candidate.call((c) => c.getCandidateInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        // Internal: notifications writes the file, naming none of the company's users (decision 036).
        const interviewJsonForCalendar = JSON.stringify(interviewJson(interview, { questions: false }));
        const { ics } = await upstreams.notifications.call((c) => c.getInterviewCalendar, { interview_json: interviewJsonForCalendar }, readAs(res));
        res.type('text/calendar; charset=utf-8').set('Content-Disposition', 'attachment; filename="interview.ics"').send(ics);
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/accept', {
    post: {
      summary: 'Accept the interview',
      tag: 'Candidate',
      security: 'candidate',
      ok: { 200: 'CandidateInterview' },
      handler: async (req, res) => {
        res.json(candidateInterviewJson(await candidate.call((c) => c.acceptInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res))));
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/questions/:questionUuid/skip', {
    post: {
      summary: 'Skip a question',
      tag: 'Candidate',
      security: 'candidate',
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        const ref = { interview_uuid: pathUuid(req, 'interviewUuid'), question_uuid: pathUuid(req, 'questionUuid') };
        res.json(questionJson(await candidate.call((c) => c.skipQuestion, ref, writeAs(res))));
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/questions/:questionUuid/takes', {
    post: {
      summary: 'Upload a take (the video is the body); after the due time, only one recorded across it (decision 042)',
      tag: 'Candidate',
      security: 'candidate',
      body: 'video',
      ok: { 201: 'Take' },
      handler: async (req, res) => {
        // Optional: the take's length is measured from its container; the declared one counts only when that has no timing.
        const declared = req.get('x-take-duration-seconds');
        const header = {
          interview_uuid: pathUuid(req, 'interviewUuid'),
          question_uuid: pathUuid(req, 'questionUuid'),
          content_type: (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase(),
          duration_seconds: declared === undefined ? 0 : Number(declared),
        };
        // audio/webm and audio/mp4: an answer by microphone only, accepted with the interview's audio_only (issue 42).
        if (!(TAKE_UPLOAD_CONTENT_TYPES as readonly string[]).includes(header.content_type)) {
          throw gatewayError(GatewayErrorCode.UnsupportedMediaType);
        }
        if (declared !== undefined && !(header.duration_seconds > 0 && Number.isFinite(header.duration_seconds))) {
          throw validationFailed([{ field: 'X-Take-Duration-Seconds', reason: 'when sent, must be the take length in seconds', code: 'invalid_value' }]);
        }
        // The body goes to the interviews service as it arrives: never whole in memory.
        const messages = async function* () {
          yield { header, data: Buffer.alloc(0) };
          for await (const chunk of req) yield { data: chunk as Buffer };
        };
        const take = await upstreams.takes.clientStream((c) => c.uploadTake, messages(), {
          ...writeAs(res),
          deadline: new Date(Date.now() + options.uploadTimeoutMs),
        });
        res.status(201).json(takeJson(take));
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/accommodation_request', {
    post: {
      summary: 'Ask the company for an accommodation (more time, more takes, audio only, captions …)',
      description:
        'Issue 42, docs/accommodations.md. The message (1–2,000 characters of plain text, trimmed; control characters other than line breaks and tabs are refused) ' +
        "is kept with the interview (the company's `GET /interviews/<uuid>` lists it in `accommodation_requests`); the interview's creator and the company's " +
        'administrators are emailed, and webhooks receive `AccommodationRequested`. At most 3 a UTC day per interview: the fourth is 429 ' +
        '`api.accommodation_requests_exhausted` with `Retry-After` (seconds to the next UTC midnight). The company answers by email.',
      tag: 'Candidate',
      security: 'candidate',
      body: accommodationRequestBody,
      ok: { 202: accommodationRequestAnswer },
      handler: async (req, res) => {
        const body = validate(accommodationRequestBody, req.body);
        const request = await candidate.call(
          (c) => c.requestAccommodation,
          { interview_uuid: pathUuid(req, 'interviewUuid'), message: body.message },
          writeAs(res),
        );
        res.status(202).json({ message: request.message, requested_at: request.requested_at });
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/complete', {
    post: {
      summary: 'Complete the interview',
      tag: 'Candidate',
      security: 'candidate',
      ok: { 200: 'CandidateInterview' },
      handler: async (req, res) => {
        res.json(candidateInterviewJson(await candidate.call((c) => c.completeInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res))));
      },
    },
  });
  return router;
}
