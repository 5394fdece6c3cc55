import { Router } from 'express';
import { z } from 'zod';
import { advancedShareLinkJson, basicShareLinkJson, SHARE_LINK_STATUSES } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf } from '../http/operation';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { emailField, nameField } from './request-fields';

const statusBody = z.object({ status: z.enum(SHARE_LINK_STATUSES) });

const createBody = z.object({
  status: z.enum(SHARE_LINK_STATUSES).default('active'),
  send_email: z.boolean().default(false),
  reviewers: z
    .array(z.object({ name: nameField, email: emailField }))
    .min(1, 'at least one reviewer')
    .max(50, 'at most 50 reviewers')
    .superRefine((reviewers, ctx) => {
      const seen = new Set<string>();
      reviewers.forEach((r, index) => {
        const email = r.email.toLowerCase();
        if (seen.has(email)) ctx.addIssue({ code: 'custom', path: [index, 'email'], message: 'each reviewer once' });
        seen.add(email);
      });
    }),
  interviews: z
    .array(z.object({ uuid: z.uuid('must be an interview uuid') }))
    .min(1, 'at least one interview')
    .max(50, 'at most 50 interviews'),
});

/** Basic share links (one per interview) and advanced share links (one per reviewer), for company users. */
export function shareLinksRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const sharingService = upstreams.sharing;

  resource(router, '/interviews/:interviewUuid/share_link', {
    get: {
      summary: "The interview's basic share link",
      tag: 'Share links',
      ok: { 200: 'BasicShareLink' },
      handler: async (req, res) => {
        res.json(basicShareLinkJson(await sharingService.call((c) => c.getBasicShareLink, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res))));
      },
    },
    post: {
      summary: 'Create the basic share link (once; later calls return it)',
      tag: 'Share links',
      ok: { 201: 'BasicShareLink' },
      handler: async (req, res) => {
        res
          .status(201)
          .json(basicShareLinkJson(await sharingService.call((c) => c.createBasicShareLink, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res))));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/share_link/:linkUuid', {
    get: {
      summary: 'Get the basic share link',
      tag: 'Share links',
      ok: { 200: 'BasicShareLink' },
      handler: async (req, res) => {
        const ref = { interview_uuid: pathUuid(req, 'interviewUuid'), link_uuid: pathUuid(req, 'linkUuid') };
        res.json(basicShareLinkJson(await sharingService.call((c) => c.getBasicShareLink, ref, readAs(res))));
      },
    },
    put: {
      summary: 'Activate or deactivate it (201, as the reference shows)',
      tag: 'Share links',
      body: statusBody,
      ok: { 201: 'BasicShareLink' },
      handler: async (req, res) => {
        const ref = { interview_uuid: pathUuid(req, 'interviewUuid'), link_uuid: pathUuid(req, 'linkUuid') };
        const body = validate(statusBody, req.body);
        // 201 on update, as the reference shows.
        res.status(201).json(basicShareLinkJson(await sharingService.call((c) => c.updateBasicShareLink, { ...ref, ...body }, writeAs(res))));
      },
    },
  });

  resource(router, '/share_links', {
    get: {
      summary: 'List advanced share links',
      tag: 'Share links',
      ok: { 200: arrayOf('AdvancedShareLink') },
      // Newest first (decision 015).
      ...listRoute({
        fetch: ({ range, res }) => sharingService.call((c) => c.listAdvancedShareLinks, range, readAs(res)),
        page: (page) => ({ items: page.links.map((l) => advancedShareLinkJson(l, 'list')), total: page.total }),
      }),
    },
    post: {
      summary: 'Create advanced share links, one per reviewer',
      tag: 'Share links',
      body: createBody,
      ok: { 201: arrayOf('AdvancedShareLink') },
      handler: async (req, res) => {
        const body = validate(createBody, req.body);
        const created = await sharingService.call(
          (c) => c.createAdvancedShareLinks,
          { status: body.status, send_email: body.send_email, reviewers: body.reviewers, interview_uuids: body.interviews.map((i) => i.uuid.toLowerCase()) },
          writeAs(res),
        );
        res.status(201).json(created.links.map((l) => advancedShareLinkJson(l, 'created')));
      },
    },
  });

  resource(router, '/share_links/:linkUuid', {
    get: {
      summary: 'Get an advanced share link',
      tag: 'Share links',
      ok: { 200: 'AdvancedShareLink' },
      handler: async (req, res) => {
        res.json(
          advancedShareLinkJson(await sharingService.call((c) => c.getAdvancedShareLink, { link_uuid: pathUuid(req, 'linkUuid') }, readAs(res)), 'single'),
        );
      },
    },
    put: {
      summary: 'Activate or deactivate it (201)',
      tag: 'Share links',
      body: statusBody,
      ok: { 201: 'AdvancedShareLink' },
      handler: async (req, res) => {
        const link_uuid = pathUuid(req, 'linkUuid');
        const body = validate(statusBody, req.body);
        res
          .status(201)
          .json(advancedShareLinkJson(await sharingService.call((c) => c.updateAdvancedShareLink, { link_uuid, ...body }, writeAs(res)), 'single'));
      },
    },
    delete: {
      summary: 'Delete it',
      tag: 'Share links',
      ok: { 204: null },
      handler: async (req, res) => {
        await sharingService.call((c) => c.deleteAdvancedShareLink, { link_uuid: pathUuid(req, 'linkUuid') }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  return router;
}
