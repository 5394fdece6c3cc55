import { ApiError, apiErrorOf } from './api';

/**
 * The company user's side of the API: the same /v1.0 endpoints an integrator calls with a key, authenticated by
 * the session cookie (HttpOnly: the page never sees it). Requests that change something carry the session's CSRF
 * token in X-CSRF-Token; the browser adds the Origin header itself.
 */

export interface ApiResult<T> {
  body: T;
  headers: Headers;
}

let csrfToken: string | undefined;

export function rememberCsrfToken(token: string): void {
  csrfToken = token;
}

export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorOf(response.status, text);
  return { body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export interface SessionInfo {
  user_uuid: string;
  csrf_token: string;
}

/** Where a sign-in returns to: a path on this site only (never `//host` or a full URL: no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/interviews';
}

export function signInUrl(next: string): string {
  return `/sign-in?next=${encodeURIComponent(next)}`;
}
