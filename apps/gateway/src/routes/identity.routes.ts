import { Router, type Request } from 'express';
import { z } from 'zod';
import { callAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { parseRange, sendPage } from '../http/paging';
import { resource } from '../http/resource';
import { isUuid, validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { identityViews as view } from './identity.views';

const name = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');
const email = z.email('must be an email address').max(254, 'at most 254 characters');

const createUserBody = z.object({ name, email, role: z.enum(['administrator', 'standard']) });
const updateUserBody = z
  .object({ name: name.optional(), email: email.optional() })
  .refine((b) => b.name !== undefined || b.email !== undefined, { message: 'send name and/or email', path: ['body'] });
const updateKeyBody = z.object({
  description: z.string().max(500, 'at most 500 characters').optional(),
  rotate: z.boolean().optional(),
});

export const identitySchemas = { createUserBody, updateUserBody, updateKeyBody };

/** A path uuid that cannot exist is a 404 like any other missing resource. */
function pathUuid(req: Request, param: string, notFoundReason: string): string {
  const value = String(req.params[param]);
  if (!isUuid(value)) throw gatewayError(GatewayErrorCode.NotFound, notFoundReason);
  return value.toLowerCase();
}

const userUuid = (req: Request) => pathUuid(req, 'userUuid', 'User not found');

/**
 * `forgetUser` drops a user's cached principal on this replica as soon as a
 * change to their credentials commits; other replicas hear of it on the bus.
 */
export function identityRoutes(upstreams: Upstreams, forgetUser: (userUuid: string) => void): Router {
  const router = Router();
  const identity = upstreams.identity;

  // The plan's job slots are counted by the jobs service: both answers are joined here.
  const jobSlots = (res: Parameters<typeof callAs>[0]) => upstreams.jobs.call((c) => c.getJobSlots, {}, callAs(res, true));

  resource(router, '/me', {
    get: async (_req, res) => {
      const me = await identity.call((c) => c.getMe, {}, callAs(res, true));
      if (me.company?.plan) me.company.plan.jobs = await jobSlots(res);
      res.json(view.me(me));
    },
  });

  resource(router, '/plan', {
    get: async (_req, res) => {
      const [plan, jobs] = await Promise.all([identity.call((c) => c.getPlan, {}, callAs(res, true)), jobSlots(res)]);
      res.json({ plan: view.plan({ ...plan, jobs }) });
    },
  });

  resource(router, '/companies/:companyUuid', {
    get: async (req, res) => {
      const company_uuid = pathUuid(req, 'companyUuid', 'Company not found');
      res.json(view.company(await identity.call((c) => c.getCompany, { company_uuid }, callAs(res, true))));
    },
  });

  resource(router, '/users', {
    get: async (req, res) => {
      const range = parseRange(req.query.range);
      const page = await identity.call((c) => c.listUsers, { range_from: range.from, range_to: range.to }, callAs(res, true));
      sendPage(res, range, page.users.map(view.companyUser), page.total);
    },
    post: async (req, res) => {
      const body = validate(createUserBody, req.body);
      res.status(201).json(view.companyUser(await identity.call((c) => c.createUser, body, callAs(res))));
    },
  });

  resource(router, '/users/:userUuid', {
    get: async (req, res) => {
      res.json(view.companyUser(await identity.call((c) => c.getUser, { user_uuid: userUuid(req) }, callAs(res, true))));
    },
    put: async (req, res) => {
      const user_uuid = userUuid(req);
      const body = validate(updateUserBody, req.body);
      // 201 on update, as the API reference shows.
      res.status(201).json(view.companyUser(await identity.call((c) => c.updateUser, { user_uuid, ...body }, callAs(res))));
    },
    delete: async (req, res) => {
      const user_uuid = userUuid(req);
      await identity.call((c) => c.deleteUser, { user_uuid }, callAs(res));
      forgetUser(user_uuid);
      res.status(204).end();
    },
  });

  resource(router, '/users/:userUuid/integration_key', {
    post: async (req, res) => {
      res.status(201).json(view.apiKey(await identity.call((c) => c.createApiKey, { user_uuid: userUuid(req) }, callAs(res))));
    },
    get: async (req, res) => {
      res.json(view.apiKey(await identity.call((c) => c.getApiKey, { user_uuid: userUuid(req) }, callAs(res, true))));
    },
    put: async (req, res) => {
      const user_uuid = userUuid(req);
      const body = validate(updateKeyBody, req.body);
      const key = await identity.call((c) => c.updateApiKey, { user_uuid, description: body.description, rotate: body.rotate ?? false }, callAs(res));
      if (body.rotate) forgetUser(user_uuid);
      res.status(201).json(view.apiKey(key));
    },
    delete: async (req, res) => {
      const user_uuid = userUuid(req);
      await identity.call((c) => c.deleteApiKey, { user_uuid }, callAs(res));
      forgetUser(user_uuid);
      res.status(204).end();
    },
  });

  return router;
}
