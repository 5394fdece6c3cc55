import type { Response } from 'express';
import { AppError } from '@vi/platform-errors';
import { pageLinks, parseRange, sendPage } from './paging';

describe('parseRange', () => {
  it('defaults to the first 50 items', () => {
    expect(parseRange(undefined)).toEqual({ from: 0, to: 49 });
  });

  it.each([
    ['5-9', { from: 5, to: 9 }],
    ['0-99', { from: 0, to: 99 }],
    ['7-7', { from: 7, to: 7 }],
  ])('accepts %s', (raw, expected) => {
    expect(parseRange(raw)).toEqual(expected);
  });

  it.each([
    ['9-5', 'invalid_range'],
    ['0-100', 'too_big'],
    ['a-b', 'invalid_format'],
    ['-1-5', 'invalid_format'],
    [['0-1', '2-3'], 'invalid_format'],
  ])('refuses %p naming range', (raw, code) => {
    let error: unknown;
    try {
      parseRange(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors).toEqual([expect.objectContaining({ field: 'range', code })]);
  });
});

describe('sendPage', () => {
  function fakeResponse() {
    const headers: Record<string, string> = {};
    const res = { req: { originalUrl: '/v1.0/jobs' }, setHeader: (k: string, v: string) => (headers[k] = v), status: () => res, json: () => res };
    return { res: res as unknown as Response, headers };
  }

  it('describes the page actually returned', () => {
    const { res, headers } = fakeResponse();
    sendPage(res, { from: 10, to: 19 }, [1, 2, 3], 13);
    expect(headers['Content-Range']).toBe('items 10-12/13');
  });

  it('uses */total for an empty page', () => {
    const { res, headers } = fakeResponse();
    sendPage(res, { from: 0, to: 49 }, [], 0);
    expect(headers['Content-Range']).toBe('items */0');
  });
});

describe('pageLinks', () => {
  const links = (url: string, range: { from: number; to: number }, total: number) =>
    Object.fromEntries(
      pageLinks(url, range, total)
        .split(', ')
        .map((l) => [/rel="(\w+)"/.exec(l)![1], /^<([^>]+)>/.exec(l)![1]]),
    );

  it('links a middle page to its neighbours, keeping the other parameters', () => {
    expect(links('/v1.0/jobs?status%5B%5D=active&range=10-19&orderby=title_asc', { from: 10, to: 19 }, 45)).toEqual({
      first: '/v1.0/jobs?status%5B%5D=active&range=0-9&orderby=title_asc',
      prev: '/v1.0/jobs?status%5B%5D=active&range=0-9&orderby=title_asc',
      next: '/v1.0/jobs?status%5B%5D=active&range=20-29&orderby=title_asc',
      last: '/v1.0/jobs?status%5B%5D=active&range=35-44&orderby=title_asc',
    });
  });

  it('has no prev on the first page and no next on the last', () => {
    expect(links('/v1.0/users', { from: 0, to: 49 }, 3)).toEqual({ first: '/v1.0/users?range=0-49', last: '/v1.0/users?range=0-49' });
    expect(links('/v1.0/users?range=40-49', { from: 40, to: 49 }, 50)).toEqual({
      first: '/v1.0/users?range=0-9',
      prev: '/v1.0/users?range=30-39',
      last: '/v1.0/users?range=40-49',
    });
  });

  it('never points prev before the start when a page began off the grid', () => {
    expect(links('/v1.0/users?range=3-12', { from: 3, to: 12 }, 100).prev).toBe('/v1.0/users?range=0-2');
  });
});
