import { Router, type Response } from 'express';
import { z } from 'zod';
import { apiKeyJson, COMPANY_USER_ROLES, companyJson, companyUserJson, meJson, planJson } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf, ref } from '../http/operation';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { descriptionField, emailField, nameField } from './request-fields';

const createUserBody = z.object({ name: nameField, email: emailField, role: z.enum(COMPANY_USER_ROLES) });
const updateUserBody = z
  .object({ name: nameField.optional(), email: emailField.optional() })
  .refine((b) => b.name !== undefined || b.email !== undefined, { message: 'send name and/or email', path: ['body'] });
const updateKeyBody = z.object({
  description: descriptionField.optional(),
  rotate: z.boolean().optional(),
});

/**
 * `forgetUser` drops a user's cached principal on this replica as soon as a
 * change to their credentials commits; other replicas hear of it on the bus.
 */
export function identityRoutes(upstreams: Upstreams, forgetUser: (userUuid: string) => void): Router {
  const router = Router();
  const identity = upstreams.identity;

  // The plan's job slots are counted by the jobs service: both answers are joined here.
  const jobSlots = (res: Response) => upstreams.jobs.call((c) => c.getJobSlots, {}, readAs(res));

  resource(router, '/me', {
    get: {
      summary: 'The caller: user, company and plan (API key or candidate token)',
      tag: 'Identity',
      security: 'key_or_candidate',
      ok: { 200: 'Me' },
      handler: async (_req, res) => {
        const me = await identity.call((c) => c.getMe, {}, readAs(res));
        if (me.company?.plan) me.company.plan.jobs = await jobSlots(res);
        res.json(meJson(me));
      },
    },
  });

  resource(router, '/plan', {
    get: {
      summary: "The company's plan",
      tag: 'Identity',
      ok: { 200: { type: 'object', properties: { plan: ref('Plan') }, required: ['plan'], additionalProperties: false } },
      handler: async (_req, res) => {
        const [plan, jobs] = await Promise.all([identity.call((c) => c.getPlan, {}, readAs(res)), jobSlots(res)]);
        res.json({ plan: planJson({ ...plan, jobs }) });
      },
    },
  });

  resource(router, '/companies/:companyUuid', {
    get: {
      summary: "The caller's company",
      tag: 'Identity',
      ok: { 200: 'Company' },
      handler: async (req, res) => {
        res.json(companyJson(await identity.call((c) => c.getCompany, { company_uuid: pathUuid(req, 'companyUuid') }, readAs(res))));
      },
    },
  });

  resource(router, '/users', {
    get: {
      summary: "List the company's users",
      tag: 'Users',
      ok: { 200: arrayOf('CompanyUser') },
      ...listRoute({
        fetch: ({ range, res }) => identity.call((c) => c.listUsers, range, readAs(res)),
        page: (page) => ({ items: page.users.map(companyUserJson), total: page.total }),
      }),
    },
    post: {
      summary: 'Create a user',
      tag: 'Users',
      body: createUserBody,
      ok: { 201: 'CompanyUser' },
      handler: async (req, res) => {
        const body = validate(createUserBody, req.body);
        res.status(201).json(companyUserJson(await identity.call((c) => c.createUser, body, writeAs(res))));
      },
    },
  });

  resource(router, '/users/:userUuid', {
    get: {
      summary: 'Get a user',
      tag: 'Users',
      ok: { 200: 'CompanyUser' },
      handler: async (req, res) => {
        res.json(companyUserJson(await identity.call((c) => c.getUser, { user_uuid: pathUuid(req, 'userUuid') }, readAs(res))));
      },
    },
    put: {
      summary: 'Change a user (201, as the reference shows)',
      tag: 'Users',
      body: updateUserBody,
      ok: { 201: 'CompanyUser' },
      errors: [409],
      handler: async (req, res) => {
        const user_uuid = pathUuid(req, 'userUuid');
        const body = validate(updateUserBody, req.body);
        const updated = await identity.call((c) => c.updateUser, { user_uuid, ...body }, writeAs(res));
        // A new address ends the user's sessions (decision 034): on this replica now, on the others by identity.session.revoked.
        if (body.email !== undefined) forgetUser(user_uuid);
        // 201 on update, as the API reference shows.
        res.status(201).json(companyUserJson(updated));
      },
    },
    delete: {
      summary: 'Delete a user',
      tag: 'Users',
      ok: { 204: null },
      handler: async (req, res) => {
        const user_uuid = pathUuid(req, 'userUuid');
        await identity.call((c) => c.deleteUser, { user_uuid }, writeAs(res));
        forgetUser(user_uuid);
        res.status(204).end();
      },
    },
  });

  resource(router, '/users/:userUuid/integration_key', {
    post: {
      summary: "Create the user's API key",
      tag: 'Users',
      ok: { 201: 'ApiKey' },
      handler: async (req, res) => {
        res.status(201).json(apiKeyJson(await identity.call((c) => c.createApiKey, { user_uuid: pathUuid(req, 'userUuid') }, writeAs(res))));
      },
    },
    get: {
      summary: "Read the user's API key",
      tag: 'Users',
      ok: { 200: 'ApiKey' },
      handler: async (req, res) => {
        res.json(apiKeyJson(await identity.call((c) => c.getApiKey, { user_uuid: pathUuid(req, 'userUuid') }, readAs(res))));
      },
    },
    put: {
      summary: 'Describe or rotate the API key',
      tag: 'Users',
      body: updateKeyBody,
      ok: { 201: 'ApiKey' },
      handler: async (req, res) => {
        const user_uuid = pathUuid(req, 'userUuid');
        const body = validate(updateKeyBody, req.body);
        const key = await identity.call((c) => c.updateApiKey, { user_uuid, description: body.description, rotate: body.rotate ?? false }, writeAs(res));
        if (body.rotate) forgetUser(user_uuid);
        res.status(201).json(apiKeyJson(key));
      },
    },
    delete: {
      summary: 'Delete the API key',
      tag: 'Users',
      ok: { 204: null },
      handler: async (req, res) => {
        const user_uuid = pathUuid(req, 'userUuid');
        await identity.call((c) => c.deleteApiKey, { user_uuid }, writeAs(res));
        forgetUser(user_uuid);
        res.status(204).end();
      },
    },
  });

  return router;
}
