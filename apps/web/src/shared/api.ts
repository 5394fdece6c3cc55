/** The public HTTP API, same origin as the page: JSON in and out, `{reason, code}` errors kept as ApiError. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's stable `code` (docs/errors.md); `network` when no response came back. */
    readonly code: string,
    readonly fields: string[] = [],
  ) {
    super(`${status} ${code}`);
  }
}

interface ErrorBody {
  code?: unknown;
  errors?: Array<{ field?: unknown }>;
}

export function apiErrorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as ErrorBody;
    const fields = (body.errors ?? []).map((e) => String(e.field));
    return new ApiError(status, typeof body.code === 'string' ? body.code : `http_${status}`, fields);
  } catch {
    return new ApiError(status, `http_${status}`);
  }
}

export async function requestJson<T>(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: { accept: 'application/json', ...headers }, cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'network');
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorOf(response.status, text);
  return JSON.parse(text) as T;
}
