import { Router } from 'express';
import { z } from 'zod';
import { readAs, writeAs } from '../../auth/request-context';
import { arrayOf } from '../../http/operation';
import { sendJson, sendParsedJson } from '../../http/rendered-json';
import { resource } from '../../http/resource';
import { validate } from '../../http/validation';
import type { Upstreams } from '../../upstream/upstreams';
import { atsEmail, atsText, atsUrl, inAtsFieldNames, optionalAtsText, optionalAtsUrl } from './partner-shapes';

/**
 * Greenhouse's Assessment Partner API under our gateway (decision 071): Greenhouse calls these with one of the
 * company's integration keys as the Basic-auth username, as any integrator does. The shapes are Greenhouse's.
 */

const TAG = 'ATS partners';

const sendTestBody = z.object({
  partner_test_id: atsText(100),
  candidate: z.object(
    {
      first_name: atsText(),
      last_name: atsText(),
      preferred_name: optionalAtsText(),
      resume_url: optionalAtsUrl,
      phone_number: optionalAtsText(50),
      email: atsEmail,
      greenhouse_profile_url: atsUrl,
    },
    { error: 'is required' },
  ),
  // Greenhouse sends the sender's email here.
  sent_by: optionalAtsText(254),
  url: atsUrl,
});

/** The service's field names → Greenhouse's. */
const GREENHOUSE_FIELDS = {
  test_id: 'partner_test_id',
  callback_url: 'url',
  'candidate.phone': 'candidate.phone_number',
  'candidate.profile_url': 'candidate.greenhouse_profile_url',
  order_id: 'partner_interview_id',
};

const statusQuery = z.object({
  partner_interview_id: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(100, 'at most 100 characters'),
});

export function greenhouseRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.assessments;

  resource(router, '/partners/greenhouse/list_tests', {
    get: {
      summary: "Greenhouse: the company's tests (its active jobs with interview questions configured)",
      description:
        "`partner_test_id` is the job's uuid, `partner_test_name` its title. A job is a test while it is active and its open-interview configuration has questions or a question set (decision 045).",
      tag: TAG,
      ok: { 200: arrayOf('GreenhouseTest') },
      handler: async (_req, res) => {
        const { json } = await service.call((c) => c.listTests, { ats: 'greenhouse' }, readAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  resource(router, '/partners/greenhouse/send_test', {
    post: {
      summary: 'Greenhouse: send a test to a candidate (a one-way interview of that job, invited by email)',
      description:
        "`partner_interview_id` is the interview's uuid. The same candidate email and test again while its interview is open answers the same id. When the interview completes we send `PATCH <url>` with no body (retried on a network error, 429 or 5xx); Greenhouse then calls `test_status`. Unknown test: 404.",
      tag: TAG,
      body: sendTestBody,
      ok: { 200: 'GreenhouseSentTest' },
      handler: inAtsFieldNames(GREENHOUSE_FIELDS, async (req, res) => {
        const body = validate(sendTestBody, req.body);
        const { candidate } = body;
        const { json } = await service.call(
          (c) => c.sendTest,
          {
            ats: 'greenhouse',
            test_id: body.partner_test_id,
            candidate: {
              first_name: candidate.first_name,
              last_name: candidate.last_name,
              preferred_name: candidate.preferred_name,
              email: candidate.email,
              phone: candidate.phone_number,
              profile_url: candidate.greenhouse_profile_url,
              resume_url: candidate.resume_url,
            },
            callback_url: body.url,
            // Greenhouse sends no id of its own for what it ordered: its profile URL of the candidate is the reference
            // its users recognise (and open), so it is the order's and the interview's external_id (decision 071).
            external_id: candidate.greenhouse_profile_url,
            sent_by: body.sent_by,
            ats_fields: {},
          },
          writeAs(res),
        );
        sendParsedJson(res, 200, json);
      }),
    },
  });

  resource(router, '/partners/greenhouse/test_status', {
    get: {
      summary: "Greenhouse: a sent test's status, score and the link to its answers",
      description:
        "`partner_status` is `complete` once the interview is completed (before: its status, e.g. `requested`, `accepted`; `expired`, `canceled`). `partner_profile_url` (when complete) is a share link that opens the answers without an account; `partner_score` 0–100: the evaluations' average, else the rating × 20, else null. Another company's id: 404.",
      tag: TAG,
      queryFields: statusQuery,
      ok: { 200: 'GreenhouseTestStatus' },
      handler: async (req, res) => {
        const { partner_interview_id } = validate(statusQuery, req.query);
        const { json } = await service.call((c) => c.getTestStatus, { ats: 'greenhouse', order_id: partner_interview_id }, readAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  return router;
}
