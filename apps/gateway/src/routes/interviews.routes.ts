import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  chatMessageJson,
  INTERVIEW_STATUSES,
  INTERVIEW_TYPES,
  interviewJson,
  questionJson,
  recordingJson,
  TAKE_CONTENT_TYPES,
  takeJson,
  type interviews as InterviewsMessages,
} from '@vi/contracts';
import { AppError, validationFailed } from '@vi/platform-errors';
import { readAs, readAsGateway, writeAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf, ref, requestSchema, VIDEO, VIDEO_REDIRECT, type JsonSchema } from '../http/operation';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import { sendVideoStream, VIDEO_STREAM_DEADLINE_MS } from '../http/video-stream';
import { interviewPageWithShareLinkUrls, withShareLinkUrls } from '../upstream/share-link-urls';
import type { Upstreams } from '../upstream/upstreams';
import { INTERVIEW_LIST } from './list-queries';
import { assigneeFields, canonicalLanguage, languageField as language, phonesTogether, questionFields, questionInput, timestampField } from './request-fields';

type InterviewMessage = InterviewsMessages.Interview;

const timestamp = timestampField;
const timezone = z.string().refine(isTimeZone, 'must be a tz database name, for example Europe/Paris');

// Building a DateTimeFormat to ask whether a zone exists costs about a millisecond here (it loads the zone's rules):
// names found valid are remembered (IANA has about 600; the bound guards against a flood of odd spellings).
const knownTimeZones = new Set<string>();
const MAX_KNOWN_TIME_ZONES = 1_000;

function isTimeZone(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (knownTimeZones.size >= MAX_KNOWN_TIME_ZONES) knownTimeZones.clear();
  knownTimeZones.add(name);
  return true;
}

const { text, time_limit, takes, think_time } = questionFields;
const question = questionInput;

const assignee = z.object(assigneeFields).superRefine(phonesTogether);

const createBody = z.object({
  type: z.enum(INTERVIEW_TYPES),
  scheduled_at: timestamp,
  // One object or an array: the route sends it here as an array either way.
  assigned_to: z.array(assignee).min(1, 'at least one assignee').max(100, 'at most 100 assignees'),
  email_message: z.string().max(5_000, 'at most 5000 characters').default(''),
  job_post: z.object({ uuid: z.uuid('must be a job uuid') }),
  questions: z.array(question).max(50, 'at most 50 questions').default([]),
  interview_question_set: z.uuid('must be a question set uuid').optional(),
  timezone: timezone.default('UTC'),
  language: language.default('en'),
  has_sms_consent: z.boolean().default(false),
});

const updateBody = z
  .object({
    scheduled_at: timestamp.optional(),
    status: z.enum(INTERVIEW_STATUSES).optional(),
    rating: z.number().min(0, 'must be 0 to 5').max(5, 'must be 0 to 5').multipleOf(0.5, 'must be a multiple of 0.5').optional(),
  })
  .refine((b) => b.scheduled_at !== undefined || b.status !== undefined || b.rating !== undefined, {
    message: 'send scheduled_at, status and/or rating',
    path: ['body'],
  });

const updateQuestionBody = z
  .object({ text: text.optional(), time_limit: time_limit.optional(), takes: takes.optional(), think_time: think_time.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'send text, time_limit, takes and/or think_time', path: ['body'] });

/** The route validators, for their specs (request-fields.spec.ts). */
export const interviewsSchemas = { question, updateQuestionBody };

const startRecordingBody = z.object({ content_type: z.enum(TAKE_CONTENT_TYPES) });

/** A recording part's number from its path: 0, 1, 2 … */
function partNumber(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw validationFailed([{ field: 'n', reason: 'must be the part number: 0, 1, 2 …', code: 'invalid_value' }]);
  return Number(raw);
}

/** Single assignee object or an array of them: the route accepts both (an array answers an array). */
function interviewCreateSchema(): JsonSchema {
  const schema = requestSchema(createBody) as { properties: Record<string, JsonSchema> };
  const list = schema.properties.assigned_to;
  schema.properties.assigned_to = { anyOf: [list.items as JsonSchema, list] };
  return schema as JsonSchema;
}

