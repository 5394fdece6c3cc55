/** The public HTTP API, same origin as the page: JSON in and out, `{reason, code}` errors kept as ApiError. */

/** One field the API refused (docs/errors.md): its JSON path (`questions.0.time_limit`) and the kind of problem. */
export interface FieldError {
  field: string;
  code: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's stable `code` (docs/errors.md); `network` when no response came back. */
    readonly code: string,
    readonly fieldErrors: FieldError[] = [],
    /** Seconds from a 429's Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${code}`);
  }

  get fields(): string[] {
    return this.fieldErrors.map((e) => e.field);
  }
}

interface ErrorBody {
  code?: unknown;
  errors?: Array<{ field?: unknown; code?: unknown }>;
}

export function apiErrorOf(status: number, text: string, retryAfterHeader?: string | null): ApiError {
  const retryAfter = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
  try {
    const body = JSON.parse(text) as ErrorBody;
    const fields = (body.errors ?? []).map((e) => ({ field: String(e.field), code: typeof e.code === 'string' ? e.code : 'custom' }));
    return new ApiError(status, typeof body.code === 'string' ? body.code : `http_${status}`, fields, retryAfter);
  } catch {
    return new ApiError(status, `http_${status}`, [], retryAfter);
  }
}

/** `body`, when given, is sent as JSON. */
export async function requestJson<T>(method: 'GET' | 'POST' | 'PUT', path: string, headers: Record<string, string> = {}, body?: unknown): Promise<T> {
  let response: Response;
  try {
    const json =
      body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json', accept: 'application/json', ...headers } };
    response = await fetch(path, { method, headers: { accept: 'application/json', ...headers }, cache: 'no-store', ...json });
  } catch {
    throw new ApiError(0, 'network');
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorOf(response.status, text, response.headers.get('retry-after'));
  return JSON.parse(text) as T;
}

/** Whether trying the same request again later can succeed (network drops, overload), as opposed to a refusal. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network' || error.status === 429 || error.status >= 500);
}
