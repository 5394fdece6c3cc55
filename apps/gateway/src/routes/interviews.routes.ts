import { Router } from 'express';
import { z } from 'zod';
import { INTERVIEW_STATUSES, INTERVIEW_TYPES, type InterviewJson } from '@vi/contracts';
import { AppError, validationFailed } from '@vi/platform-errors';
import { contextOf, readAs, readAsGateway, writeAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf, ref, requestSchema, type JsonSchema } from '../http/operation';
import { sendJson } from '../http/rendered-json';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import { interviewPageWithShareLinkUrls, withShareLinkUrls } from '../upstream/share-link-urls';
import type { Upstreams } from '../upstream/upstreams';
import { INTERVIEW_LIST, interviewSearchFields } from './list-queries';
import {
  accommodationsField,
  assigneeFields,
  canonicalLanguage,
  languageField as language,
  phonesTogether,
  questionInput,
  timestampField,
} from './request-fields';
import { timeZoneField } from './time-zone-field';

const timestamp = timestampField;

const assignee = z.object(assigneeFields).superRefine(phonesTogether);

const createBody = z.object({
  type: z.enum(INTERVIEW_TYPES),
  scheduled_at: timestamp,
  // One object or an array: the route sends it here as an array either way.
  assigned_to: z.array(assignee).min(1, 'at least one assignee').max(100, 'at most 100 assignees'),
  email_message: z.string().max(5_000, 'at most 5000 characters').default(''),
  job_post: z.object({ uuid: z.uuid('must be a job uuid') }),
  questions: z.array(questionInput).max(50, 'at most 50 questions').default([]),
  interview_question_set: z.uuid('must be a question set uuid').optional(),
  timezone: timeZoneField.default('UTC'),
  language: language.default('en'),
  has_sms_consent: z.boolean().default(false),
  accommodations: accommodationsField.optional(),
});

const updateBody = z
  .object({
    scheduled_at: timestamp.optional(),
    status: z.enum(INTERVIEW_STATUSES).optional(),
    rating: z.number().min(0, 'must be 0 to 5').max(5, 'must be 0 to 5').multipleOf(0.5, 'must be a multiple of 0.5').optional(),
    accommodations: accommodationsField.optional(),
  })
  .refine((b) => b.scheduled_at !== undefined || b.status !== undefined || b.rating !== undefined || b.accommodations !== undefined, {
    message: 'send scheduled_at, status, rating and/or accommodations',
    path: ['body'],
  });

/** Single assignee object or an array of them: the route accepts both (an array answers an array). */
function interviewCreateSchema(): JsonSchema {
  const schema = requestSchema(createBody) as { properties: Record<string, JsonSchema> };
  const list = schema.properties.assigned_to;
  schema.properties.assigned_to = { anyOf: [list.items as JsonSchema, list] };
  return schema as JsonSchema;
}

/** For a single assignee object, field errors name `assigned_to.email`, not `assigned_to.0.email`. */
function validateAssignees<T>(run: () => T, single: boolean): T {
  try {
    return run();
  } catch (error) {
    if (single && error instanceof AppError && error.fieldErrors) {
      throw validationFailed(error.fieldErrors.map((e) => ({ ...e, field: e.field.replace(/^assigned_to\.0(\.|$)/, 'assigned_to$1') })));
    }
    throw error;
  }
}

/** The JSON the service rendered, parsed: the bytes it sent, or the body with its share links' URLs already. */
function parsed(body: Uint8Array | InterviewJson | InterviewJson[]): InterviewJson | InterviewJson[] {
  return body instanceof Uint8Array ? (JSON.parse(Buffer.from(body).toString('utf8')) as InterviewJson | InterviewJson[]) : body;
}

/**
 * The company's interviews. Their bodies come rendered by the interviews service; the gateway only adds the share
 * links' URLs, in withShareLinkUrls (decision 065). Questions, takes, recordings and the call's chat have their own
 * route files.
 */
