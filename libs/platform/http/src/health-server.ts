import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, register } from 'prom-client';

let processMetrics = false;

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the
 * service can take traffic: migrated, connected, not draining) for Kubernetes
 * probes, and Prometheus metrics (`/metrics`: the process's registry, Node's
 * default metrics included), on a port of their own that no Service exposes.
 */
export async function startHealthServer(port: number, isReady: () => boolean): Promise<HealthServer> {
  if (!processMetrics) {
    collectDefaultMetrics();
    processMetrics = true;
  }
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/metrics') {
      register.metrics().then(
        (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
        (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : 'metrics failed'),
      );
    } else if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else if (path === '/readyz') {
      const ready = isReady();
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ready' : 'not_ready' }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"not_found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
