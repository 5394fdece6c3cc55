import { Router, type Request } from 'express';
import { z } from 'zod';
import { jobJson } from '@vi/contracts';
import { callAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { sendRenderedPage } from '../http/paging';
import { resource } from '../http/resource';
import { isUuid, validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { parseJobListQuery } from './jobs.query';

const title = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');
const description = z.string().max(20_000, 'at most 20000 characters');
const status = z.enum(['active', 'inactive']);
const place = z.string().trim().max(200, 'at most 200 characters');
const location = z.object({
  city: place.min(1, 'must not be empty'),
  state: place.default(''),
  country: place.min(1, 'must not be empty'),
});
const locality = z
  .object({ work_mode: z.enum(['remote', 'on_site', 'hybrid']), work_place: place.default('') })
  .superRefine((value, ctx) => {
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
  .object({ title, description: description.default(''), status: status.default('active'), location: location.optional(), locality: locality.optional() })
  .superRefine((body, ctx) => {
    oneLocation(body, ctx);
    if (body.location === undefined && body.locality === undefined) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: 'send location {city, state, country} or locality {work_mode, work_place}' });
    }
  });

const updateBody = z
  .object({ title: title.optional(), description: description.optional(), status: status.optional(), location: location.optional(), locality: locality.optional() })
  .superRefine((body, ctx) => {
    oneLocation(body, ctx);
    if (Object.values(body).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'send at least one of title, description, status, location, locality' });
    }
  });

export const jobsSchemas = { createBody, updateBody };

function jobUuid(req: Request): string {
  const value = String(req.params.jobUuid);
  if (!isUuid(value)) throw gatewayError(GatewayErrorCode.NotFound, 'Job not found');
  return value.toLowerCase();
}

export function jobsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const jobs = upstreams.jobs;

  resource(router, '/jobs', {
    get: async (req, res) => {
      const query = parseJobListQuery(req.query);
      const page = await jobs.call(
        (c) => c.listJobs,
        { statuses: query.statuses, orderby: query.orderby, range_from: query.range.from, range_to: query.range.to },
        callAs(res, true),
      );
      sendRenderedPage(res, query.range, page);
    },
    post: async (req, res) => {
      const body = validate(createBody, req.body);
      const job = await jobs.call((c) => c.createJob, body, callAs(res));
      res.status(201).json(jobJson(job, { description: true }));
    },
  });

  resource(router, '/jobs/:jobUuid', {
    get: async (req, res) => {
      res.json(jobJson(await jobs.call((c) => c.getJob, { job_uuid: jobUuid(req) }, callAs(res, true)), { description: true }));
    },
    put: async (req, res) => {
      const job_uuid = jobUuid(req);
      const body = validate(updateBody, req.body);
      res.json(jobJson(await jobs.call((c) => c.updateJob, { job_uuid, ...body }, callAs(res)), { description: true }));
    },
    delete: async (req, res) => {
      await jobs.call((c) => c.deleteJob, { job_uuid: jobUuid(req) }, callAs(res));
      res.status(204).end();
    },
  });

  return router;
}
