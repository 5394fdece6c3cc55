import type { Response } from 'express';
import { AppError } from '@vi/platform-errors';
import { parseRange, sendPage } from './paging';

describe('parseRange', () => {
  it('defaults to the first 50 items', () => {
    expect(parseRange(undefined)).toEqual({ from: 0, to: 49 });
  });

  it.each([['5-9', { from: 5, to: 9 }], ['0-99', { from: 0, to: 99 }], ['7-7', { from: 7, to: 7 }]])('accepts %s', (raw, expected) => {
    expect(parseRange(raw)).toEqual(expected);
  });

  it.each([['9-5', 'invalid_range'], ['0-100', 'too_big'], ['a-b', 'invalid_format'], ['-1-5', 'invalid_format'], [['0-1', '2-3'], 'invalid_format']])(
    'refuses %p naming range',
    (raw, code) => {
      let error: unknown;
      try {
        parseRange(raw);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fieldErrors).toEqual([expect.objectContaining({ field: 'range', code })]);
    },
  );
});

describe('sendPage', () => {
  function fakeResponse() {
    const headers: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (headers[k] = v), status: () => res, json: () => res };
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
