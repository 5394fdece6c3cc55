import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express, { Router } from 'express';
import pino from 'pino';
import { withCorrelationId } from '@vi/platform-logger';
import { accessLog } from './access-log';

describe('accessLog', () => {
  it('logs one line per request with the route template, never the path with its tokens', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
    const app = express();
    app.use((_req, _res, next) => withCorrelationId('req-1', () => next()));
    app.use(accessLog(pino(sink), 'info'));
    const v1 = Router();
    v1.get('/public/share/:token', (_req, res) => void res.status(200).json({}));
    v1.get('/candidate/interviews/:uuid', (_req, _res, next) => next(new Error('refused')));
    app.use('/v1.0', v1);
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(401).json({}));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    await fetch(`${base}/v1.0/public/share/SECRET-SHARE-TOKEN`);
    await fetch(`${base}/v1.0/candidate/interviews/1234?token=SECRET-CANDIDATE-TOKEN`);
    await fetch(`${base}/nowhere/SECRET-PATH`);
    server.close();

    expect(lines.map(({ method, route, status, request_id }) => ({ method, route, status, request_id }))).toEqual([
      { method: 'GET', route: '/v1.0/public/share/:token', status: 200, request_id: 'req-1' },
      // An error leaves the router before the response: the template keeps its mount.
      { method: 'GET', route: '/v1.0/candidate/interviews/:uuid', status: 401, request_id: 'req-1' },
      { method: 'GET', route: 'unmatched', status: 404, request_id: 'req-1' },
    ]);
    expect(lines.every((line) => typeof line.duration_ms === 'number')).toBe(true);
    expect(JSON.stringify(lines)).not.toMatch(/SECRET|1234/);
    // pino's 30: info, for log collectors.
    expect(lines.map((line) => line.level)).toEqual([30, 30, 30]);
  });

  it('writes at debug for a person at a terminal (pretty lines), so the start banner stays on screen', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const app = express();
    app.use(accessLog(pino({ level: 'info' }, sink), 'debug'));
    app.get('/x', (_req, res) => void res.json({}));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
    server.close();
    expect(lines).toEqual([]);
  });
});
