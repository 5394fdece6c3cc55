import { INTERVIEW_ORDERS, INTERVIEW_STATUSES, INTERVIEW_TYPES, JOB_ORDERS, JOB_STATUSES, type InterviewOrder, type JobOrder } from '@vi/contracts';
import { parseListQuery, type ListQuerySpec } from '../http/list-query';
import type { ListQueryDefinition } from '../http/list-route';
import type { PageRange } from '../http/paging';

/** The query strings of the lists that filter and order (decisions 008, 011, 012); the OpenAPI description is built from them too. */
export const JOB_LIST_QUERY: ListQuerySpec<'status[]', JobOrder> = { filters: { 'status[]': JOB_STATUSES }, orders: JOB_ORDERS, defaultOrder: 'created_desc' };
export const INTERVIEW_LIST_QUERY: ListQuerySpec<'type[]' | 'status[]', InterviewOrder> = {
  filters: { 'type[]': INTERVIEW_TYPES, 'status[]': INTERVIEW_STATUSES },
  orders: INTERVIEW_ORDERS,
  defaultOrder: 'scheduled_desc',
};

export interface JobListQuery {
  statuses: Array<(typeof JOB_STATUSES)[number]>;
  orderby: JobOrder;
  range: PageRange;
}

export interface InterviewListQuery {
  types: Array<(typeof INTERVIEW_TYPES)[number]>;
  statuses: Array<(typeof INTERVIEW_STATUSES)[number]>;
  orderby: InterviewOrder;
  range: PageRange;
}

/** `status[]` (repeatable), `orderby` (default created_desc) and `range`. */
export function parseJobListQuery(query: Record<string, unknown>): JobListQuery {
  const parsed = parseListQuery(query, JOB_LIST_QUERY);
  return { statuses: parsed.filters['status[]'] as JobListQuery['statuses'], orderby: parsed.orderby, range: parsed.range };
}

/** `type[]` and `status[]` (repeatable), `orderby` (default scheduled_desc) and `range`. */
export function parseInterviewListQuery(query: Record<string, unknown>): InterviewListQuery {
  const parsed = parseListQuery(query, INTERVIEW_LIST_QUERY);
  return {
    types: parsed.filters['type[]'] as InterviewListQuery['types'],
    statuses: parsed.filters['status[]'] as InterviewListQuery['statuses'],
    orderby: parsed.orderby,
    range: parsed.range,
  };
}

/** The lists' query strings as `listRoute` takes them: what the description shows and how the handler parses it. */
export const JOB_LIST: ListQueryDefinition<JobListQuery> = { spec: JOB_LIST_QUERY, parse: parseJobListQuery };
export const INTERVIEW_LIST: ListQueryDefinition<InterviewListQuery> = { spec: INTERVIEW_LIST_QUERY, parse: parseInterviewListQuery };
