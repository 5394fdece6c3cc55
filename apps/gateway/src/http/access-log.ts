import type { Request, RequestHandler } from 'express';
import { currentCorrelationId, logFormat, type Logger } from '@vi/platform-logger';
import { currentTraceId } from '@vi/platform-tracing';
import { Counter, Histogram } from 'prom-client';

const requests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered by the gateway, by method, route template and status (429: rate-limit refusals)',
  labelNames: ['method', 'route', 'status'] as const,
});

const durations = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request’s arrival to the end of its response, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
});

/**
 * The API's routers are mounted at `/v1.0`. An error leaves the router before the response ends, and Express
 * then resets `baseUrl`, so the mount is taken from the URL's first segment, only ever `/v1.0` or nothing.
 */
export function routeTemplate(req: Request): string {
  const matched = req.route as { path?: unknown } | undefined;
  if (!matched) return 'unmatched';
  const mount = req.baseUrl || (req.originalUrl.startsWith(`${API_MOUNT}/`) ? API_MOUNT : '');
  return `${mount}${String(matched.path)}`;
}

const API_MOUNT = '/v1.0';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One log line and the metrics of every request, when its response ends. The
 * route is the matched template (`/v1.0/interviews/:uuid`), never the path:
 * paths carry ids, share tokens and, in queries, candidate tokens, none of
 * which belongs in a log or a label. Requests no route matched (pages, assets,
 * 404s) are `unmatched`. With tracing on, `trace_id` is the request's trace
 * (its span comes from requestSpan, mounted before this).
 *
 * At `info` for log collectors (JSON), at `debug` for a person reading pretty lines at a terminal: one line per
 * request would scroll `npm start`'s banner away in seconds (`LOG_LEVEL=debug` shows them there).
 */
export function accessLog(logger: Logger, level: 'info' | 'debug' = logFormat() === 'pretty' ? 'debug' : 'info'): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = currentCorrelationId();
    const traceId = currentTraceId();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeTemplate(req);
      const labels = { method: METHODS.has(req.method) ? req.method : 'OTHER', route, status: String(res.statusCode) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      logger[level]({ ...labels, status: res.statusCode, duration_ms: Math.round(seconds * 1e4) / 10, request_id: requestId, trace_id: traceId }, 'request');
    });
    next();
  };
}
