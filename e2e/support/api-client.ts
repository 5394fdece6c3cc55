import { assertDescribed } from './openapi-responses';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** An integrator's HTTP client: basic auth with the API key as username. Every response must match the OpenAPI description. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string | undefined,
  ) {}

  get<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, { body });
  }

  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body });
  }

  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path, {});
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string>; redirect?: 'manual' },
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.apiKey !== undefined) headers.authorization = `Basic ${Buffer.from(`${this.apiKey}:`).toString('base64')}`;
    let body: string | Buffer | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    } else if (options.rawBody !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: options.redirect });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    assertDescribed({ method, url: `${this.baseUrl}${path}`, status: response.status, headers: response.headers, body: parsed });
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}
