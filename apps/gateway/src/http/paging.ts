import type { Response } from 'express';
import { validationFailed } from '@vi/platform-errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface PageRange {
  from: number;
  to: number;
}

/**
 * `range=<from>-<to>`: inclusive, zero-based, at most 100 items; default 0-49.
 * Anything else is a 400 naming `range`.
 */
export function parseRange(raw: unknown): PageRange {
  if (raw === undefined) return { from: 0, to: DEFAULT_PAGE_SIZE - 1 };
  const match = typeof raw === 'string' ? /^(\d{1,9})-(\d{1,9})$/.exec(raw) : null;
  if (!match) throw rangeError('must look like <from>-<to> with whole numbers, for example 0-49', 'invalid_format');
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (to < from) throw rangeError('<to> must not be smaller than <from>', 'invalid_range');
  if (to - from + 1 > MAX_PAGE_SIZE) throw rangeError(`at most ${MAX_PAGE_SIZE} items per request`, 'too_big');
  return { from, to };
}

function rangeError(reason: string, code: string) {
  return validationFailed([{ field: 'range', reason, code }]);
}

// `Content-Range: items <from>-<to>/<total>`, or `items */<total>` when the page is empty.
export function sendPage<T>(res: Response, range: PageRange, items: T[], total: number): void {
  const header = items.length === 0 ? `items */${total}` : `items ${range.from}-${range.from + items.length - 1}/${total}`;
  res.setHeader('Content-Range', header);
  res.status(200).json(items);
}
