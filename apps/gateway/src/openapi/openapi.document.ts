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
  JobView,
  LocationSummaryView,
  MeView,
  PlanView,
  QuestionSetView,
  QuestionView,
  RatingView,
  SessionView,
  SharedView,
  RecordingView,
  TakeView,
  UserSummaryView,
  WebhookEvents,
  WebhookView,
} from '@vi/contracts';
import type { ListQuerySpec } from '../http/list-query';
import { MAX_PAGE_SIZE } from '../http/paging';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../idempotency/idempotency';
import { identitySchemas } from '../routes/identity.routes';
import { interviewsSchemas } from '../routes/interviews.routes';
import { jobsSchemas } from '../routes/jobs.routes';
import { INTERVIEW_LIST_QUERY, JOB_LIST_QUERY } from '../routes/list-queries';
import { questionSetsSchemas } from '../routes/question-sets.routes';
import { sessionSchemas } from '../routes/session.routes';
import { shareLinksSchemas } from '../routes/share-links.routes';
import { webhooksSchemas } from '../routes/webhooks.routes';

/**
 * The OpenAPI 3.1 description of `/v1.0` (decision 021), built from the zod schemas the routes validate with
 * (request bodies, as their input) and the view schemas the responses are typed by. Served at
 * `GET /v1.0/openapi.json`; the e2e tests check every response they get against it.
 */

type JsonSchema = Record<string, unknown>;
type Security = 'key' | 'candidate' | 'key_or_candidate' | 'session' | 'none';

interface Operation {
  summary: string;
  /** What a client must know beyond the summary. */
  description?: string;
  tag: string;
  security?: Security;
  query?: Array<'range' | 'job_list' | 'interview_list'>;
  body?: z.ZodType | 'video';
  /** The body's JSON Schema when it is not exactly the zod schema's input. */
  bodySchema?: JsonSchema;
  /** Success statuses → response schema (a component name, an inline schema, VIDEO, or null for an empty body). */
  ok: Record<number, string | JsonSchema | null>;
  /** POSTs take Idempotency-Key unless this is false (the session endpoints, outside the API key's routes). */
  idempotent?: false;
  /** A paged list: `Content-Range` and `Link`. */
  paged?: boolean;
  /** Statuses beyond the ones every operation of its kind may answer. */
  errors?: number[];
}

/** A video body (take downloads), not JSON. */
const VIDEO: JsonSchema = {};
/** Instead of the video, when the deployment serves videos from its object store (MEDIA_PLAYBACK=redirect). */
const VIDEO_REDIRECT: JsonSchema = {};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/** The response components: every view schema (they carry `meta({id})`), as 2020-12 JSON Schema. */
function viewComponents(): Record<string, JsonSchema> {
  const views = [
    UserSummaryView,
    CompanySummaryView,
    LocationSummaryView,
    JobView,
    InterviewView,
    QuestionView,
    RatingView,
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
    CandidateInterviewView,
    QuestionSetView,
    AdvancedShareLinkView,
    WebhookView,
    CreatedWebhookView,
    DeliveryAttemptView,
    SharedView,
  ];
  const registry = z.registry<{ id: string }>();
  for (const schema of [...views, ...more]) registry.add(schema, { id: (schema.meta() as { id: string }).id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, clean(schema as JsonSchema)]));
}

