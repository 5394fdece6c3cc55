import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Router } from 'express';
import pino from 'pino';
import { WebhookEvents } from '@vi/contracts';
import { createGatewayApp } from '../gateway.app';
import { resource } from '../http/resource';
import { apiDescriptionDocument } from '../routes/api-routes';
import { openApiDocument } from './openapi.document';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

describe('the OpenAPI description', () => {
  const sut = apiDescriptionDocument() as Document;

  it('is a valid OpenAPI 3.1 document', async () => {
    // A deep copy: the parser resolves $refs in place.
    const result = await validate(structuredClone(sut) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
    expect(result.warnings).toEqual([]);
    expect(sut.openapi).toMatch(/^3\.1\./);
  });

  it('is what the gateway serves at /v1.0/openapi.json: built from the routers it mounts', async () => {
    const app = createGatewayApp({
      upstreams: {} as never,
      cache: {} as never,
      limits: {} as never,
      logger: pino({ enabled: false }),
      requestTimeoutMs: 1,
      uploadTimeoutMs: 1,
      trustProxy: 'loopback',
      corsAllowedOrigins: [],
      idempotency: {} as never,
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const served = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0/openapi.json`);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual(sut);
    } finally {
      server.close();
    }
  });

  it('describes each registered method with its path parameters, and refuses a path registered twice', () => {
    const router = Router();
    const described = { summary: 'A gadget', tag: 'Test', ok: { 200: null }, handler: () => undefined };
    resource(router, '/gadgets/:name', { get: described, delete: { ...described, summary: 'Remove it', ok: { 204: null } } });
    const document = openApiDocument([router]) as { paths: Record<string, Record<string, { summary: string; parameters: unknown[] }>> };
    expect(Object.keys(document.paths)).toEqual(['/gadgets/{name}']);
    expect(Object.keys(document.paths['/gadgets/{name}'])).toEqual(['get', 'delete']);
    expect(document.paths['/gadgets/{name}'].delete.summary).toBe('Remove it');
    expect(document.paths['/gadgets/{name}'].get.parameters[0]).toEqual({ name: 'name', in: 'path', required: true, schema: { type: 'string' } });

    const again = Router();
    resource(again, '/gadgets/:name', { put: described });
    expect(() => openApiDocument([router, again])).toThrow('/gadgets/{name} is registered twice');
  });

  it("has a webhook for each of the contract's 11 event types and our 5 (EvaluationSubmitted, InterviewDecided: decision 070; InterviewAccommodationsChanged, AccommodationRequested: issue 42; TranscriptReady: decision 073)", () => {
    expect(Object.keys(sut.webhooks).sort()).toEqual(Object.keys(WebhookEvents).sort());
    expect(Object.keys(sut.webhooks)).toHaveLength(16);
    expect(sut.webhooks).toHaveProperty('TranscriptReady');
    expect(sut.webhooks).toHaveProperty('InterviewAccommodationsChanged');
    expect(sut.webhooks).toHaveProperty('AccommodationRequested');
    expect(sut.webhooks).toHaveProperty('EvaluationSubmitted');
    expect(sut.webhooks).toHaveProperty('InterviewDecided');
  });

  it('refers only to components it has (a view nested in a registered one must be registered too)', () => {
    const refs = [...JSON.stringify(sut).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name);
    expect(refs.filter((name) => !(name in sut.components.schemas))).toEqual([]);
  });
});
