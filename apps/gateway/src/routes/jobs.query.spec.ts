import { AppError } from '@vi/platform-errors';
import { parseJobListQuery } from './jobs.query';

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
