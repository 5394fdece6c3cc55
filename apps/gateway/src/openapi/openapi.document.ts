import { z } from 'zod';
import {
  AdvancedShareLinkView,
  ApiKeyView,
  BasicShareLinkView,
  CandidateInterviewView,
  CompanySummaryView,
  CompanyUserView,
  CompanyView,
  CreatedWebhookView,
  DeliveryAttemptView,
  InterviewView,
  JobLocationView,
  JobView,
  LocationSummaryView,
  OpenInterviewQuestionView,
  JobVideoView,
  OpenInterviewView,
  PublicOpenInterviewView,
  MeView,
  PlanView,
  QuestionSetView,
  QuestionView,
  RatingView,
  AccommodationsView,
  AccommodationRequestView,
  SessionView,
  SharedView,
  RecordingView,
  ChatMessageView,
  TakeView,
  UserSummaryView,
  WebhookEvents,
  WebhookView,
  ScorecardView,
  CriterionView,
  EvaluatorView,
  EvaluationSummaryView,
  InterviewEvaluationsView,
  EvaluationView,
  CommentView,
  CommentListView,
  DecisionView,
  DecisionResultsView,
  SubmittedEvaluationView,
  InterviewDecisionView,
  TranscriptReadyView,
  AssessmentOrderView,
  AtsIntegrationView,
  CallbackAttemptView,
  GreenhouseTestView,
  GreenhouseSentTestView,
  GreenhouseTestStatusView,
  AshbyAssessmentListView,
  AshbyStartedView,
  AshbySuccessView,
  AshbyRefusalView,
  TranscriptSegmentView,
  TranscriptView,
  TranscriptionSettingsView,
} from '@vi/contracts';
import type { Router } from 'express';
import type { ListQuerySpec } from '../http/list-query';
import {
  cleanJsonSchema,
  ICALENDAR,
  ref,
  requestSchema,
  VIDEO,
  VIDEO_REDIRECT,
  WEBVTT,
  type JsonSchema,
  type Operation,
  type Security,
} from '../http/operation';
import { MAX_PAGE_SIZE } from '../http/paging';
import { describedResources } from '../http/resource';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../idempotency/idempotency';

/**
 * The OpenAPI 3.1 description of `/v1.0` (decisions 021, 032), built by walking what the routers registered with
 * `resource()`: each operation is described beside its handler (summary, security, body, query, responses), and
 * this file adds what every operation shares (errors, headers, parameters) and the document's own parts (the
 * view components, the webhooks, the security schemes). Served at `GET /v1.0/openapi.json`; the e2e tests check
 * every response they get against it.
 */

/** The response components: every view schema (they carry `meta({id})`), as 2020-12 JSON Schema. */
function viewComponents(): Record<string, JsonSchema> {
  const views = [
    UserSummaryView,
    CompanySummaryView,
    LocationSummaryView,
    JobLocationView,
    OpenInterviewQuestionView,
    OpenInterviewView,
    JobVideoView,
    JobView,
    InterviewView,
    AccommodationsView,
    QuestionView,
    RatingView,
    AccommodationRequestView,
    BasicShareLinkView,
    MeView,
    PlanView,
    CompanyView,
    CompanyUserView,
    ApiKeyView,
  ];
  const more = [
    SessionView,
    TakeView,
    RecordingView,
    ChatMessageView,
    CandidateInterviewView,
    QuestionSetView,
    AdvancedShareLinkView,
    WebhookView,
    CreatedWebhookView,
    DeliveryAttemptView,
    SharedView,
    PublicOpenInterviewView,
    CriterionView,
    ScorecardView,
    EvaluatorView,
    EvaluationView,
    EvaluationSummaryView,
    InterviewEvaluationsView,
    CommentView,
    CommentListView,
    DecisionView,
    DecisionResultsView,
    SubmittedEvaluationView,
    InterviewDecisionView,
    // Transcripts, captions and the company's setting (decision 073).
    TranscriptSegmentView,
    TranscriptView,
    TranscriptionSettingsView,
    // The TranscriptReady webhook's body (decision 073).
    TranscriptReadyView,
  ];
  // The applicant-tracking systems (decision 071): the company's views and the ATSs' own shapes.
  const assessments = [
    CallbackAttemptView,
    AssessmentOrderView,
    AtsIntegrationView,
    GreenhouseTestView,
    GreenhouseSentTestView,
    GreenhouseTestStatusView,
    AshbyAssessmentListView,
    AshbyStartedView,
    AshbySuccessView,
    AshbyRefusalView,
  ];
  const registry = z.registry<{ id: string }>();
  for (const schema of [...views, ...more, ...assessments]) registry.add(schema, { id: (schema.meta() as { id: string }).id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, cleanJsonSchema(schema as JsonSchema)]));
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `api.validation_failed` (see `errors`), `api.malformed_json`, or a rule of the resource (docs/errors.md)',
  401: 'No or bad credentials: `api.key_not_set`, `api.key_invalid`, `api.key_disabled`, `api.candidate_token_invalid`',
  402: 'The plan does not allow it: `api.plan_*`',
  403: 'Not allowed for this user: `api.administrator_required`, `api.company_user_required`, …',
  404: 'Not found, or not visible to the caller (never 403)',
  409: 'Conflict: `api.idempotency_request_in_progress`, or a conflict of the resource (`api.user_email_taken`, `api.integration_key_exists`, `api.recording_*`)',
  413: 'Body too large: `api.payload_too_large`, `api.take_too_large`, `api.take_bitrate_too_high`, `api.interview_media_quota_exceeded`, `api.recording_too_large`',
  415: 'Unsupported body: `api.unsupported_media_type`, `api.content_encoding_unsupported`',
  405: 'Not this method on this path: `api.method_not_allowed`; see `Allow`',
  416: 'The `Range` selects no byte of the video',
  422: '`api.idempotency_key_reused`: this Idempotency-Key was used for a different request; on an ATS partner path, also a refusal its user is shown (Ashby: `{message, reason, code, lang}`)',
  429: 'Rate limit reached: `api.too_many_requests`; see `Retry-After`',
  500: 'A fault on our side: `api.internal_error`',
  503: 'A service is unreachable; retry later: `api.service_unavailable`',
};

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });
const COMMON_HEADERS = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
const RATE_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