/** zod's JSON Schema without the keys that only make sense in a standalone schema file. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, id: _id, ...rest } = schema;
  return rest;
}

/** A request body as the client sends it: defaults make fields optional, refinements are checked by the server. */
function requestSchema(schema: z.ZodType): JsonSchema {
  return clean(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `api.validation_failed` (see `errors`), `api.malformed_json`, or a rule of the resource (docs/errors.md)',
  401: 'No or bad credentials: `api.key_not_set`, `api.key_invalid`, `api.key_disabled`, `api.candidate_token_invalid`',
  402: 'The plan does not allow it: `api.plan_*`',
  403: 'Not allowed for this user: `api.administrator_required`, `api.company_user_required`, …',
  404: 'Not found, or not visible to the caller (never 403)',
  409: 'Conflict: `api.idempotency_request_in_progress`, or a conflict of the resource (`api.user_email_taken`, `api.integration_key_exists`, `api.recording_*`)',
  413: 'Body too large: `api.payload_too_large`, `api.take_too_large`, `api.recording_too_large`',
  415: 'Unsupported body: `api.unsupported_media_type`, `api.content_encoding_unsupported`',
  405: 'Not this method on this path: `api.method_not_allowed`; see `Allow`',
  416: 'The `Range` selects no byte of the video',
  422: '`api.idempotency_key_reused`: this Idempotency-Key was used for a different request',
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

function errorResponse(status: number): JsonSchema {
  const headers: JsonSchema = { ...COMMON_HEADERS };
  if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  return { description: ERROR_DESCRIPTIONS[status], headers, content: { 'application/json': { schema: ref('Error') } } };
}

function operationObject(method: string, path: string, op: Operation): JsonSchema {
  const security = op.security ?? 'key';
  const parameters: JsonSchema[] = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'token' || name === 'eventType' ? { type: 'string' } : { type: 'string', format: 'uuid' },
  }));
  for (const q of op.query ?? []) parameters.push(...QUERY_PARAMETERS[q]);
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
    } else if (body !== null) {
      response.content = { 'application/json': { schema: typeof body === 'string' ? ref(body) : body } };
    }
    responses[status] = response;
  }
  const errorStatuses = new Set<number>([404, 500, 503, ...(op.errors ?? [])]);
  // Behind the key and the body parser, any request may carry a body (a DELETE too): 400, 413 and 415 everywhere.
  if (security !== 'none') [400, 401, 402, 403, 413, 415, 429].forEach((s) => errorStatuses.add(s));
  else errorStatuses.add(429);
  if (op.query) errorStatuses.add(400);
  if (idempotent) [409, 422].forEach((s) => errorStatuses.add(s));
  for (const status of [...errorStatuses].sort()) responses[status] = errorResponse(status);

  const operation: JsonSchema = {
    operationId: `${method}${path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    parameters,
    responses,
    security: SECURITY[security],
  };
  if (op.body === 'video') {
    operation.requestBody = {
      required: true,
      content: {
        'video/webm': { schema: { type: 'string', contentMediaType: 'video/webm' } },
        'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
      },
    };
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

const QUERY_PARAMETERS: Record<NonNullable<Operation['query']>[number], JsonSchema[]> = {
  range: [rangeParameter],
  job_list: listParameters(JOB_LIST_QUERY),
  interview_list: listParameters(INTERVIEW_LIST_QUERY),
};

/** Single assignee object or an array of them: the route accepts both (an array answers an array). */
function interviewCreateSchema(): JsonSchema {
  const schema = requestSchema(interviewsSchemas.createBody) as { properties: Record<string, JsonSchema> };
  const list = schema.properties.assigned_to;
  schema.properties.assigned_to = { anyOf: [list.items as JsonSchema, list] };
  return schema as JsonSchema;
}

function questionSetPaths(prefix: string): Record<string, Record<string, Operation>> {
  return {
    [prefix]: {
      get: { summary: 'List question sets', tag: 'Question sets', query: ['range'], ok: { 200: arrayOf('QuestionSet') }, paged: true },
      post: { summary: 'Create a question set', tag: 'Question sets', body: questionSetsSchemas.createBody, ok: { 200: 'QuestionSet' } },
    },
    [`${prefix}/{setUuid}`]: {
      get: { summary: 'Get a question set', tag: 'Question sets', ok: { 200: 'QuestionSet' } },
      put: { summary: 'Change a question set', tag: 'Question sets', body: questionSetsSchemas.updateBody, ok: { 200: 'QuestionSet' } },
      delete: { summary: 'Delete a question set', tag: 'Question sets', ok: { 204: null } },
    },
  };
}

/** Every path and method under /v1.0, as the routes register them. */
export function apiOperations(): Record<string, Record<string, Operation>> {
  return {
    '/openapi.json': { get: { summary: 'This description', tag: 'Meta', security: 'none', ok: { 200: { type: 'object' } } } },
    '/session': {
      post: {
        summary: 'Sign in (the web pages): sets the session cookie',
        tag: 'Session',
        security: 'none',
        idempotent: false,
        body: sessionSchemas.signInBody,
        ok: { 201: 'Session' },
        errors: [400, 401, 403, 413, 415],
      },
      get: {
        summary: 'The current session and its CSRF token',
        tag: 'Session',
        security: 'session',
        ok: {
          200: {
            type: 'object',
            properties: { user_uuid: { type: 'string' }, csrf_token: { type: 'string' } },
            required: ['user_uuid', 'csrf_token'],
            additionalProperties: false,
          },
        },
      },
      delete: { summary: 'Sign out', tag: 'Session', security: 'session', ok: { 204: null } },
    },
    '/session/password': {
      post: {
        summary: "Choose a password with the emailed link's token (signs in)",
        tag: 'Session',
        security: 'none',
        idempotent: false,
        body: sessionSchemas.setPasswordBody,
        ok: { 201: 'Session' },
        errors: [400, 401, 403, 413, 415],
      },
    },
    '/session/password_reset': {
      post: {
        summary: 'Ask for a link to choose a password (202 whatever the address)',
        tag: 'Session',
        security: 'none',
        idempotent: false,
        body: sessionSchemas.passwordResetBody,
        ok: { 202: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'], additionalProperties: false } },
        errors: [400, 403, 413, 415],
      },
    },
    '/me': {
      get: { summary: 'The caller: user, company and plan (API key or candidate token)', tag: 'Identity', security: 'key_or_candidate', ok: { 200: 'Me' } },
    },
    '/plan': {
      get: {
        summary: "The company's plan",
        tag: 'Identity',
        ok: { 200: { type: 'object', properties: { plan: ref('Plan') }, required: ['plan'], additionalProperties: false } },
      },
    },
    '/companies/{companyUuid}': { get: { summary: "The caller's company", tag: 'Identity', ok: { 200: 'Company' } } },
    '/users': {
      get: { summary: "List the company's users", tag: 'Users', query: ['range'], ok: { 200: arrayOf('CompanyUser') }, paged: true },
      post: { summary: 'Create a user', tag: 'Users', body: identitySchemas.createUserBody, ok: { 201: 'CompanyUser' } },
    },
    '/users/{userUuid}': {
      get: { summary: 'Get a user', tag: 'Users', ok: { 200: 'CompanyUser' } },
      put: {
        summary: 'Change a user (201, as the reference shows)',
        tag: 'Users',
        body: identitySchemas.updateUserBody,
        ok: { 201: 'CompanyUser' },
        errors: [409],
      },
      delete: { summary: 'Delete a user', tag: 'Users', ok: { 204: null } },
    },
    '/users/{userUuid}/integration_key': {
      post: { summary: "Create the user's API key", tag: 'Users', ok: { 201: 'ApiKey' } },
      get: { summary: "Read the user's API key", tag: 'Users', ok: { 200: 'ApiKey' } },
      put: { summary: 'Describe or rotate the API key', tag: 'Users', body: identitySchemas.updateKeyBody, ok: { 201: 'ApiKey' } },
      delete: { summary: 'Delete the API key', tag: 'Users', ok: { 204: null } },
    },
    '/jobs': {
      get: { summary: 'List jobs (without description)', tag: 'Jobs', query: ['job_list'], ok: { 200: arrayOf('Job') }, paged: true },
      post: { summary: 'Create a job', tag: 'Jobs', body: jobsSchemas.createBody, ok: { 201: 'Job' } },
    },
    '/jobs/{jobUuid}': {
      get: { summary: 'Get a job', tag: 'Jobs', ok: { 200: 'Job' } },
      put: { summary: 'Change a job', tag: 'Jobs', body: jobsSchemas.updateBody, ok: { 200: 'Job' } },
      delete: { summary: 'Delete a job', tag: 'Jobs', ok: { 204: null } },
    },
    '/interviews': {
      get: { summary: 'List interviews (without questions)', tag: 'Interviews', query: ['interview_list'], ok: { 200: arrayOf('Interview') }, paged: true },
      post: {
        summary: 'Create interviews: one object for one assignee, an array for an array; each assignee is emailed an invitation',
        tag: 'Interviews',
        body: interviewsSchemas.createBody,
        bodySchema: interviewCreateSchema(),
        ok: { 201: { anyOf: [ref('Interview'), arrayOf('Interview')] } },
      },
    },
    '/interviews/{interviewUuid}': {
      get: { summary: 'Get an interview', tag: 'Interviews', ok: { 200: 'Interview' } },
      put: {
        summary: 'Reschedule, cancel, complete or rate (201, as the reference shows)',
        tag: 'Interviews',
        body: interviewsSchemas.updateBody,
        ok: { 201: 'Interview' },
      },
      delete: { summary: 'Delete an interview', tag: 'Interviews', ok: { 204: null } },
    },
    '/interviews/{interviewUuid}/questions': {
      get: { summary: "An interview's questions", tag: 'Interviews', ok: { 200: arrayOf('Question') } },
      post: { summary: 'Add a question (200, as the reference shows)', tag: 'Interviews', body: interviewsSchemas.question, ok: { 200: 'Question' } },
    },
    '/interviews/{interviewUuid}/questions/{questionUuid}': {
      get: { summary: 'Get a question', tag: 'Interviews', ok: { 200: 'Question' } },
      put: { summary: 'Change a question', tag: 'Interviews', body: interviewsSchemas.updateQuestionBody, ok: { 200: 'Question' } },
      delete: { summary: 'Delete a question', tag: 'Interviews', ok: { 204: null } },
    },
    '/interviews/{interviewUuid}/questions/{questionUuid}/takes': { get: { summary: "A question's takes", tag: 'Interviews', ok: { 200: arrayOf('Take') } } },
    '/interviews/{interviewUuid}/questions/{questionUuid}/takes/{takeUuid}/video': {
      get: { summary: 'A take video, whole or by byte range', tag: 'Interviews', ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT }, errors: [416] },
    },
    '/interviews/{interviewUuid}/recordings': {
      get: {
        summary: "A live interview's call recordings, oldest first",
        description: 'A call left and rejoined may give several. One still being recorded has `ended_at` and `duration_seconds` null.',
        tag: 'Interviews',
        ok: { 200: arrayOf('Recording') },
      },
      post: {
        summary: 'Start recording the call (an interviewer’s browser)',
        description:
          'Then send the video in parts while the call goes on (`PUT …/parts/<n>`) and end it (`POST …/end`). A recording whose parts stop coming for `RECORDING_IDLE_FINISH` (2 minutes) is ended by the service, keeping what arrived. Live interviews only, while they can be held.',
        tag: 'Interviews',
        body: interviewsSchemas.startRecordingBody,
        ok: { 201: 'Recording' },
      },
    },
    '/interviews/{interviewUuid}/recordings/{recordingUuid}/parts/{n}': {
      put: {
        summary: 'Send part n of a recording (the bytes are the body)',
        description:
          'Parts are numbered 0, 1, 2 … and sent in order, each once the one before it was answered (409 `api.recording_part_out_of_order` otherwise); appended in order they make the video (MediaRecorder chunks of WebM or fragmented MP4). A part already received is answered 204 again and ignored, so a lost answer can be retried. 409 `api.recording_ended` once the recording has ended; 413 `api.recording_too_large` past `MAX_RECORDING_BYTES`.',
        tag: 'Interviews',
        body: 'video',
        ok: { 204: null },
        errors: [409],
      },
    },
    '/interviews/{interviewUuid}/recordings/{recordingUuid}/end': {
      post: {
        summary: 'End a recording: its parts are joined into one video and measured',
        description: 'Ending an ended recording answers it as it is. A recording that received no part is not kept.',
        tag: 'Interviews',
        ok: { 200: 'Recording' },
      },
    },
    '/interviews/{interviewUuid}/recordings/{recordingUuid}/video': {
      get: {
        summary: 'A recording’s video, whole or by byte range',
        description: '409 `api.recording_in_progress` until the recording has ended.',
        tag: 'Interviews',
        ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
        errors: [409, 416],
      },
    },
    '/candidate/interviews/{interviewUuid}': {
      get: { summary: 'The interview, as its candidate sees it', tag: 'Candidate', security: 'candidate', ok: { 200: 'CandidateInterview' } },
    },
    '/candidate/interviews/{interviewUuid}/accept': {
      post: { summary: 'Accept the interview', tag: 'Candidate', security: 'candidate', ok: { 200: 'CandidateInterview' } },
    },
    '/candidate/interviews/{interviewUuid}/questions/{questionUuid}/skip': {
      post: { summary: 'Skip a question', tag: 'Candidate', security: 'candidate', ok: { 200: 'Question' } },
    },
    '/candidate/interviews/{interviewUuid}/questions/{questionUuid}/takes': {
      post: { summary: 'Upload a take (the video is the body)', tag: 'Candidate', security: 'candidate', body: 'video', ok: { 201: 'Take' } },
    },
    '/candidate/interviews/{interviewUuid}/complete': {
      post: { summary: 'Complete the interview', tag: 'Candidate', security: 'candidate', ok: { 200: 'CandidateInterview' } },
    },
    ...questionSetPaths('/question_sets'),
    ...questionSetPaths('/interview_question_sets'),
    '/interviews/{interviewUuid}/share_link': {
      get: { summary: "The interview's basic share link", tag: 'Share links', ok: { 200: 'BasicShareLink' } },
      post: { summary: 'Create the basic share link (once; later calls return it)', tag: 'Share links', ok: { 201: 'BasicShareLink' } },
    },
    '/interviews/{interviewUuid}/share_link/{linkUuid}': {
      get: { summary: 'Get the basic share link', tag: 'Share links', ok: { 200: 'BasicShareLink' } },
      put: {
        summary: 'Activate or deactivate it (201, as the reference shows)',
        tag: 'Share links',
        body: shareLinksSchemas.statusBody,
        ok: { 201: 'BasicShareLink' },
      },
    },
    '/share_links': {
      get: { summary: 'List advanced share links', tag: 'Share links', query: ['range'], ok: { 200: arrayOf('AdvancedShareLink') }, paged: true },
      post: {
        summary: 'Create advanced share links, one per reviewer',
        tag: 'Share links',
        body: shareLinksSchemas.createBody,
        ok: { 201: arrayOf('AdvancedShareLink') },
      },
    },
    '/share_links/{linkUuid}': {
      get: { summary: 'Get an advanced share link', tag: 'Share links', ok: { 200: 'AdvancedShareLink' } },
      put: { summary: 'Activate or deactivate it (201)', tag: 'Share links', body: shareLinksSchemas.statusBody, ok: { 201: 'AdvancedShareLink' } },
      delete: { summary: 'Delete it', tag: 'Share links', ok: { 204: null } },
    },
    '/public/share/{token}': {
      get: { summary: 'What a reviewer sees through a share link (the token is the credential)', tag: 'Public', security: 'none', ok: { 200: 'SharedView' } },
    },
    '/public/share/{token}/takes/{takeUuid}/video': {
      get: { summary: 'A shared take video', tag: 'Public', security: 'none', ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT }, errors: [416] },
    },
    '/public/share/{token}/recordings/{recordingUuid}/video': {
      get: {
        summary: "A shared live interview's call recording",
        tag: 'Public',
        security: 'none',
        ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
        errors: [416],
      },
    },
    '/webhooks': {
      get: { summary: "List the caller's webhooks", tag: 'Webhooks', query: ['range'], ok: { 200: arrayOf('Webhook') }, paged: true },
      post: {
        summary: 'Create a webhook (200, as the reference shows; the secret is in this response only)',
        tag: 'Webhooks',
        body: webhooksSchemas.createBody,
        ok: { 200: 'CreatedWebhook' },
      },
    },
    '/webhooks/replay/{eventType}': {
      get: {
        summary: 'Re-send the last notification of an event type',
        description:
          'A change, though the method is GET: HEAD answers 405 instead of replaying, and a request signed in with the session cookie must send `X-CSRF-Token`, as for a POST.',
        tag: 'Webhooks',
        ok: { 204: null },
        errors: [405],
      },
    },
    '/webhooks/{webhookUuid}': {
      get: { summary: 'Get a webhook', tag: 'Webhooks', ok: { 200: 'Webhook' } },
      delete: { summary: 'Delete a webhook', tag: 'Webhooks', ok: { 204: null } },
    },
    '/webhooks/{webhookUuid}/enable': { post: { summary: 'Enable a disabled webhook', tag: 'Webhooks', ok: { 200: 'Webhook' } } },
    '/webhooks/{webhookUuid}/deliveries': {
      get: { summary: 'Delivery attempts, newest first', tag: 'Webhooks', query: ['range'], ok: { 200: arrayOf('DeliveryAttempt') }, paged: true },
    },
  };
}

function webhookEvents(): Record<string, JsonSchema> {
  const headers = [
    ['X-Service-Event', 'The event type'],
    ['X-Service-Payload', 'The payload type: Interview, Job or Rating'],
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

let cached: JsonSchema | undefined;

/** The whole description; built once per process (it depends on code only). */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, JsonSchema> = {};
  for (const [path, methods] of Object.entries(apiOperations())) {
    paths[path] = Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, operationObject(method, path, op)]));
  }
  cached = {
    openapi: '3.1.1',
    info: { title: 'Video interviewing API', version: '1.0', description: DESCRIPTION },
    servers: [{ url: '/v1.0' }],
    tags: ['Session', 'Identity', 'Users', 'Jobs', 'Interviews', 'Candidate', 'Question sets', 'Share links', 'Public', 'Webhooks', 'Meta'].map((name) => ({
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
  return cached;
}
