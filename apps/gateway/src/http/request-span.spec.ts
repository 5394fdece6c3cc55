import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import express, { Router } from 'express';
import pino from 'pino';
import { withCorrelationId } from '@vi/platform-logger';
import { waitFor } from '@vi/platform-testing';
import { SpanKind, startTracing } from '@vi/platform-tracing';
import { accessLog } from './access-log';
import { requestSpan } from './request-span';

describe('requestSpan', () => {
  it('traces each request under its route template, continues an incoming traceparent, and gives the access log its trace id', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = await startTracing({ serviceName: 'gateway', exporter });
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
    const app = express();
    app.use((_req, _res, next) => withCorrelationId('req-1', () => next()));
    app.use(requestSpan());
    app.use(accessLog(pino(sink), 'info'));
    const v1 = Router();
    v1.get('/public/share/:token', (_req, res) => void res.status(200).json({}));
    v1.post('/interviews', (_req, res) => void res.status(503).json({}));
    app.use('/v1.0', v1);
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';

    await fetch(`${base}/v1.0/public/share/SECRET-SHARE-TOKEN?token=SECRET-QUERY`, { headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` } });
    await fetch(`${base}/v1.0/interviews`, { method: 'POST' });
    await waitFor(() => exporter.getFinishedSpans().length === 2 && lines.length === 2);
    server.close();
    const [share, create] = exporter.getFinishedSpans();
    await tracing.shutdown();

    expect(share.kind).toBe(SpanKind.SERVER);
    expect(share.name).toBe('GET /v1.0/public/share/:token');
    expect(share.spanContext().traceId).toBe(callerTrace);
    expect(share.parentSpanContext?.spanId).toBe(callerSpan);
    expect(share.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/v1.0/public/share/:token', 'http.response.status_code': 200 });
    expect(create.name).toBe('POST /v1.0/interviews');
    expect(create.parentSpanContext).toBeUndefined();
    expect(create.status.code).toBe(2); // ERROR: a 5xx is the server's failure
    expect(lines.map((line) => line.trace_id)).toEqual([callerTrace, create.spanContext().traceId]);
    expect(JSON.stringify([share, create].map(({ name, attributes }) => ({ name, attributes })))).not.toMatch(/SECRET/);
  });
});
