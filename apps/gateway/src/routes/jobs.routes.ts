import { Router } from 'express';
import { z } from 'zod';
import { JOB_STATUSES, jobJson } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf } from '../http/operation';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { JOB_LIST } from './list-queries';
import { nameField } from './request-fields';

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
  })
  .superRefine((body, ctx) => {
    oneLocation(body, ctx);
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'send at least one of title, description, status, location, locality' });
    }
  });

export function jobsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const jobs = upstreams.jobs;

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
        const job = await jobs.call((c) => c.createJob, body, writeAs(res));
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
        res.json(jobJson(await jobs.call((c) => c.updateJob, { job_uuid, ...body }, writeAs(res)), { description: true }));
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

  return router;
}
