import { Router, type Request } from 'express';
import { z } from 'zod';
import { InterviewView, interviewJson, questionJson, QuestionView, timestampView, uuidView, type interviews } from '@vi/contracts';
import { callAs } from '../auth/request-context';
import { AppError, ErrorKind, validationFailed } from '@vi/platform-errors';
import { resource } from '../http/resource';
import { pathUuid } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

/**
 * What the job seeker sees: the interview with every question in full (takes left, skipped), never its share link,
 * and the interview's `timezone`, which the candidate page names beside the due time in the candidate's own zone.
 */
export const CandidateInterviewView = InterviewView.extend({ timezone: z.string(), share_link: z.null(), questions: z.array(QuestionView) }).meta({ id: 'CandidateInterview' });

function candidateView(interview: interviews.Interview): z.output<typeof CandidateInterviewView> {
  return { ...interviewJson(interview, { questions: false }), timezone: interview.timezone, share_link: null, questions: interview.questions.map(questionJson) };
}

const TAKE_TYPES = ['video/webm', 'video/mp4'];

export const TakeView = z
  .object({
    uuid: uuidView,
    question_uuid: uuidView,
    number: z.number().int().min(1),
    content_type: z.enum(['video/webm', 'video/mp4']),
    size: z.number().int(),
    duration_seconds: z.number(),
    created_at: timestampView,
  })
  .meta({ id: 'Take' });

export function takeJson(take: interviews.Take): z.output<typeof TakeView> {
  return {
    uuid: take.uuid,
    question_uuid: take.question_uuid,
    number: take.number,
    content_type: take.content_type as z.output<typeof TakeView>['content_type'],
    size: take.size,
    duration_seconds: take.duration_seconds,
    created_at: take.created_at,
  };
}

/** The job seeker's side, authorized by the `Bearer` candidate token of the invitation link. */
/** `uploadTimeoutMs`: HTTP_UPLOAD_TIMEOUT_MS, the bound of a take upload, also the deadline of its gRPC stream. */
export function candidateRoutes(upstreams: Upstreams, options: { uploadTimeoutMs: number }): Router {
  const router = Router();
  const interviews = upstreams.interviews;
  const interviewUuid = (req: Request) => pathUuid(req, 'interviewUuid', 'Interview');

  resource(router, '/candidate/interviews/:interviewUuid', {
    get: async (req, res) => {
      res.json(candidateView(await interviews.call((c) => c.getCandidateInterview, { interview_uuid: interviewUuid(req) }, callAs(res, true))));
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/accept', {
    post: async (req, res) => {
      res.json(candidateView(await interviews.call((c) => c.acceptInterview, { interview_uuid: interviewUuid(req) }, callAs(res))));
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/questions/:questionUuid/skip', {
    post: async (req, res) => {
      const ref = { interview_uuid: interviewUuid(req), question_uuid: pathUuid(req, 'questionUuid', 'Question') };
      res.json(questionJson(await interviews.call((c) => c.skipQuestion, ref, callAs(res))));
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/questions/:questionUuid/takes', {
    post: async (req, res) => {
      // Optional: the take's length is measured from its container; the declared one counts only when that has no timing.
      const declared = req.get('x-take-duration-seconds');
      const header = {
        interview_uuid: interviewUuid(req),
        question_uuid: pathUuid(req, 'questionUuid', 'Question'),
        content_type: (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase(),
        duration_seconds: declared === undefined ? 0 : Number(declared),
      };
      if (!TAKE_TYPES.includes(header.content_type)) {
        throw new AppError(ErrorKind.UnsupportedMediaType, 'api.unsupported_media_type', 'Send the video as video/webm or video/mp4');
      }
      if (declared !== undefined && !(header.duration_seconds > 0 && Number.isFinite(header.duration_seconds))) {
        throw validationFailed([{ field: 'X-Take-Duration-Seconds', reason: 'when sent, must be the take length in seconds', code: 'invalid_value' }]);
      }
      // The body goes to the interviews service as it arrives: never whole in memory.
      const messages = async function* () {
        yield { header, data: Buffer.alloc(0) };
        for await (const chunk of req) yield { data: chunk as Buffer };
      };
      const take = await interviews.clientStream((c) => c.uploadTake, messages(), { ...callAs(res), deadline: new Date(Date.now() + options.uploadTimeoutMs) });
      res.status(201).json(takeJson(take));
    },
  });
  resource(router, '/candidate/interviews/:interviewUuid/complete', {
    post: async (req, res) => {
      res.json(candidateView(await interviews.call((c) => c.completeInterview, { interview_uuid: interviewUuid(req) }, callAs(res))));
    },
  });
  return router;
}
