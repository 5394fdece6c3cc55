import { AppError, VALIDATION_FAILED, httpStatusOf } from '@vi/platform-errors';
import { parseInterviewListQuery, parseJobListQuery } from './list-queries';

function fieldsOf(query: Record<string, unknown>): string[] {
  try {
    parseJobListQuery(query);
  } catch (error) {
    return ((error as AppError).fieldErrors ?? []).map((e) => e.field);
  }
  return [];
}

describe('parseJobListQuery', () => {
  it('defaults to every status, newest first, the first 50', () => {
    expect(parseJobListQuery({})).toEqual({ statuses: [], orderby: 'created_desc', range: { from: 0, to: 49 } });
  });

  it('takes status[] once or repeated, and every order', () => {
    expect(parseJobListQuery({ 'status[]': 'active' }).statuses).toEqual(['active']);
    expect(parseJobListQuery({ 'status[]': ['active', 'inactive'], orderby: 'location_asc', range: '10-19' })).toEqual({
      statuses: ['active', 'inactive'],
      orderby: 'location_asc',
      range: { from: 10, to: 19 },
    });
  });

  it('names every bad parameter at once', () => {
    expect(fieldsOf({ 'status[]': ['active', 'archived'], orderby: 'salary_desc', range: '9-1' })).toEqual(['status[]', 'orderby', 'range']);
    expect(fieldsOf({ range: '0-100' })).toEqual(['range']);
    expect(fieldsOf({ orderby: ['title_asc', 'title_desc'] })).toEqual(['orderby']);
  });
});

const ORDERS = ['title_desc', 'title_asc', 'updated_desc', 'updated_asc', 'created_desc', 'created_asc', 'location_desc', 'location_asc'];

function failure(query: Record<string, unknown>): AppError {
  try {
    parseJobListQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

// The parameters of GET /jobs as the API reference lists them (decisions 008 and 011).
describe('parseJobListQuery: every documented value, every refusal', () => {
  it.each(ORDERS)('accepts orderby=%s', (orderby) => {
    expect(parseJobListQuery({ orderby }).orderby).toBe(orderby);
  });

  it.each([['active'], ['inactive']])('accepts status[]=%s alone', (status) => {
    expect(parseJobListQuery({ 'status[]': status }).statuses).toEqual([status]);
  });

  it('combines every parameter', () => {
    expect(parseJobListQuery({ 'status[]': ['inactive', 'active'], orderby: 'updated_asc', range: '100-199' })).toEqual({
      statuses: ['inactive', 'active'],
      orderby: 'updated_asc',
      range: { from: 100, to: 199 },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown status', { 'status[]': 'archived' }, 'status[]'],
    ['an empty status', { 'status[]': '' }, 'status[]'],
    ['a status in the wrong case', { 'status[]': 'Active' }, 'status[]'],
    ['an unknown order', { orderby: 'salary_desc' }, 'orderby'],
    ['an order in the wrong case', { orderby: 'TITLE_ASC' }, 'orderby'],
    ['an empty order', { orderby: '' }, 'orderby'],
    ['a reversed range', { range: '9-5' }, 'range'],
    ['a range of 101 items', { range: '0-100' }, 'range'],
    ['a range that is not numbers', { range: 'first-last' }, 'range'],
    ['a negative range', { range: '-1-5' }, 'range'],
  ])('refuses %s with a 400 naming %s', (_name, query, field) => {
    const error = failure(query);
    expect(error.code).toBe(VALIDATION_FAILED);
    expect(httpStatusOf(error.kind)).toBe(400);
    expect(error.fieldErrors).toEqual([{ field, reason: expect.any(String), code: expect.any(String) }]);
    expect(error.fieldErrors![0].reason.length).toBeGreaterThan(0);
  });

  it('reports a bad status once even when several values are bad', () => {
    expect(failure({ 'status[]': ['x', 'y', 'active'] }).fieldErrors!.map((e) => e.field)).toEqual(['status[]']);
  });

  it('accepts exactly 100 items', () => {
    expect(parseJobListQuery({ range: '0-99' }).range).toEqual({ from: 0, to: 99 });
    expect(parseJobListQuery({ range: '250-349' }).range).toEqual({ from: 250, to: 349 });
  });
});

// The parameters of GET /interviews (decisions 008 and 012).
describe('parseInterviewListQuery', () => {
  it('defaults to every type and status, latest scheduled first, the first 50', () => {
    expect(parseInterviewListQuery({})).toEqual({ types: [], statuses: [], orderby: 'scheduled_desc', range: { from: 0, to: 49 } });
  });

  it('takes type[] and status[] once, repeated or without brackets, with any order and range', () => {
    expect(parseInterviewListQuery({ 'type[]': 'live', status: ['completed', 'expired'], orderby: 'candidate_asc', range: '50-59' })).toEqual({
      types: ['live'],
      statuses: ['completed', 'expired'],
      orderby: 'candidate_asc',
      range: { from: 50, to: 59 },
    });
  });

  it('names every bad parameter at once', () => {
    let fields: string[] = [];
    try {
      parseInterviewListQuery({ 'type[]': 'video', 'status[]': 'archived', orderby: 'rating_desc', range: '0-100' });
    } catch (error) {
      fields = ((error as AppError).fieldErrors ?? []).map((e) => e.field);
    }
    expect(fields).toEqual(['type[]', 'status[]', 'orderby', 'range']);
  });

  it('takes q (decision 073) trimmed, and refuses one empty once trimmed, longer than 200 characters or repeated, naming q', () => {
    expect(parseInterviewListQuery({ q: '  kubernetes ' }).q).toBe('kubernetes');
    expect(parseInterviewListQuery({ q: 'é'.repeat(200) }).q).toHaveLength(200);
    for (const q of ['', ' \t ', 'x'.repeat(201), ['a', 'b']]) {
      let fields: string[] = [];
      try {
        parseInterviewListQuery({ q });
      } catch (error) {
        fields = ((error as AppError).fieldErrors ?? []).map((e) => e.field);
      }
      expect({ q, fields }).toEqual({ q, fields: ['q'] });
    }
  });
});
