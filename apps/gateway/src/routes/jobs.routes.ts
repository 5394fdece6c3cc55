import express, { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { JOB_STATUSES, jobJson, TAKE_CONTENT_TYPES, type jobs as JobsMessages } from '@vi/contracts';
import { AppError, ErrorKind, validationFailed } from '@vi/platform-errors';
import { readAs, writeAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf } from '../http/operation';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { JOB_LIST } from './list-queries';
import { nameField, questionInput, timestampField } from './request-fields';

const description = z.string().max(20_000, 'at most 20000 characters');
const status = z.enum(JOB_STATUSES);
const place = z.string().trim().max(200, 'at most 200 characters');
const location = z.object({
  city: place.min(1, 'must not be empty'),
  state: place.default(''),
  country: place.min(1, 'must not be empty'),
});
const locality = z.object({ work_mode: z.enum(['remote', 'on_site', 'hybrid']), work_place: place.default('') }).superRefine((value, ctx) => {
  if (value.work_mode === 'remote' && value.work_place !== '') {
    ctx.addIssue({ code: 'custom', path: ['work_place'], message: 'must be empty for remote work' });
  }
  if (value.work_mode !== 'remote' && value.work_place === '') {
    ctx.addIssue({ code: 'custom', path: ['work_place'], message: 'is required for on_site and hybrid work' });
  }
});

/** Decision 045: the job's open interview; absent fields keep their value, `questions` or a question set replace the questions. */
const openInterview = z
  .object({
    status,
    expires_at: timestampField.optional(),
    questions: z.array(questionInput).min(1, 'at least one question').max(50, 'at most 50 questions').optional(),
    interview_question_set: z.uuid('must be a question set uuid').optional(),
    applications_per_day: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be 1 to 10000')
      .max(10_000, 'must be 1 to 10000')
      .optional()
      .meta({ description: 'Applications the link takes in a day (UTC); absent keeps the current value (default 200). Decision 045' }),
  })
  .superRefine((open, ctx) => {
    if (open.questions !== undefined && open.interview_question_set !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['interview_question_set'], message: 'send either questions or interview_question_set, not both' });
    }
  });

const oneLocation = (body: { location?: unknown; locality?: unknown }, ctx: z.RefinementCtx) => {
  if (body.location !== undefined && body.locality !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['locality'], message: 'send either location or locality, not both' });
  }
};

const createBody = z
  .object({
    title: nameField,
    description: description.default(''),
    status: status.default('active'),
    location: location.optional(),
    locality: locality.optional(),
    open_interview: openInterview.optional(),
  })
  .superRefine((body, ctx) => {
    oneLocation(body, ctx);
    if (body.location === undefined && body.locality === undefined) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: 'send location {city, state, country} or locality {work_mode, work_place}' });
    }
  });

const updateBody = z
  .object({
    title: nameField.optional(),
    description: description.optional(),
    status: status.optional(),
    location: location.optional(),
    locality: locality.optional(),
    open_interview: openInterview.optional(),
  })
  .superRefine((body, ctx) => {
    oneLocation(body, ctx);
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'send at least one of title, description, status, location, locality, open_interview' });
    }
  });