export function interviewsRoutes(upstreams: Upstreams): Router {
  const router = Router();

  resource(router, '/interviews', {
    get: {
      summary: 'List interviews (without questions), or find them by words (`q`)',
      description:
        "`q` (decision 073) keeps the interviews whose takes' or call recordings' transcripts match the words in the interview's language, or whose candidate's name or email, or job's title, contains them; " +
        'paged and ordered as without it. 400 `api.validation_failed` for a `q` empty once trimmed, longer than 200 characters, or given twice.',
      tag: 'Interviews',
      ok: { 200: arrayOf('Interview') },
      queryFields: interviewSearchFields,
      ...listRoute({
        query: INTERVIEW_LIST,
        fetch: ({ query, range, res }) =>
          upstreams.interviews.call(
            (c) => c.listInterviews,
            { types: query.types, statuses: query.statuses, orderby: query.orderby, q: query.q, ...range },
            readAs(res),
          ),
        // The service renders the page as the API's JSON (decision 023): sent as it came unless a share link's URL is missing.
        page: (page, { res }) => interviewPageWithShareLinkUrls(upstreams.sharing, page, readAsGateway(res)),
      }),
    },
    post: {
      summary: 'Create interviews: one object for one assignee, an array for an array; each assignee is emailed an invitation',
      tag: 'Interviews',
      description:
        "Each assignee is invited by email (and by SMS with their consent, on plans that have it) in the interview's `language`: " +
        'an IETF tag, default "en"; English, Spanish, French and German are written, any other language gets English (decision 047). ' +
        'The interview shows its `language`, and its `source`: `workspace` when created from our web app (its session), else `api`. ' +
        '`accommodations` (issue 42, docs/accommodations.md) apply to every assignee: `time_multiplier` (1–10) multiplies think time and time limits, ' +
        '`unlimited_time` removes both, `extra_takes` (0–10) adds takes to each question, `audio_only` accepts answers by microphone only; the questions render the effective limits.',
      body: createBody,
      bodySchema: interviewCreateSchema(),
      ok: { 201: { anyOf: [ref('Interview'), arrayOf('Interview')] } },
      handler: async (req, res) => {
        const raw = (req.body ?? {}) as { assigned_to?: unknown };
        const single = raw.assigned_to !== undefined && !Array.isArray(raw.assigned_to);
        const body = validateAssignees(() => validate(createBody, single ? { ...raw, assigned_to: [raw.assigned_to] } : raw), single);
        const created = await upstreams.interviews.call(
          (c) => c.createInterviews,
          {
            type: body.type,
            scheduled_at: body.scheduled_at,
            assigned_to: body.assigned_to,
            email_message: body.email_message,
            job_uuid: body.job_post.uuid,
            questions: body.questions,
            question_set_uuid: body.interview_question_set,
            timezone: body.timezone,
            language: canonicalLanguage(body.language) ?? 'en',
            has_sms_consent: body.has_sms_consent,
            accommodations: body.accommodations,
            // Decision 071: the web session is our web app; an API key is an integrator.
            source: { type: contextOf(res).sessionId ? 'workspace' : 'api' },
          },
          writeAs(res),
        );
        const rendered = parsed(await withShareLinkUrls(upstreams.sharing, created, readAsGateway(res))) as InterviewJson[];
        // Parsed and sent with res.json: an Idempotency-Key's outcome is kept from what res.json answers.
        // One object for one assignee, an array for an array, as the reference shows.
        res.status(201).json(single ? rendered[0] : rendered);
      },
    },
  });

  resource(router, '/interviews/:interviewUuid', {
    get: {
      summary: 'Get an interview',
      tag: 'Interviews',
      ok: { 200: 'Interview' },
      handler: async (req, res) => {
        const found = await upstreams.interviews.call((c) => c.getInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        sendJson(res, 200, await withShareLinkUrls(upstreams.sharing, found, readAsGateway(res)));
      },
    },
    put: {
      summary: 'Reschedule, cancel, complete, rate or change its accommodations (201, as the reference shows)',
      tag: 'Interviews',
      description:
        '`accommodations` (issue 42, docs/accommodations.md): the fields sent change, the others stay; refused once the interview is completed ' +
        '(400 `api.interview_already_completed`). A change publishes `InterviewAccommodationsChanged`.',
      body: updateBody,
      ok: { 201: 'Interview' },
      handler: async (req, res) => {
        const interview_uuid = pathUuid(req, 'interviewUuid');
        const body = validate(updateBody, req.body);
        const updated = await upstreams.interviews.call((c) => c.updateInterview, { interview_uuid, ...body }, writeAs(res));
        // 201 on update, as the reference shows.
        sendJson(res, 201, await withShareLinkUrls(upstreams.sharing, updated, readAsGateway(res)));
      },
    },
    delete: {
      summary: 'Delete an interview',
      tag: 'Interviews',
      ok: { 204: null },
      handler: async (req, res) => {
        await upstreams.interviews.call((c) => c.deleteInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  return router;
}
