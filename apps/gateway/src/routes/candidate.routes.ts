import { Router } from 'express';
import { candidateInterviewJson, questionJson, TAKE_CONTENT_TYPES, takeJson } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { readAs, writeAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import type { Upstreams } from '../upstream/upstreams';

/**
 * The job seeker's side, authorized by the `Bearer` candidate token of the invitation link. `uploadTimeoutMs`:
 * HTTP_UPLOAD_TIMEOUT_MS, the bound of a take upload, also the deadline of its gRPC stream.
 */
export function candidateRoutes(upstreams: Upstreams, options: { uploadTimeoutMs: number }): Router {
  const router = Router();
  const interviews = upstreams.interviews;

  resource(router, '/candidate/interviews/:interviewUuid', {
    get: {
      summary: 'The interview, as its candidate sees it',
      tag: 'Candidate',
      security: 'candidate',
      ok: { 200: 'CandidateInterview' },
      handler: async (req, res) => {
        res.json(
          candidateInterviewJson(await interviews.call((c) => c.getCandidateInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res))),
        );
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
        res.json(candidateInterviewJson(await interviews.call((c) => c.acceptInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res))));
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
        res.json(questionJson(await interviews.call((c) => c.skipQuestion, ref, writeAs(res))));
      },
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/questions/:questionUuid/takes', {
    post: {
      summary: 'Upload a take (the video is the body)',
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
        if (!(TAKE_CONTENT_TYPES as readonly string[]).includes(header.content_type)) {
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
        const take = await interviews.clientStream((c) => c.uploadTake, messages(), {
          ...writeAs(res),
          deadline: new Date(Date.now() + options.uploadTimeoutMs),
        });
        res.status(201).json(takeJson(take));
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
        res.json(candidateInterviewJson(await interviews.call((c) => c.completeInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res))));
      },
    },
  });
  return router;
}