/** `uploadTimeoutMs`: HTTP_UPLOAD_TIMEOUT_MS, the bound of a job video's upload, also the deadline of its gRPC stream. */
export function jobsRoutes(upstreams: Upstreams, options: { uploadTimeoutMs: number }): Router {
  const router = Router();
  const jobs = upstreams.jobs;

  /** The open interview as jobs takes it: a question set is read here, as the caller, and its questions copied. */
  async function openInterviewInput(open: z.output<typeof openInterview> | undefined, res: Response): Promise<JobsMessages.OpenInterviewInput | undefined> {
    if (!open) return undefined;
    let questions: JobsMessages.OpenInterviewQuestionInput[] | undefined = open.questions?.map((q) => ({ ...q }));
    if (open.interview_question_set !== undefined) {
      const set = await upstreams.questionSets
        .call((c) => c.getQuestionSet, { question_set_uuid: open.interview_question_set }, readAs(res))
        .catch((error: unknown) => {
          if (error instanceof AppError && error.kind === ErrorKind.NotFound) {
            throw validationFailed([{ field: 'open_interview.interview_question_set', reason: 'no such question set in your company', code: 'invalid_value' }]);
          }
          throw error;
        });
      questions = set.questions.map((q) => ({ text: q.text, time_limit: q.time_limit, takes: q.takes, think_time: q.think_time }));
    }
    return {
      status: open.status,
      expires_at: open.expires_at,
      replace_questions: questions !== undefined,
      questions: questions ?? [],
      applications_per_day: open.applications_per_day,
    };
  }

  resource(router, '/jobs', {
    get: {
      summary: 'List jobs (without description)',
      tag: 'Jobs',
      ok: { 200: arrayOf('Job') },
      // The service renders the page as the API's JSON (decision 023): it is sent as it came.
      ...listRoute({
        query: JOB_LIST,
        fetch: ({ query, range, res }) => jobs.call((c) => c.listJobs, { statuses: query.statuses, orderby: query.orderby, ...range }, readAs(res)),
        page: (rendered) => rendered,
      }),
    },
    post: {
      summary: 'Create a job',
      tag: 'Jobs',
      body: createBody,
      ok: { 201: 'Job' },
      handler: async (req, res) => {
        const body = validate(createBody, req.body);
        const job = await jobs.call((c) => c.createJob, { ...body, open_interview: await openInterviewInput(body.open_interview, res) }, writeAs(res));
        res.status(201).json(jobJson(job, { description: true }));
      },
    },
  });

  resource(router, '/jobs/:jobUuid', {
    get: {
      summary: 'Get a job',
      tag: 'Jobs',
      ok: { 200: 'Job' },
      handler: async (req, res) => {
        res.json(jobJson(await jobs.call((c) => c.getJob, { job_uuid: pathUuid(req, 'jobUuid') }, readAs(res)), { description: true }));
      },
    },
    put: {
      summary: 'Change a job',
      tag: 'Jobs',
      body: updateBody,
      ok: { 200: 'Job' },
      handler: async (req, res) => {
        const job_uuid = pathUuid(req, 'jobUuid');
        const body = validate(updateBody, req.body);
        const open_interview = await openInterviewInput(body.open_interview, res);
        res.json(jobJson(await jobs.call((c) => c.updateJob, { job_uuid, ...body, open_interview }, writeAs(res)), { description: true }));
      },
    },
    delete: {
      summary: 'Delete a job',
      tag: 'Jobs',
      ok: { 204: null },
      handler: async (req, res) => {
        await jobs.call((c) => c.deleteJob, { job_uuid: pathUuid(req, 'jobUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  resource(router, '/jobs/:jobUuid/video', {
    put: {
      summary: "Set the job's video (the video is the body)",
      description:
        'The recruiter introducing the role (decision 046), shown to candidates on their interview page and to applicants of the open interview. ' +
        '`video/webm` or `video/mp4`, at most 3 minutes long as measured from its container (400 `api.job_video_too_long`) and `MAX_JOB_VIDEO_BYTES` ' +
        '(200 MiB by default; 413 `api.job_video_too_large`); a body that is not such a video is 400 `api.job_video_not_video` and changes nothing. ' +
        "Replaces the job's video: the previous one's `url` answers 404 from then on. Raises `JobUpdated`; answers the job.",
      tag: 'Jobs',
      body: 'measured_video',
      ok: { 200: 'Job' },
      handler: async (req, res) => {
        const header = { job_uuid: pathUuid(req, 'jobUuid'), content_type: (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase() };
        if (!(TAKE_CONTENT_TYPES as readonly string[]).includes(header.content_type)) throw gatewayError(GatewayErrorCode.UnsupportedMediaType);
        // The body goes to the jobs service as it arrives: never whole in memory.
        const messages = async function* () {
          yield { header, data: Buffer.alloc(0) };
          for await (const chunk of req) yield { data: chunk as Buffer };
        };
        const job = await jobs.clientStream((c) => c.setJobVideo, messages(), { ...writeAs(res), deadline: new Date(Date.now() + options.uploadTimeoutMs) });
        res.json(jobJson(job, { description: true }));
      },
    },
    delete: {
      summary: "Remove the job's video",
      description:
        'Its `url` answers 404 from then on and the job shows `job_video: null`; raises `JobUpdated`. 404 `api.job_video_not_found` when the job has none.',
      tag: 'Jobs',
      ok: { 204: null },
      handler: async (req, res) => {
        await jobs.call((c) => c.removeJobVideo, { job_uuid: pathUuid(req, 'jobUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  resource(router, '/jobs/:jobUuid/video/captions', {
    put: {
      summary: "Set the job video's captions (a WebVTT file is the body)",
      description:
        'Captions shown by default under the job video on the candidate and apply pages (issue 42). `text/vtt` (anything else 415 `api.unsupported_media_type`), ' +
        'at most 1 MB (413 `api.payload_too_large`), UTF-8, beginning with `WEBVTT`, every cue timing `hh:mm:ss.ttt --> hh:mm:ss.ttt` ending after it starts, ' +
        'at least one cue; else 400 `api.captions_invalid` naming the line, and nothing changes. 404 `api.job_video_not_found` when the job has no video. ' +
        "Replaces the video's captions; a new video (`PUT /jobs/<uuid>/video`) comes without captions, and removing the video removes them. " +
        "The job's `job_video.captions_url` serves them without a key. Raises `JobUpdated`; answers the job.",
      tag: 'Jobs',
      body: 'captions',
      ok: { 200: 'Job' },
      handler: [
        requireCaptionsType,
        // Read whole (at most 1 MB): the jobs service checks the file before storing anything.
        express.raw({ type: () => true, limit: MAX_CAPTIONS_BODY }),
        async (req, res) => {
          const vtt = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const job = await jobs.call((c) => c.setJobVideoCaptions, { job_uuid: pathUuid(req, 'jobUuid'), vtt }, writeAs(res));
          res.json(jobJson(job, { description: true }));
        },
      ],
    },
    delete: {
      summary: "Remove the job video's captions",
      description:
        'The video shows `captions_url: null` from then on, and the old URL answers 404; raises `JobUpdated`. 404 `api.job_video_captions_not_found` when the video has none, `api.job_video_not_found` when the job has no video.',
      tag: 'Jobs',
      ok: { 204: null },
      handler: async (req, res) => {
        await jobs.call((c) => c.removeJobVideoCaptions, { job_uuid: pathUuid(req, 'jobUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  return router;
}

/** The body limit of captions, as of JSON bodies (decision 017): 1 MB. */
const MAX_CAPTIONS_BODY = '1mb';

/** Captions come as `text/vtt` (a charset parameter, if any, must say UTF-8: the file is checked as UTF-8). */
const requireCaptionsType: RequestHandler = (req, _res, next) => {
  const [type, ...parameters] = (req.get('content-type') ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  const utf8 = charset === undefined || charset === 'utf-8' || charset === 'utf8';
  next(type === 'text/vtt' && utf8 ? undefined : gatewayError(GatewayErrorCode.UnsupportedMediaType, 'Send the captions as text/vtt (UTF-8)'));
};
