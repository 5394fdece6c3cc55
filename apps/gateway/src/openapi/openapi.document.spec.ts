import { compileErrors, validate } from '@readme/openapi-parser';
import { WebhookEvents } from '@vi/contracts';
import { createGatewayApp } from '../gateway.app';
import { registeredResources } from '../http/resource';
import { openApiDocument } from './openapi.document';

type Document = { openapi: string; paths: Record<string, Record<string, unknown>>; webhooks: Record<string, unknown> };

describe('the OpenAPI description', () => {
  const sut = openApiDocument() as Document;

  it('is a valid OpenAPI 3.1 document', async () => {
    // A deep copy: the parser resolves $refs in place.
    const result = await validate(structuredClone(sut) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
    expect(result.warnings).toEqual([]);
    expect(sut.openapi).toMatch(/^3\.1\./);
  });

  it('describes every path and method the gateway serves under /v1.0, and nothing it does not', () => {
    createGatewayApp({
      upstreams: {} as never,
      cache: {} as never,
      limits: {} as never,
      logger: {} as never,
      requestTimeoutMs: 1,
      uploadTimeoutMs: 1,
      trustProxy: 'loopback',
      corsAllowedOrigins: [],
      idempotency: {} as never,
    });
    const served = [...registeredResources()].flatMap(([path, methods]) => [...methods].map((m) => `${m.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`));
    served.push('GET /openapi.json');
    const described = Object.entries(sut.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(served.sort());
  });

  it('has a webhook for each of the 11 event types of the contract', () => {
    expect(Object.keys(sut.webhooks).sort()).toEqual(Object.keys(WebhookEvents).sort());
    expect(Object.keys(sut.webhooks)).toHaveLength(11);
  });
});
