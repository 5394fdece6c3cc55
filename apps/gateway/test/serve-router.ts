import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type Router } from 'express';
import pino from 'pino';
import { errorHandler, notFoundHandler } from '../src/http/error-handler';

/**
 * Serves one router on a loopback port with the gateway's own error handling (`{reason, code, lang}` with the
 * kind's status), for specs of route helpers that want the HTTP answer a client gets.
 */
interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export async function serveRouter(
  router: Router,
): Promise<{ request(method: string, path: string, headers?: Record<string, string>): Promise<Answer>; get(path: string): Promise<Answer>; close(): void }> {
  const app = express();
  app.set('etag', false);
  app.use('/v1.0', router);
  app.use(notFoundHandler);
  app.use(errorHandler(pino({ enabled: false })));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0`;
  const request = async (method: string, path: string, headers?: Record<string, string>): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, { method, headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return { request, get: (path) => request('GET', path), close: () => server.close() };
}