function errorResponse(status: number, body: JsonSchema = ref('Error')): JsonSchema {
  const headers: JsonSchema = { ...COMMON_HEADERS };
  if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  return { description: ERROR_DESCRIPTIONS[status], headers, content: { 'application/json': { schema: body } } };
}

/** Plain query parameters from the zod object a handler validates them with: one parameter per property. */
function queryFieldParameters(fields: z.ZodObject): JsonSchema[] {
  const schema = requestSchema(fields) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: (schema.required ?? []).includes(name),
    schema: property,
  }));
}

function operationObject(method: string, path: string, op: Operation): JsonSchema {
  const security = op.security ?? 'key';
  // A `…Uuid` parameter is a UUID (http/path-uuids.ts checks it before the handler runs); any other, a string.
  const parameters: JsonSchema[] = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name.endsWith('Uuid') ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  if (op.query) parameters.push(...(op.query === 'range' ? [rangeParameter] : listParameters(op.query)));
  if (op.queryFields) parameters.push(...queryFieldParameters(op.queryFields));
  const idempotent = method === 'post' && op.idempotent !== false;
  if (idempotent) parameters.push({ $ref: '#/components/parameters/Idempotency-Key' });
  if (op.body === 'video')
    parameters.push({
      name: 'X-Take-Duration-Seconds',
      in: 'header',
      required: false,
      description: 'The take length in seconds, used when the container has no readable timing',
      schema: { type: 'number', exclusiveMinimum: 0 },
    });
  if (Object.values(op.ok).includes(VIDEO))
    parameters.push({ name: 'Range', in: 'header', required: false, description: 'A byte range (`bytes=0-`), answered with 206', schema: { type: 'string' } });

  const responses: Record<string, JsonSchema> = {};
  for (const [status, body] of Object.entries(op.ok)) {
    const headers: JsonSchema = { ...COMMON_HEADERS, ...(security === 'none' ? {} : RATE_HEADERS) };
    if (op.paged) Object.assign(headers, { 'Content-Range': { $ref: '#/components/headers/Content-Range' }, Link: { $ref: '#/components/headers/Link' } });
    if (idempotent) headers['Idempotent-Replayed'] = { $ref: '#/components/headers/Idempotent-Replayed' };
    const response: JsonSchema = { description: Number(status) === 204 ? 'Done; no body' : 'Success', headers };
    if (body === VIDEO_REDIRECT) {
      response.description =
        'Where the deployment serves videos from its object store (decision 024): after the same checks, a short-lived URL of the video there; follow it, sending the same `Range`. Never cached: ask again for a new URL';
      headers.Location = header('The video in the object store, valid for a few minutes (a presigned URL)', { type: 'string', format: 'uri' });
      headers['Cache-Control'] = header('`no-store`');
    } else if (body === VIDEO) {
      headers['Content-Range'] = header('On 206: the bytes sent, `bytes <first>-<last>/<size>`');
      headers['Accept-Ranges'] = header('`bytes`');
      response.content = {
        'video/webm': { schema: { type: 'string', contentMediaType: 'video/webm' } },
        'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
      };
    } else if (body === ICALENDAR) {
      headers['Content-Disposition'] = header('`attachment; filename="interview.ics"`');
      response.content = { 'text/calendar': { schema: { type: 'string', contentMediaType: 'text/calendar' } } };
    } else if (body === WEBVTT) {
      headers['Cache-Control'] = header('`no-store`');
      response.content = { 'text/vtt': { schema: { type: 'string', contentMediaType: 'text/vtt' } } };
    } else if (body !== null) {
      response.content = { 'application/json': { schema: typeof body === 'string' ? ref(body) : body } };
    }
    responses[status] = response;
  }
  const errorStatuses = new Set<number>([404, 500, 503, ...(op.errors ?? [])]);
  // Behind the key and the body parser, any request may carry a body (a DELETE too): 400, 413 and 415 everywhere.
  if (security !== 'none') [400, 401, 402, 403, 413, 415, 429].forEach((s) => errorStatuses.add(s));
  else errorStatuses.add(429);
  if (op.query || op.queryFields) errorStatuses.add(400);
  if (idempotent) [409, 422].forEach((s) => errorStatuses.add(s));
  for (const status of [...errorStatuses].sort()) responses[status] = errorResponse(status, op.errorBodies?.[status]);

  const operation: JsonSchema = {
    operationId: `${method}${path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    parameters,
    responses,
    security: SECURITY[security],
  };
  if (op.body === 'video' || op.body === 'measured_video') {
    operation.requestBody = {
      required: true,
      content: {
        'video/webm': { schema: { type: 'string', contentMediaType: 'video/webm' } },
        'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
      },
    };
  } else if (op.body === 'captions') {
    operation.requestBody = { required: true, content: { 'text/vtt': { schema: { type: 'string', contentMediaType: 'text/vtt', maxLength: 1048576 } } } };
  } else if (op.body) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: op.bodySchema ?? requestSchema(op.body) } } };
  }
  return operation;
}

const SECURITY: Record<Security, JsonSchema[]> = {
  key: [{ apiKey: [] }, { session: [] }],
  candidate: [{ candidateToken: [] }],
  key_or_candidate: [{ apiKey: [] }, { candidateToken: [] }, { session: [] }],
  session: [{ session: [] }],
  none: [],
};

const rangeParameter = {
  name: 'range',
  in: 'query',
  description: `\`<from>-<to>\`, inclusive and zero-based, at most ${MAX_PAGE_SIZE} items (decision 008)`,
  schema: { type: 'string', pattern: '^\\d{1,9}-\\d{1,9}$', default: '0-49' },
};
const repeatable = (name: string, values: readonly string[]) => ({
  name,
  in: 'query',
  description: `Repeatable filter (\`${name}=a&${name}=b\`); the name without \`[]\` works too`,
  style: 'form',
  explode: true,
  schema: { type: 'array', items: { type: 'string', enum: values } },
});
const orderby = (values: readonly string[], fallback: string) => ({
  name: 'orderby',
  in: 'query',
  schema: { type: 'string', enum: values, default: fallback },
});
/** A filtered, ordered list's parameters, from the spec its route parses the query string with. */
const listParameters = (spec: ListQuerySpec<string, string>) => [
  ...Object.entries(spec.filters).map(([name, values]) => repeatable(name, values)),
  orderby(spec.orders, spec.defaultOrder),
  rangeParameter,
];

function webhookEvents(): Record<string, JsonSchema> {
  const headers = [
    ['X-Service-Event', 'The event type'],
    ['X-Service-Payload', 'The payload type: Interview, Job, Rating, SubmittedEvaluation, InterviewDecision, AccommodationRequest or TranscriptReady'],
    ['X-Service-User-UUID', 'The user owning the webhook'],
    ['X-Service-Webhook-UUID', 'The webhook that caused the delivery'],
    ['webhook-id', 'Standard Webhooks: the delivery id, the same on every retry (deduplicate on it)'],
    ['webhook-timestamp', 'Standard Webhooks: Unix seconds of this attempt'],
    ['webhook-signature', 'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` with the webhook secret'],
  ].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));
  return Object.fromEntries(
    Object.entries(WebhookEvents).map(([type, { payload }]) => [
      type,
      {
        post: {
          operationId: `webhook${type}`,
          summary: `${type}: a POST of the ${payload} to the webhook's url`,
          tags: ['Webhook events'],
          parameters: headers,
          requestBody: { required: true, content: { 'application/json': { schema: ref(payload) } } },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried' } },
        },
      },
    ]),
  );
}

