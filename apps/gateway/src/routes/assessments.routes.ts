import { Router } from 'express';
import { z } from 'zod';
import { ASSESSMENT_ORDER_STATUSES, ATS_NAMES } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { parseListQuery, type ListQuerySpec } from '../http/list-query';
import { listRoute, type ListQueryDefinition } from '../http/list-route';
import { arrayOf } from '../http/operation';
import type { PageRange } from '../http/paging';
import { pathUuid } from '../http/path-uuids';
import { sendJson, sendParsedJson } from '../http/rendered-json';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

/**
 * The company's side of the applicant-tracking systems (decision 071): which ATS is connected, Ashby's API key, the
 * orders the ATSs placed and every callback we made to tell them. Reading and "Send again": any company user, as for
 * `/webhooks` (a job seeker gets 403 `api.company_user_required`); setting or removing Ashby's key, a secret of the
 * whole company: administrators (403 `api.administrator_required`). The assessments service checks both.
 */

const TAG = 'Integrations';

const ashbyKeyBody = z.object({
  api_key: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(1000, 'at most 1000 characters'),
});

export const ASSESSMENT_ORDER_LIST_QUERY: ListQuerySpec<'ats[]' | 'status[]', 'created_desc'> = {
  filters: { 'ats[]': ATS_NAMES, 'status[]': ASSESSMENT_ORDER_STATUSES },
  orders: ['created_desc'],
  defaultOrder: 'created_desc',
};

interface AssessmentOrderListQuery {
  ats: string[];
  statuses: string[];
  range: PageRange;
}

const ASSESSMENT_ORDER_LIST: ListQueryDefinition<AssessmentOrderListQuery> = {
  spec: ASSESSMENT_ORDER_LIST_QUERY,
  parse: (raw) => {
    const parsed = parseListQuery(raw, ASSESSMENT_ORDER_LIST_QUERY);
    return { ats: parsed.filters['ats[]'], statuses: parsed.filters['status[]'], range: parsed.range };
  },
};

export function assessmentsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.assessments;

  resource(router, '/integrations', {
    get: {
      summary: 'The applicant-tracking systems: whether each is connected, and its last callback',
      description: 'Ashby is connected once its API key is set; Greenhouse once it has sent a test with one of your integration keys.',
      tag: TAG,
      ok: { 200: arrayOf('AtsIntegration') },
      handler: async (_req, res) => {
        const { json } = await service.call((c) => c.listIntegrations, {}, readAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  resource(router, '/integrations/ashby', {
    put: {
      summary: 'Connect Ashby: set the Ashby API key our updates to Ashby are sent with, replacing any earlier one (administrators)',
      description: 'The key is stored encrypted and never shown again: the answer says only that Ashby is connected.',
      tag: TAG,
      body: ashbyKeyBody,
      ok: { 200: 'AtsIntegration' },
      handler: async (req, res) => {
        const body = validate(ashbyKeyBody, req.body);
        const { json } = await service.call((c) => c.connectAts, { ats: 'ashby', api_key: body.api_key }, writeAs(res));
        sendJson(res, 200, json);
      },
    },
    delete: {
      summary: 'Disconnect Ashby: remove its API key (administrators); updates to Ashby then fail, recorded on their orders',
      tag: TAG,
      ok: { 204: null },
      handler: async (_req, res) => {
        await service.call((c) => c.disconnectAts, { ats: 'ashby' }, writeAs(res));
        res.status(204).end();
      },
    },
  });

  resource(router, '/assessment_orders', {
    get: {
      summary: 'The orders the applicant-tracking systems placed, newest first, each with its callbacks',
      tag: TAG,
      ok: { 200: arrayOf('AssessmentOrder') },
      ...listRoute({
        query: ASSESSMENT_ORDER_LIST,
        fetch: ({ range, query, res }) => service.call((c) => c.listOrders, { ats: query.ats, statuses: query.statuses, ...range }, readAs(res)),
        page: (page) => ({ items: JSON.parse(Buffer.from(page.items_json).toString('utf8')) as unknown[], total: page.total }),
      }),
    },
  });

  resource(router, '/assessment_orders/:orderUuid/callback', {
    post: {
      summary: 'Send again: tell the order\'s ATS its current state once more ("Send again" on the Integrations page)',
      description: "Accepted: the callback is queued and sent with the usual retries; the attempts appear in the order's `callbacks`.",
      tag: TAG,
      ok: { 202: 'AssessmentOrder' },
      handler: async (req, res) => {
        const { json } = await service.call((c) => c.resendCallback, { order_uuid: pathUuid(req, 'orderUuid') }, writeAs(res));
        sendParsedJson(res, 202, json);
      },
    },
  });

  return router;
}
