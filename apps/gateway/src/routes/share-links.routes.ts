import { Router, type Request } from 'express';
import { z } from 'zod';
import { basicShareLinkJson, CompanySummaryView, timestampView, UserSummaryView, uuidView, type sharing } from '@vi/contracts';
import { callAs } from '../auth/request-context';
import { parseRange, sendPage } from '../http/paging';
import { resource } from '../http/resource';
import { pathUuid, validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

const STATUSES = ['active', 'inactive'] as const;
const statusBody = z.object({ status: z.enum(STATUSES) });

const createBody = z.object({
  status: z.enum(STATUSES).default('active'),
  send_email: z.boolean().default(false),
  reviewers: z
    .array(z.object({ name: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'), email: z.email('must be an email address').max(254) }))
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

type AdvancedView = 'list' | 'single' | 'created';

const jobRef = z.object({ uuid: uuidView, title: z.string() });
/** An advanced share link: `interviews` on a single link, `job` on the links just created, neither in lists. */
export const AdvancedShareLinkView = z
  .object({
    uuid: uuidView,
    url: z.string(),
    status: z.enum(STATUSES),
    created_at: timestampView,
    updated_at: timestampView,
    reviewer: z.object({ name: z.string(), email: z.string() }).nullable(),
    company: CompanySummaryView.nullable(),
    created_by: UserSummaryView.nullable(),
    updated_by: UserSummaryView.nullable(),
    interviews: z
      .array(
        z.object({
          uuid: uuidView,
          interview_uuid: uuidView,
          scheduled_at: timestampView,
          completed_at: timestampView.nullable(),
          type: z.enum(['one_way', 'live']),
          job: jobRef.nullable(),
        }),
      )
      .optional(),
    job: jobRef.nullable().optional(),
  })
  .meta({ id: 'AdvancedShareLink' });

export const shareLinksSchemas = { statusBody, createBody };

/** An advanced share link: list items leave out `interviews`; create items carry `job` instead of them. */
function advancedShareLinkJson(link: sharing.AdvancedShareLink, view: AdvancedView): z.output<typeof AdvancedShareLinkView> {
  return {
    uuid: link.uuid,
    url: link.url,
    status: link.status as (typeof STATUSES)[number],
    created_at: link.created_at,
    updated_at: link.updated_at,
    reviewer: link.reviewer ?? null,
    company: link.company ?? null,
    created_by: link.created_by ?? null,
    updated_by: link.updated_by ?? null,
    ...(view === 'single'
      ? {
          interviews: link.interviews.map((i) => ({
            uuid: i.uuid,
            interview_uuid: i.interview_uuid,
            scheduled_at: i.scheduled_at,
            completed_at: i.completed_at ?? null,
            type: i.type as 'one_way' | 'live',
            job: i.job ?? null,
          })),
        }
      : {}),
    ...(view === 'created' ? { job: link.job ?? null } : {}),
  };
}

/** Basic share links (one per interview) and advanced share links (one per reviewer), for company users. */
export function shareLinksRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const sharingService = upstreams.sharing;
  const interviewUuid = (req: Request) => pathUuid(req, 'interviewUuid', 'Interview');
  const linkUuid = (req: Request) => pathUuid(req, 'linkUuid', 'Share link');

  resource(router, '/interviews/:interviewUuid/share_link', {
    get: async (req, res) => {
      res.json(basicShareLinkJson(await sharingService.call((c) => c.getBasicShareLink, { interview_uuid: interviewUuid(req) }, callAs(res, true))));
    },
    // Creates the link once; later calls return the same link.
    post: async (req, res) => {
      res.status(201).json(basicShareLinkJson(await sharingService.call((c) => c.createBasicShareLink, { interview_uuid: interviewUuid(req) }, callAs(res))));
    },
  });

  resource(router, '/interviews/:interviewUuid/share_link/:linkUuid', {
    get: async (req, res) => {
      const ref = { interview_uuid: interviewUuid(req), link_uuid: linkUuid(req) };
      res.json(basicShareLinkJson(await sharingService.call((c) => c.getBasicShareLink, ref, callAs(res, true))));
    },
    put: async (req, res) => {
      const ref = { interview_uuid: interviewUuid(req), link_uuid: linkUuid(req) };
      const body = validate(statusBody, req.body);
      // 201 on update, as the reference shows.
      res.status(201).json(basicShareLinkJson(await sharingService.call((c) => c.updateBasicShareLink, { ...ref, ...body }, callAs(res))));
    },
  });

  resource(router, '/share_links', {
    get: async (req, res) => {
      // Newest first (decision 015); paged like every list (decision 008).
      const range = parseRange(req.query.range);
      const page = await sharingService.call((c) => c.listAdvancedShareLinks, { range_from: range.from, range_to: range.to }, callAs(res, true));
      sendPage(res, range, page.links.map((l) => advancedShareLinkJson(l, 'list')), page.total);
    },
    post: async (req, res) => {
      const body = validate(createBody, req.body);
      const created = await sharingService.call(
        (c) => c.createAdvancedShareLinks,
        { status: body.status, send_email: body.send_email, reviewers: body.reviewers, interview_uuids: body.interviews.map((i) => i.uuid.toLowerCase()) },
        callAs(res),
      );
      res.status(201).json(created.links.map((l) => advancedShareLinkJson(l, 'created')));
    },
  });

  resource(router, '/share_links/:linkUuid', {
    get: async (req, res) => {
      res.json(advancedShareLinkJson(await sharingService.call((c) => c.getAdvancedShareLink, { link_uuid: linkUuid(req) }, callAs(res, true)), 'single'));
    },
    put: async (req, res) => {
      const link_uuid = linkUuid(req);
      const body = validate(statusBody, req.body);
      res.status(201).json(advancedShareLinkJson(await sharingService.call((c) => c.updateAdvancedShareLink, { link_uuid, ...body }, callAs(res)), 'single'));
    },
    delete: async (req, res) => {
      await sharingService.call((c) => c.deleteAdvancedShareLink, { link_uuid: linkUuid(req) }, callAs(res));
      res.status(204).end();
    },
  });

  return router;
}
