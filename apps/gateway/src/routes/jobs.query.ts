import { validationFailed, type FieldError } from '@vi/platform-errors';
import { parseRange, type PageRange } from '../http/paging';

export const JOB_STATUSES = ['active', 'inactive'] as const;
export const JOB_ORDERS = ['title_desc', 'title_asc', 'updated_desc', 'updated_asc', 'created_desc', 'created_asc', 'location_desc', 'location_asc'] as const;

export interface JobListQuery {
  statuses: Array<(typeof JOB_STATUSES)[number]>;
  orderby: (typeof JOB_ORDERS)[number];
  range: PageRange;
}

function values(raw: unknown): unknown[] {
  if (raw === undefined) return [];
  return Array.isArray(raw) ? raw : [raw];
}

/**
 * `status[]` (repeatable), `orderby` (default created_desc) and `range`; every
 * bad parameter is named in one 400.
 */
export function parseJobListQuery(query: Record<string, unknown>): JobListQuery {
  const errors: FieldError[] = [];
  const statuses = [...values(query['status[]']), ...values(query.status)];
  const badStatus = statuses.find((s) => !(JOB_STATUSES as readonly unknown[]).includes(s));
  if (badStatus !== undefined) {
    errors.push({ field: 'status[]', reason: `must be one of ${JOB_STATUSES.join(', ')}`, code: 'invalid_value' });
  }
  const orderby = query.orderby ?? 'created_desc';
  if (!(JOB_ORDERS as readonly unknown[]).includes(orderby)) {
    errors.push({ field: 'orderby', reason: `must be one of ${JOB_ORDERS.join(', ')}`, code: 'invalid_value' });
  }
  let range: PageRange = { from: 0, to: 0 };
  try {
    range = parseRange(query.range);
  } catch (error) {
    errors.push(...((error as { fieldErrors?: FieldError[] }).fieldErrors ?? []));
  }
  if (errors.length > 0) throw validationFailed(errors);
  return { statuses: statuses as JobListQuery['statuses'], orderby: orderby as JobListQuery['orderby'], range };
}
