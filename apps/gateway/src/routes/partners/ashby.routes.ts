import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { AppError, ErrorKind, VALIDATION_FAILED } from '@vi/platform-errors';
import { readAs, writeAs } from '../../auth/request-context';
import { ref } from '../../http/operation';
import { sendParsedJson } from '../../http/rendered-json';
import { resource } from '../../http/resource';
import { validate } from '../../http/validation';
import type { Upstreams } from '../../upstream/upstreams';
import { atsEmail, atsText, inAtsFieldNames, optionalAtsText, optionalAtsUrl } from './partner-shapes';

/**
 * Ashby's assessment partner API under our gateway (decision 071): Ashby calls these with one of the company's
 * integration keys as the Basic-auth username. Every call is a POST, as Ashby's are; the shapes are Ashby's.
 */

const TAG = 'ATS partners';

const startBody = z.object({
  assessment_type_id: atsText(100),
  candidate: z.object(
    { ashby_id: atsText(100), first_name: atsText(), last_name: atsText(), email: atsEmail, ashby_profile_url: optionalAtsUrl },
    { error: 'is required' },
  ),
  application: z.object({ ashby_id: atsText(100), status: optionalAtsText(100) }, { error: 'is required' }),
  job: z.object({ ashby_id: atsText(100), name: atsText(), req_id: optionalAtsText(100), ashby_job_url: optionalAtsUrl }, { error: 'is required' }),
});

const cancelBody = z.object({ assessment_id: atsText(100) });

/** What Ashby's callbacks need of the start request besides the candidate: kept with the order (`ats_fields`). */
function atsFieldsOf(body: z.output<typeof startBody>): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    candidate_id: body.candidate.ashby_id,
    application_id: body.application.ashby_id,
    application_status: body.application.status,
    job_id: body.job.ashby_id,
    job_name: body.job.name,
    req_id: body.job.req_id,
    job_url: body.job.ashby_job_url,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The service's field names → Ashby's. */
const ASHBY_FIELDS = {
  test_id: 'assessment_type_id',
  'candidate.profile_url': 'candidate.ashby_profile_url',
  external_id: 'application.ashby_id',
  order_id: 'assessment_id',
};

/**
 * A refusal Ashby shows its user (422 `{message}`, its contract's word for "tell the recruiter why"): the test is no
 * longer one the company offers (the job deactivated or its questions removed since Ashby listed it), a plan limit, a
 * rule of the interview (a past due date), or the service's own 422. A malformed request (400 naming the field), a key
 * refused (401, 403) and "already being assessed" (409) keep their statuses, as Ashby's contract has them.
 */
function isAshbyRefusal(error: AppError): boolean {
  if (error.kind === ErrorKind.Unprocessable || error.kind === ErrorKind.PaymentRequired) return true;
  if (error.kind === ErrorKind.NotFound) return error.code === 'api.assessment_test_not_found';
  return error.kind === ErrorKind.InvalidArgument && error.code !== VALIDATION_FAILED;
}

/** Ashby's refusals carry `message`, as its contract asks, beside our `{reason, code, lang}`. */
function withAshbyRefusal(handler: RequestHandler): RequestHandler {
  const named = inAtsFieldNames(ASHBY_FIELDS, handler);
  return async (req, res, next) => {
    try {
      await named(req, res, next);
    } catch (error) {
      if (!(error instanceof AppError) || !isAshbyRefusal(error)) throw error;
      const { reason, code, lang } = error.toBody();
      res.status(422).json({ message: reason, reason, code, lang });
    }
  };
}

/** 422: Ashby's refusal shape; the Idempotency-Key's own 422 (a key reused for another body) is our `Error`. */
const REFUSAL = { 422: { oneOf: [ref('AshbyRefusal'), ref('Error')] } };

export function ashbyRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.assessments;

  resource(router, '/partners/ashby/assessment.list', {
    post: {
      summary: "Ashby: the company's assessments (its active jobs with interview questions configured)",
      description: "`assessment_type_id` is the job's uuid, `name` its title. The same tests as Greenhouse's `list_tests`.",
      tag: TAG,
      ok: { 200: 'AshbyAssessmentList' },
      handler: async (_req, res) => {
        const { json } = await service.call((c) => c.listTests, { ats: 'ashby' }, readAs(res));
        sendParsedJson(res, 200, json);
      },
    },
  });

  resource(router, '/partners/ashby/assessment.start', {
    post: {
      summary: 'Ashby: start an assessment (a one-way interview of that job for the candidate, invited by email)',
      description:
        "`assessment_id` is the interview's uuid. The same candidate already being assessed for that type: 409. A refusal Ashby shows its user: 422 `{message}` (a type the company no longer offers, a plan limit, a rule of the interview). Every change of the assessment is sent to `POST <ASHBY_API_URL>/assessment.update` with the company's Ashby API key (`PUT /integrations/ashby`).",
      tag: TAG,
      body: startBody,
      ok: { 200: 'AshbyStarted' },
      errors: [409],
      errorBodies: REFUSAL,
      handler: withAshbyRefusal(async (req, res) => {
        const body = validate(startBody, req.body);
        const { json } = await service.call(
          (c) => c.sendTest,
          {
            ats: 'ashby',
            test_id: body.assessment_type_id,
            candidate: {
              first_name: body.candidate.first_name,
              last_name: body.candidate.last_name,
              email: body.candidate.email,
              profile_url: body.candidate.ashby_profile_url,
            },
            external_id: body.application.ashby_id,
            ats_fields: atsFieldsOf(body),
          },
          writeAs(res),
        );
        sendParsedJson(res, 200, json);
      }),
    },
  });

  resource(router, '/partners/ashby/assessment.cancel', {
    post: {
      summary: 'Ashby: cancel an assessment (its interview is canceled and the candidate told)',
      description: 'Another company’s assessment, or none: 404.',
      tag: TAG,
      body: cancelBody,
      ok: { 200: 'AshbySuccess' },
      errorBodies: REFUSAL,
      handler: withAshbyRefusal(async (req, res) => {
        const body = validate(cancelBody, req.body);
        const { json } = await service.call((c) => c.cancelTest, { ats: 'ashby', order_id: body.assessment_id }, writeAs(res));
        sendParsedJson(res, 200, json);
      }),
    },
  });

  return router;
}