/** The interview and question a `/interviews/:interviewUuid/questions/:questionUuid…` path names. */
function questionRef(req: Request): { interview_uuid: string; question_uuid: string } {
  return { interview_uuid: pathUuid(req, 'interviewUuid'), question_uuid: pathUuid(req, 'questionUuid') };
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

/**
 * The company's interviews, questions, takes and call recordings. `uploadTimeoutMs`: HTTP_UPLOAD_TIMEOUT_MS, the
 * bound of a recording part's upload and of ending a recording (its parts are joined then).
 */
export function interviewsRoutes(upstreams: Upstreams, options: { uploadTimeoutMs: number }): Router {
  const router = Router();
  const interviews = upstreams.interviews;
  const withUrls = async (res: Response, list: InterviewMessage[]) => withShareLinkUrls(upstreams.sharing, list, readAsGateway(res));

  resource(router, '/interviews', {
    get: {
      summary: 'List interviews (without questions)',
      tag: 'Interviews',
      ok: { 200: arrayOf('Interview') },
      ...listRoute({
        query: INTERVIEW_LIST,
        fetch: ({ query, range, res }) =>
          interviews.call((c) => c.listInterviews, { types: query.types, statuses: query.statuses, orderby: query.orderby, ...range }, readAs(res)),
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
        'The interview shows its `language`.',
      body: createBody,
      bodySchema: interviewCreateSchema(),
      ok: { 201: { anyOf: [ref('Interview'), arrayOf('Interview')] } },
      handler: async (req, res) => {
        const raw = (req.body ?? {}) as { assigned_to?: unknown };
        const single = raw.assigned_to !== undefined && !Array.isArray(raw.assigned_to);
        const body = validateAssignees(() => validate(createBody, single ? { ...raw, assigned_to: [raw.assigned_to] } : raw), single);
        const created = await interviews.call(
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
          },
          writeAs(res),
        );
        const rendered = created.interviews.map((i) => interviewJson(i, { questions: true }));
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
        const found = await interviews.call((c) => c.getInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        res.json(interviewJson((await withUrls(res, [found]))[0], { questions: true }));
      },
    },
    put: {
      summary: 'Reschedule, cancel, complete or rate (201, as the reference shows)',
      tag: 'Interviews',
      body: updateBody,
      ok: { 201: 'Interview' },
      handler: async (req, res) => {
        const interview_uuid = pathUuid(req, 'interviewUuid');
        const body = validate(updateBody, req.body);
        const updated = await interviews.call((c) => c.updateInterview, { interview_uuid, ...body }, writeAs(res));
        // 201 on update, as the reference shows.
        res.status(201).json(interviewJson((await withUrls(res, [updated]))[0], { questions: true }));
      },
    },
    delete: {
      summary: 'Delete an interview',
      tag: 'Interviews',
      ok: { 204: null },
      handler: async (req, res) => {
        await interviews.call((c) => c.deleteInterview, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/questions', {
    get: {
      summary: "An interview's questions",
      tag: 'Interviews',
      ok: { 200: arrayOf('Question') },
      handler: async (req, res) => {
        const list = await interviews.call((c) => c.listQuestions, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        res.json(list.questions.map(questionJson));
      },
    },
    post: {
      summary: 'Add a question (200, as the reference shows)',
      tag: 'Interviews',
      body: question,
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        const interview_uuid = pathUuid(req, 'interviewUuid');
        const body = validate(question, req.body);
        // 200 on create, as the reference shows.
        res.json(questionJson(await interviews.call((c) => c.createQuestion, { interview_uuid, question: body }, writeAs(res))));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/questions/:questionUuid', {
    get: {
      summary: 'Get a question',
      tag: 'Interviews',
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        res.json(questionJson(await interviews.call((c) => c.getQuestion, questionRef(req), readAs(res))));
      },
    },
    put: {
      summary: 'Change a question',
      tag: 'Interviews',
      body: updateQuestionBody,
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        const body = validate(updateQuestionBody, req.body);
        res.json(questionJson(await interviews.call((c) => c.updateQuestion, { ...questionRef(req), ...body }, writeAs(res))));
      },
    },
    delete: {
      summary: 'Delete a question',
      tag: 'Interviews',
      ok: { 204: null },
      handler: async (req, res) => {
        await interviews.call((c) => c.deleteQuestion, questionRef(req), writeAs(res));
        res.status(204).end();
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/questions/:questionUuid/takes', {
    get: {
      summary: "A question's takes, once the interview is completed or expired (403 before)",
      tag: 'Interviews',
      ok: { 200: arrayOf('Take') },
      handler: async (req, res) => {
        const list = await interviews.call((c) => c.listTakes, questionRef(req), readAs(res));
        res.json(list.takes.map(takeJson));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/questions/:questionUuid/takes/:takeUuid/video', {
    get: {
      summary: 'A take video, whole or by byte range (once the interview is completed or expired)',
      tag: 'Interviews',
      ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
      errors: [416],
      handler: async (req, res) => {
        const ref = { ...questionRef(req), take_uuid: pathUuid(req, 'takeUuid') };
        await sendVideoStream(req, res, (range) =>
          interviews.serverStream(
            (c) => c.streamTakeVideo,
            { ...ref, ...range },
            { ...readAs(res), deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) },
          ),
        );
      },
    },
  });

  // Decision 040: an interviewer's browser records the call and sends it in parts while it goes on.
  const recordingRef = (req: Request) => ({ interview_uuid: pathUuid(req, 'interviewUuid'), recording_uuid: pathUuid(req, 'recordingUuid') });
  resource(router, '/interviews/:interviewUuid/recordings', {
    get: {
      summary: "A live interview's call recordings, oldest first",
      description:
        'A call left and rejoined may give several. One still being recorded, or whose parts are still being joined into one video (a few seconds after it ends), has `ended_at` and `duration_seconds` null.',
      tag: 'Interviews',
      ok: { 200: arrayOf('Recording') },
      handler: async (req, res) => {
        const list = await interviews.call((c) => c.listRecordings, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        res.json(list.recordings.map(recordingJson));
      },
    },
    post: {
      summary: "Start recording the call (an interviewer's browser)",
      description:
        'Then send the video in parts while the call goes on (`PUT …/parts/<n>`) and end it (`POST …/end`). A recording whose parts stop coming for `RECORDING_IDLE_FINISH` (2 minutes) is ended by the service, keeping what arrived. Live interviews only, while they can be held: inside the join window (400 `api.interview_join_not_open` before it, `api.interview_expired` after; decision 040).',
      tag: 'Interviews',
      body: startRecordingBody,
      ok: { 201: 'Recording' },
      handler: async (req, res) => {
        const body = validate(startRecordingBody, req.body);
        const started = await interviews.call(
          (c) => c.startRecording,
          { interview_uuid: pathUuid(req, 'interviewUuid'), content_type: body.content_type },
          writeAs(res),
        );
        res.status(201).json(recordingJson(started));
      },
    },
  });

  // Decision 039: the text chat of the call, kept with the interview; the company reads it here, the candidate never.
  resource(router, '/interviews/:interviewUuid/chat', {
    get: {
      summary: "A live interview's call chat, oldest first",
      description:
        'Every message written in the call by its participants (the candidate and the company’s users), as plain text, with its time into the call: `offset_seconds` counts from the call’s start, its first participant admitted. A call keeps at most 500 messages of at most 2000 characters. Any user of the company, whatever the interview’s status; a candidate’s token is answered 404, as on the other company reads.',
      tag: 'Interviews',
      ok: { 200: arrayOf('ChatMessage') },
      ...listRoute({
        fetch: ({ req, range, res }) =>
          interviews.call((c) => c.listChatMessages, { interview_uuid: pathUuid(req, 'interviewUuid'), ...range, in_call: false }, readAs(res)),
        page: (page) => ({ items: page.messages.map(chatMessageJson), total: page.total }),
      }),
    },
  });

  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/parts/:n', {
    put: {
      summary: 'Send part n of a recording (the bytes are the body)',
      description:
        "Parts are numbered 0, 1, 2 … and sent in order, each once the one before it was answered (409 `api.recording_part_out_of_order` otherwise); appended in order they make the video (MediaRecorder chunks of WebM or fragmented MP4). A part already received is answered 204 again and ignored, so a lost answer can be retried. Part 0 must start the container of the recording's `content_type` and hold at least its first 8 bytes (400 `api.take_not_video`; Chromium's MediaRecorder may hand its first byte over alone, so gather chunks until they reach that). 409 `api.recording_ended` once the recording has ended; 413 `api.recording_too_large` (a part over 64 MiB, or more than `MAX_TAKE_BITRATE` since the recording started) or `api.interview_media_quota_exceeded` (the interview's `MAX_INTERVIEW_MEDIA_BYTES`, shared with its takes).",
      tag: 'Interviews',
      body: 'video',
      ok: { 204: null },
      errors: [409],
      handler: async (req, res) => {
        const header = { ...recordingRef(req), number: partNumber(String(req.params.n)) };
        // The bytes go to the interviews service as they arrive, whatever their Content-Type: never whole in memory.
        const messages = async function* () {
          yield { header, data: Buffer.alloc(0) };
          for await (const chunk of req) yield { data: chunk as Buffer };
        };
        await interviews.clientStream((c) => c.uploadRecordingPart, messages(), {
          ...writeAs(res),
          deadline: new Date(Date.now() + options.uploadTimeoutMs),
        });
        res.status(204).end();
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/end', {
    post: {
      summary: 'End a recording: its parts are joined into one video and measured',
      description: 'Ending an ended recording answers it as it is. A recording that received no part is not kept.',
      tag: 'Interviews',
      ok: { 200: 'Recording' },
      handler: async (req, res) => {
        const ended = await interviews.call((c) => c.endRecording, recordingRef(req), {
          ...writeAs(res),
          deadline: new Date(Date.now() + options.uploadTimeoutMs),
        });
        res.json(recordingJson(ended));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/recordings/:recordingUuid/video', {
    get: {
      summary: "A recording's video, whole or by byte range",
      description: '409 `api.recording_in_progress` until the recording has ended.',
      tag: 'Interviews',
      ok: { 200: VIDEO, 206: VIDEO, 307: VIDEO_REDIRECT },
      errors: [409, 416],
      handler: async (req, res) => {
        await sendVideoStream(req, res, (range) =>
          interviews.serverStream(
            (c) => c.streamRecordingVideo,
            { ...recordingRef(req), ...range },
            { ...readAs(res), deadline: new Date(Date.now() + VIDEO_STREAM_DEADLINE_MS) },
          ),
        );
      },
    },
  });

  return router;
}
