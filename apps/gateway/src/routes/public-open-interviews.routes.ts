import { Router, type Request } from 'express';
import { z } from 'zod';
import { publicOpenInterviewJson, SharedErrorCode } from '@vi/contracts';
import { sharedError } from '@vi/platform-grpc';
import { setRateHeaders } from '../auth/authentication';
import { GATEWAY_PRINCIPAL } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { jsonBody } from '../http/hostile-input';
import { resource } from '../http/resource';
import { isUuid, validate } from '../http/validation';
import { clientKeyOf } from '../rate-limit/client-key';
import { perIpLimit } from '../rate-limit/per-ip-limit';
import { countRefusal } from '../rate-limit/rate-limit-metrics';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { assigneeFields, canonicalLanguage, languageField, phonesTogether, plainNameField } from './request-fields';

/** The one answer to an application, whether the address is new, has applied before, or filled the honeypot. */
const APPLIED = { reason: 'Thank you: check your email for your interview link' } as const;

const applicationBody = z
  .object({
    ...assigneeFields,
    // Sent by anyone and greeted by the invitation email to any address: a plain name only (issue 38).
    name: plainNameField,
    has_sms_consent: z.boolean().default(false),
    language: languageField.default('en'),
    // The honeypot: the page hides this field, so a person leaves it empty and a form-filling robot does not.
    website: z.string().max(500).optional(),
  })
  .superRefine(phonesTogether)
  // Interview creation's rule, checked here with the shape so that it refuses a new address and one that applied alike.
  .superRefine((a, ctx) => {
    if (a.phone_parsed !== undefined && !a.has_sms_consent) {
      ctx.addIssue({ code: 'custom', path: ['has_sms_consent'], message: 'must be true when a phone is given' });
    }
  });

/**
 * The public side of open interviews (decision 045): no API key, the link's uuid is what an applicant holds. What
 * the link shows, and applications (limited per client address and per link). Every link that takes no
 * application (unknown, closed, expired, its job inactive or deleted, or no UUID at all) is the same 404.
 */
export function publicOpenInterviewsRoutes(deps: { upstreams: Upstreams; limits: RateLimits; requestTimeoutMs: number }): Router {
  const router = Router();
  const jobs = deps.upstreams.jobs;
  const asGateway = (idempotent: boolean) => ({ principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + deps.requestTimeoutMs), idempotent });
  const openInterviewOf = (req: Request): string => {
    const value = String(req.params.openInterview);
    if (!isUuid(value)) throw sharedError(SharedErrorCode.OpenInterviewNotFound);
    return value.toLowerCase();
  };

  // Reading a link counts against the client address as the share links' public side does, in its own key space.
  const limitPerIp = perIpLimit(deps.limits, 'open-ip', 'open_interview_requests');

  resource(router, '/public/open_interviews/:openInterview', {
    get: {
      summary: 'What an applicant sees through an open interview link',
      description:
        'No key: the link is public. 404 `api.open_interview_not_found` for an unknown, inactive or expired link and for an inactive or deleted job alike.',
      tag: 'Public',
      security: 'none',
      ok: { 200: 'PublicOpenInterview' },
      errors: [429],
      handler: [
        limitPerIp,
        async (req, res) => {
          const open = await jobs.call((c) => c.getPublicOpenInterview, { open_interview_uuid: openInterviewOf(req) }, asGateway(true));
          res.setHeader('Cache-Control', 'no-store');
          res.json(publicOpenInterviewJson(open));
        },
      ],
    },
  });

  resource(router, '/public/open_interviews/:openInterview/applications', {
    post: {
      summary: 'Apply through an open interview: the one-way interview link is emailed',
      description:
        'No key. Every well-formed application within the limits is answered the same 202, whether the address is new or has applied ' +
        'before, and the interview is created (or, for a repeat, the invitation re-sent at most once per 10 minutes) after the answer. ' +
        'Limited per client (an IPv4 address, an IPv6 /64) and per link (429 with Retry-After). A phone needs `has_sms_consent` (400) ' +
        "and the plan's `interview_sms_notifications` (402), checked before anything else, whatever the address. `website` must stay empty.",
      tag: 'Public',
      security: 'none',
      idempotent: false,
      body: applicationBody,
      ok: { 202: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'], additionalProperties: false } },
      errors: [400, 402, 413, 415, 429],
      handler: [
        ...jsonBody,
        async (req, res) => {
          const open_interview_uuid = openInterviewOf(req);
          const body = validate(applicationBody, req.body);
          const decision = await deps.limits.consumeApplication(clientKeyOf(req), open_interview_uuid);
          setRateHeaders(res, decision);
          if (!decision.allowed) {
            countRefusal('open_interview_applications');
            throw gatewayError(GatewayErrorCode.TooManyRequests);
          }
          if (!body.website) {
            const { website: _honeypot, ...applicant } = body;
            const language = canonicalLanguage(applicant.language) ?? 'en';
            await jobs.call((c) => c.applyToOpenInterview, { open_interview_uuid, ...applicant, language }, asGateway(false));
          }
          res.status(202).json(APPLIED);
        },
      ],
    },
  });

  return router;
}
