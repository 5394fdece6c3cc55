import createClient from 'openapi-fetch';
import type { components, paths } from './openapi';

export type { components, operations, paths } from './openapi';
/** The API's objects by name: `Schemas['Job']`, `Schemas['Interview']`, … */
export type Schemas = components['schemas'];

/**
 * A typed client of the video-interviewing API (openapi-fetch over the generated `paths`): every path, parameter,
 * body and response is checked by the TypeScript compiler. `baseUrl` ends with `/v1.0`.
 */
export function createApiClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Basic ${btoa(`${options.apiKey}:`)}` },
    fetch: options.fetch,
  });
}