const DESCRIPTION = `The video-interviewing API. Authenticate with HTTP basic auth: the API key is the username, the password is ignored;
candidates use the token of their invitation link as \`Authorization: Bearer <token>\`.

- Errors are \`{reason, code, lang}\` (validation adds \`errors\`); branch on \`code\` (catalogue: docs/errors.md).
  Any path not listed here answers 404 \`api.not_found\`; a listed path with another method 405 \`api.method_not_allowed\`.
- Lists page with \`range=<from>-<to>\` and answer \`Content-Range\` and an RFC 8288 \`Link\` (first, prev, next, last).
- Any POST takes \`Idempotency-Key\` (decision 020): a retry within 24 hours replays the first answer.
- Timestamps are RFC 3339 with a numeric offset (\`+00:00\`).`;

/** The whole description of what `routers` registered (mounted under `/v1.0`). */
export function openApiDocument(routers: readonly Router[]): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const { path, operations } of routers.flatMap(describedResources)) {
    const template = path.replace(/:(\w+)/g, '{$1}');
    if (paths[template]) throw new Error(`${template} is registered twice`);
    paths[template] = Object.fromEntries(Object.entries(operations).map(([method, op]) => [method, operationObject(method, template, op)]));
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Video interviewing API', version: '1.0', description: DESCRIPTION },
    servers: [{ url: '/v1.0' }],
    tags: [
      'Session',
      'Identity',
      'Users',
      'Jobs',
      'Interviews',
      'Candidate',
      'Question sets',
      'Share links',
      'Public',
      'Webhooks',
      'Integrations',
      'ATS partners',
      'Meta',
    ].map((name) => ({
      name,
    })),
    paths,
    webhooks: webhookEvents(),
    components: {
      schemas: {
        ...viewComponents(),
        Error: {
          type: 'object',
          properties: {
            reason: { type: 'string', description: 'English, for people; may be reworded' },
            code: { type: 'string', pattern: '^api\\.[a-z_]+$', description: 'Stable; branch on it (docs/errors.md)' },
            lang: { type: 'string', pattern: '^error\\.[a-z_]+$', description: 'Localization key: `error.` + the code without `api.`' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: { field: { type: 'string' }, reason: { type: 'string' }, code: { type: 'string' } },
                required: ['field', 'reason', 'code'],
                additionalProperties: false,
              },
            },
          },
          required: ['reason', 'code', 'lang'],
          additionalProperties: false,
          examples: [{ reason: 'User not found', code: 'api.user_not_found', lang: 'error.user_not_found' }],
        },
      },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'basic', description: 'The API key as the username; the password is ignored' },
        candidateToken: { type: 'http', scheme: 'bearer', description: "The token of the candidate's invitation link: that one interview only" },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-vi_session',
          description:
            "The web pages' session (decision 026): `vi_session` over plain HTTP; requests that change something must come from our origin and echo `X-CSRF-Token`",
        },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes a retry safe: the first answer is kept 24 hours and replayed (decision 020)',
          schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
        },
      },
      headers: {
        'X-Request-Id': header('The request id (yours, if you sent a valid one); quote it to support'),
        'X-RateLimit-Limit': header('Requests allowed per minute', { type: 'string', pattern: '^\\d+$' }),
        'X-RateLimit-Remaining': header('Requests left in this minute', { type: 'string', pattern: '^\\d+$' }),
        RateLimit: header('IETF draft: `"default";r=<remaining>;t=<seconds to reset>`'),
        'RateLimit-Policy': header('IETF draft: `"default";q=<limit>;w=60`'),
        'Retry-After': header('Seconds until the limit resets', { type: 'string', pattern: '^\\d+$' }),
        'Content-Range': header('`items <from>-<last>/<total>`, or `items */<total>` for an empty page', {
          type: 'string',
          pattern: '^items (\\d+-\\d+|\\*)/\\d+$',
        }),
        Link: header('RFC 8288: `<…?range=a-b>; rel="first"`, and `prev`, `next`, `last`'),
        'Idempotent-Replayed': header('`true` when this is the kept answer of an earlier request with the same Idempotency-Key', {
          type: 'string',
          enum: ['true'],
        }),
      },
    },
  };
}
