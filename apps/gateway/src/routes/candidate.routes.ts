import { Router, type Request } from 'express';
import { interviewJson, questionJson, type interviews } from '@vi/contracts';
import { callAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { resource } from '../http/resource';
import { isUuid } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

function pathUuid(req: Request, param: string, what: string): string {
  const value = String(req.params[param]);
  if (!isUuid(value)) throw gatewayError(GatewayErrorCode.NotFound, `${what} not found`);
  return value.toLowerCase();
}

/** What the job seeker sees: the interview with every question in full (takes left, skipped). */
function candidateView(interview: interviews.Interview) {
  return { ...interviewJson(interview, { questions: false }), questions: interview.questions.map(questionJson) };
}

/** The job seeker's side, authorized by the `Bearer` candidate token of the invitation link. */
export function candidateRoutes(upstreams: Upstreams): Router {
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
  resource(router, '/candidate/interviews/:interviewUuid/complete', {
    post: async (req, res) => {
      res.json(candidateView(await interviews.call((c) => c.completeInterview, { interview_uuid: interviewUuid(req) }, callAs(res))));
    },
  });
  return router;
}
