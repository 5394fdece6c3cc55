import type { Request, RequestHandler, Response } from 'express';
import type { ListQuerySpec } from './list-query';
import type { Operation } from './operation';
import { parseRange, sendPage, sendRenderedPage, type PageRange } from './paging';

/** What an upstream's list method takes from `range`: the first and last index of the page. */
export interface UpstreamRange {
  range_from: number;
  range_to: number;
}

/** A page to send: its items as the API shows them and how many there are in all, or the JSON array a service rendered (decision 023). */
export type ListPage = { items: unknown[]; total: number } | { count: number; total: number; items_json: Uint8Array };

/** One request to a list: its range as the upstream takes it, its parsed query string, the request and its response. */
export interface ListCall<Q> {
  range: UpstreamRange;
  query: Q;
  req: Request;
  res: Response;
}

/** A list's query string: the spec the OpenAPI description shows and the parser its handler uses (see list-query.ts). */
export interface ListQueryDefinition<Q> {
  spec: ListQuerySpec<string, string>;
  parse: (raw: Request['query']) => Q;
}

export interface ListRoute<Q extends { range: PageRange }, P> {
  /** The list's query string (its filters and order); `range` alone when absent. */
  query?: ListQueryDefinition<Q>;
  /** The upstream's answer for the range (and the query). */
  fetch: (call: ListCall<Q>) => Promise<P>;
  /** The answer as the page to send. */
  page: (answer: P, call: ListCall<Q>) => ListPage | Promise<ListPage>;
}

const rangeOnly = (raw: Request['query']): { range: PageRange } => ({ range: parseRange(raw.range) });

/**
 * The handler of a list (decision 008): its query parsed (every bad parameter named in one 400), the upstream
 * asked for the page, and the page sent with `Content-Range` and `Link`. Spread into the list's operation: it
 * brings the handler and what the description says of a paged list's query string.
 */
export function listRoute<P, Q extends { range: PageRange } = { range: PageRange }>(
  spec: ListRoute<Q, P>,
): Required<Pick<Operation, 'handler' | 'query' | 'paged'>> & { handler: RequestHandler } {
  // Without a query of its own, Q is its default: the range alone.
  const parse = spec.query?.parse ?? (rangeOnly as (raw: Request['query']) => Q);
  const handler: RequestHandler = async (req, res) => {
    const query = parse(req.query);
    const call = { range: { range_from: query.range.from, range_to: query.range.to }, query, req, res };
    const page = await spec.page(await spec.fetch(call), call);
    if ('items_json' in page) sendRenderedPage(res, query.range, page);
    else sendPage(res, query.range, page.items, page.total);
  };
  return { handler, query: spec.query?.spec ?? 'range', paged: true };
}
