import { JOB_ORDERS } from '@vi/contracts';
import { parseListQuery } from '../http/list-query';
import type { PageRange } from '../http/paging';

export const JOB_STATUSES = ['active', 'inactive'] as const;

export interface JobListQuery {
  statuses: Array<(typeof JOB_STATUSES)[number]>;
  orderby: (typeof JOB_ORDERS)[number];
  range: PageRange;
}

/** `status[]` (repeatable), `orderby` (default created_desc) and `range`. */
export function parseJobListQuery(query: Record<string, unknown>): JobListQuery {
  const parsed = parseListQuery(query, { filters: { 'status[]': JOB_STATUSES }, orders: JOB_ORDERS, defaultOrder: 'created_desc' });
  return { statuses: parsed.filters['status[]'] as JobListQuery['statuses'], orderby: parsed.orderby, range: parsed.range };
}
