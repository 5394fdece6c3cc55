import type { Response } from 'express';
import { validationFailed } from '@vi/platform-errors';
import { sendJson } from './rendered-json';

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

/**
 * RFC 8288 `Link` to the first, previous, next and last pages of the same size, for clients that follow links
 * rather than build `range`. Targets are relative references: this request's path and query with `range` replaced.
 */
export function pageLinks(requestUrl: string, range: PageRange, total: number): string {
  const size = range.to - range.from + 1;
  const [path, query = ''] = requestUrl.split('?', 2);
  const link = (from: number, to: number, rel: string) => {
    const params = new URLSearchParams(query);
    params.set('range', `${from}-${to}`);
    return `<${path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(0, size - 1, 'first')];
  if (range.from > 0) links.push(link(Math.max(0, range.from - size), range.from - 1, 'prev'));
  if (range.to + 1 < total) links.push(link(range.to + 1, range.to + size, 'next'));
  links.push(total > size ? link(total - size, total - 1, 'last') : link(0, size - 1, 'last'));
  return links.join(', ');
}

// `Content-Range: items <from>-<to>/<total>`, or `items */<total>` when the page is empty; `Link` to the neighbours.
function setPageHeaders(res: Response, range: PageRange, count: number, total: number): void {
  const header = count === 0 ? `items */${total}` : `items ${range.from}-${range.from + count - 1}/${total}`;
  res.setHeader('Content-Range', header);
  res.setHeader('Link', pageLinks(res.req.originalUrl, range, total));
}

export function sendPage<T>(res: Response, range: PageRange, items: T[], total: number): void {
  setPageHeaders(res, range, items.length, total);
  res.status(200).json(items);
}

/** A page a service rendered as the API's JSON array already (decision 023): sent as it came. */
export function sendRenderedPage(res: Response, range: PageRange, page: { count: number; total: number; items_json: Uint8Array }): void {
  setPageHeaders(res, range, page.count, page.total);
  sendJson(res, 200, page.items_json);
}
