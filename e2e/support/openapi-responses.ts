import Ajv2020 from 'ajv/dist/2020';
import { apiDescriptionDocument } from '../../apps/gateway/src/routes/api-routes';

/**
 * Every response an e2e test receives through ApiClient is checked against the served OpenAPI description
 * (decision 021): its path and method must be described, its status listed for them, its JSON body valid
 * against that status's schema, and the headers every such answer carries present. So the description
 * cannot drift from what the gateway does.
 */

interface Described {
  template: string;
  pattern: RegExp;
  params: number;
}

type Operation = { responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }> };

const document = apiDescriptionDocument() as { paths: Record<string, Record<string, Operation>> };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, inlineRefs: false });
ajv.addSchema(document, 'openapi');

// Literal paths before templated ones (`/webhooks/replay/{eventType}` is not `/webhooks/{webhookUuid}/…`).
const templates: Described[] = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
const schemaRef = (template: string, method: string, status: string) =>
  `openapi#/${pointer('paths', template, method, 'responses', status, 'content', 'application/json', 'schema')}`;

export interface ReceivedResponse {
  method: string;
  /** The request URL, absolute. */
  url: string;
  status: number;
  headers: Headers;
  body: unknown;
}

/** Throws, naming what differs, when a response is not what the description says. */
export function assertDescribed(response: ReceivedResponse): void {
  const url = new URL(response.url);
  const path = url.pathname.replace(/^\/v1\.0/, '');
  const method = response.method.toLowerCase() === 'head' ? 'get' : response.method.toLowerCase();
  const where = `${response.method} ${url.pathname} → ${response.status}`;
  const found = templates.find((t) => t.pattern.test(path) && document.paths[t.template][method] !== undefined);
  const body = response.body as { code?: unknown } | undefined;
  if (!found) {
    // The documented answers to a path or method that is not described (the description's introduction).
    const refusal = (response.status === 404 && body?.code === 'api.not_found') || (response.status === 405 && body?.code === 'api.method_not_allowed');
    if (!refusal) throw new Error(`${where}: this route is not in the OpenAPI description`);
    return;
  }
  const described = document.paths[found.template][method].responses[String(response.status)];
  if (!described) throw new Error(`${where}: status ${response.status} is not described for ${method.toUpperCase()} ${found.template}`);
  for (const name of Object.keys(described.headers ?? {})) {
    const always = name === 'X-Request-Id' || ((name === 'Content-Range' || name === 'Link') && described.content?.['application/json'] !== undefined);
    if (always && !response.headers.has(name)) throw new Error(`${where}: the described header ${name} is missing`);
  }
  if (response.method.toUpperCase() === 'HEAD') return;
  const json = described.content?.['application/json'];
  if (!json) {
    if (!described.content && response.body !== '' && response.body !== undefined) throw new Error(`${where}: a body where the description has none`);
    return;
  }
  const validate = ajv.getSchema(schemaRef(found.template, method, String(response.status)));
  if (!validate) throw new Error(`${where}: no schema could be compiled`);
  if (!validate(response.body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    throw new Error(`${where}: the body does not match the OpenAPI description:\n  ${errors.join('\n  ')}`);
  }
}
