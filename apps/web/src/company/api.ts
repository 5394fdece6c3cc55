import createClient from 'openapi-fetch';
import type { components, paths } from '@vi/api-client';
import { ApiError, apiErrorOf } from '../shared/api';

/**
 * The workspace's side of the API, typed by the generated OpenAPI description (`clients/typescript`, `npm run
 * client`): every path, query, body and response the pages use is checked by the compiler, so a contract change
 * that breaks a page fails `npm run typecheck`. Same origin, authenticated by the HttpOnly session cookie; requests
 * that change something echo the session's CSRF token (decision 026).
 */

export type Schemas = components['schemas'];

type GetOperation<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
/** The query parameters of `GET <path>`, as the description names them (`status[]`, `orderby`, `range`). */
export type Query<P extends keyof paths> = GetOperation<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** The JSON request body of `<method> <path>`. */
export type Body<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;

let csrfToken: string | undefined;

export function rememberCsrfToken(token: string): void {
  csrfToken = token;
}

export const api = createClient<paths>({ baseUrl: '/v1.0', credentials: 'same-origin', cache: 'no-store' });

api.use({
  onRequest({ request }) {
    request.headers.set('accept', 'application/json');
    // On every request, GET included: the contract's one GET that changes something (`/webhooks/replay/<type>`)
    // asks for the token too (decision 026), and a same-origin header costs nothing elsewhere.
    if (csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
});

/** The success body of an openapi-fetch call, or an ApiError carrying the refusal (`{reason, code, errors}`) or `network`. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<{ data: T; response: Response }> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!result.response.ok) throw apiErrorOf(result.response.status, JSON.stringify(result.error ?? {}), result.response.headers.get('retry-after'));
  return { data: result.data as T, response: result.response };
}

/** The total of a paged list from `Content-Range: items 0-19/42` (decision 008). */
export function totalOf(response: Response, shown: number): number {
  return Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? shown);
}
