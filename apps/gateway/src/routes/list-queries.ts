import { z } from 'zod';
import { AppError, validationFailed, VALIDATION_FAILED, type FieldError } from '@vi/platform-errors';
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

/** The words `GET /interviews?q=` searches for (decision 073): 1 to 200 characters once trimmed. */
export const INTERVIEW_SEARCH_MAX = 200;
export const interviewSearchFields = z.object({
  q: z
    .string('must be given once')
    .trim()
    .min(1, 'must not be empty')
    .refine((q) => [...q].length <= INTERVIEW_SEARCH_MAX, `at most ${INTERVIEW_SEARCH_MAX} characters`)
    .optional()
    .meta({
      description:
        "Words to find: in the interviews' transcripts (with the interview's language's text search: `\"exact phrase\"`, `or`, `-word`), or as part of the candidate's name, email or the job's title. 1–200 characters.",
    }),
});

export interface InterviewListQuery {
  types: Array<(typeof INTERVIEW_TYPES)[number]>;
  statuses: Array<(typeof INTERVIEW_STATUSES)[number]>;
  orderby: InterviewOrder;
  range: PageRange;
  /** Trimmed; absent: every interview. */
  q?: string;
}

/** `status[]` (repeatable), `orderby` (default created_desc) and `range`. */
export function parseJobListQuery(query: Record<string, unknown>): JobListQuery {
  const parsed = parseListQuery(query, JOB_LIST_QUERY);
  return { statuses: parsed.filters['status[]'] as JobListQuery['statuses'], orderby: parsed.orderby, range: parsed.range };
}

/** `type[]` and `status[]` (repeatable), `orderby` (default scheduled_desc), `range` and `q`; every bad one named in one 400. */
export function parseInterviewListQuery(query: Record<string, unknown>): InterviewListQuery {
  const errors: FieldError[] = [];
  let parsed: ReturnType<typeof parseListQuery<'type[]' | 'status[]', InterviewOrder>> | undefined;
  try {
    parsed = parseListQuery(query, INTERVIEW_LIST_QUERY);
  } catch (error) {
    if (!(error instanceof AppError && error.code === VALIDATION_FAILED)) throw error;
    errors.push(...(error.fieldErrors ?? []));
  }
  const search = interviewSearchFields.safeParse({ q: query.q });
  if (!search.success) errors.push(...search.error.issues.map((issue) => ({ field: 'q', reason: issue.message, code: issue.code })));
  if (errors.length > 0 || !parsed || !search.success) throw validationFailed(errors);
  return {
    types: parsed.filters['type[]'] as InterviewListQuery['types'],
    statuses: parsed.filters['status[]'] as InterviewListQuery['statuses'],
    orderby: parsed.orderby,
    range: parsed.range,
    q: search.data.q,
  };
}

/** The lists' query strings as `listRoute` takes them: what the description shows and how the handler parses it. */
export const JOB_LIST: ListQueryDefinition<JobListQuery> = { spec: JOB_LIST_QUERY, parse: parseJobListQuery };
export const INTERVIEW_LIST: ListQueryDefinition<InterviewListQuery> = { spec: INTERVIEW_LIST_QUERY, parse: parseInterviewListQuery };
