import type { components } from '@vi/api-client';
import { SIGN_IN_PATH, WORKSPACE_HOME } from '@vi/contracts/web';
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

/** `POST /v1.0/session` and `/v1.0/session/password`, as the OpenAPI description gives it (decision 066). */
export type SessionInfo = components['schemas']['Session'];

/**
 * Where a sign-in returns to: a page of this site only, never another (no open redirect, decision 034). `next` is
 * resolved against the page's origin as the browser itself will resolve it (which strips tabs and newlines and
 * reads `\\` as `/`, so `/\t/evil.example` is `//evil.example`), and anything whose origin is not ours, or whose
 * resolved path starts with `//` or `/\\` (`/.//evil.example/x`), falls back to the interviews list.
 */
export function safeNext(next: string | null, origin: string = location.origin): string {
  const fallback = WORKSPACE_HOME;
  if (!next) return fallback;
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  // A path that itself begins with `//` or `/\` (`/.//evil.example/x` resolves to `//evil.example/x`) would be read
  // by the browser as another host once it is used as the address to go to.
  if (/^\/[/\\]/.test(target.pathname)) return fallback;
  return target.pathname + target.search + target.hash;
}

export function signInUrl(next: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
