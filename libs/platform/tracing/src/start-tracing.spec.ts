import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { otlpTracingConfigured } from './start-tracing';

const LIBRARY = resolve(__dirname, 'index.ts');

/** A process of its own (the SDK registers globals once per process): starts tracing, makes a span, stops. */
async function runProcess(env: NodeJS.ProcessEnv): Promise<{ enabled: boolean; sdkLoaded: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'vi-tracing-'));
  try {
    const script = join(dir, 'child.mts');
    writeFileSync(
      script,
      `import { createRequire } from 'node:module';
import tracingLibrary from ${JSON.stringify(LIBRARY)};
const { inSpan, startTracing, tracer } = tracingLibrary;
const tracing = await startTracing({ serviceName: 'tracing-spec' });
await inSpan(tracer('spec'), 'work', {}, async () => undefined);
const sdkLoaded = Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('@opentelemetry/sdk-trace'));
await tracing.shutdown();
console.log(JSON.stringify({ enabled: tracing.enabled, sdkLoaded }));
`,
    );
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      env: { ...clean, ...env },
      cwd: resolve(__dirname, '../../../..'),
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as { enabled: boolean; sdkLoaded: boolean };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('startTracing', () => {
  it('is on only with an OTLP endpoint, and not when the standard switches turn it off', () => {
    expect(otlpTracingConfigured({})).toBe(false);
    expect(otlpTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(otlpTracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(otlpTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(otlpTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('without an endpoint loads no SDK at all', async () => {
    expect(await runProcess({})).toEqual({ enabled: false, sdkLoaded: false });
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT sends the spans over OTLP/HTTP (protobuf) by the time it stops', async () => {
    const received: Array<{ path: string; headers: IncomingHttpHeaders; bytes: number }> = [];
    const collector = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, bytes });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    collector.listen(0, '127.0.0.1');
    await once(collector, 'listening');
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      expect(await runProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual({ enabled: true, sdkLoaded: true });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ path: '/v1/traces', headers: { 'content-type': 'application/x-protobuf' } });
      expect(received[0].bytes).toBeGreaterThan(0);
    } finally {
      collector.close();
    }
  });
});
