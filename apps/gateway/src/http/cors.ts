import type { RequestHandler } from 'express';

/** What a browser app on another origin may send: the credentials header, JSON and takes, and our own headers. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Content-Encoding', 'Idempotency-Key', 'X-Request-Id', 'X-Take-Duration-Seconds', 'Range'];
/** What its code may read; a browser hides every other response header from it. */
export const EXPOSED_HEADERS = [
  'Content-Range',
  'Link',
  'Location',
  'Retry-After',
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'RateLimit',
  'RateLimit-Policy',
  'X-Rate-Limit-Try-Again-Seconds',
  'Idempotent-Replayed',
  'Allow',
];
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for integrators' own web apps (decision 021): origins listed in CORS_ALLOWED_ORIGINS (`*` for any) may call
 * the API from a browser. Credentials are an explicit `Authorization` header, never cookies, so
 * `Access-Control-Allow-Credentials` is never sent. A preflight is answered here, before authentication (browsers
 * send it without credentials); for an origin not listed it carries no CORS headers, and the browser stops there.
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  const anyOrigin = allowedOrigins.includes('*');
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.get('origin');
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    if (origin !== undefined) res.vary('Origin');
    const permitted = origin !== undefined && (anyOrigin || allowed.has(origin));
    if (permitted) {
      res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    }
    if (!preflight) return next();
    if (permitted) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS.join(', '));
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    res.status(204).end();
  };
}
