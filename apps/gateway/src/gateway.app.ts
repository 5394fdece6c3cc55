import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import express, { Router, type Express } from 'express';
import { withCorrelationId, type Logger } from '@vi/platform-logger';
import { accessLog } from './http/access-log';
import { requestSpan } from './http/request-span';
import { authentication } from './auth/authentication';
import type { PrincipalCache } from './auth/principal-cache';
import { cors } from './http/cors';
import { sessionIdFrom, type SessionCookieSettings } from './auth/session-cookie';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { gatedByFirstSegment } from './http/first-segment-gate';
import { jsonBody, refuseMalformedPath, requireHostHeader } from './http/hostile-input';
import { webPages } from './http/web-pages';
import { idempotency } from './idempotency/idempotency';
import { apiDocsPage } from './openapi/api-docs';
import type { IdempotencyStore } from './idempotency/idempotency-store';
import type { RateLimits } from './rate-limit/rate-limits';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimits } from './rate-limit/sign-in-limits';
import { apiRouters } from './routes/api-routes';
import type { Upstreams } from './upstream/upstreams';

export interface GatewayAppDeps {
  upstreams: Upstreams;
  cache: PrincipalCache;
  limits: RateLimits;
  logger: Logger;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  trustProxy: string;
  corsAllowedOrigins: string[];
  idempotency: { store: IdempotencyStore; keyPrefix: string; sealingSecret: string };
  /** The web pages' sessions; without them, a plain-http cookie, our own origin only, sign-in limits in memory. */
  sessions?: SessionCookieSettings;
  signInLimits?: SignInLimits;
  /** The object store's origin, allowed to serve the web pages' videos (MEDIA_PLAYBACK_ORIGIN, decision 024). */
  mediaPlaybackOrigin?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The HTTP surface: `/v1.0` behind API-key auth and rate limits, JSON errors everywhere. */
export function createGatewayApp(deps: GatewayAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on API answers: Express would hash every body (a page of jobs: 44 KB of SHA-1 per request) for
  // conditional GETs no integrator of a paged, rate-limited API sends (decision 023). Static pages keep theirs.
  app.set('etag', false);
  // Empty: no proxy is trusted, the client is the connection's peer (Express would read '' as an address).
  app.set('trust proxy', deps.trustProxy.trim() === '' ? false : deps.trustProxy);

  // One correlation id from the HTTP request into gRPC metadata, events and logs. Every answer (JSON, a video, an
  // error, a page) is read as the type it declares, never sniffed into another (decision 017).
  app.use((req, res, next) => {
    const incoming = req.get('X-Request-Id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    withCorrelationId(requestId, () => next());
  });
  // One trace from the HTTP request through gRPC metadata and events (off unless OTLP is configured).
  app.use(requestSpan());
  app.use(accessLog(deps.logger));
  app.use(requireHostHeader, refuseMalformedPath);

  app.get('/assets/default-avatar.svg', (_req, res) => {
    res.type('image/svg+xml').setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(join(__dirname, 'assets/default-avatar.svg'));
  });

  const sessions = deps.sessions ?? { secure: false, allowedOrigins: [] };
  const authenticate = authentication({ ...deps, sessions });
  const v1 = Router();
  v1.use(authenticate);
  v1.use(jsonBody);
  v1.use(idempotency({ ...deps.idempotency, requestTimeoutMs: deps.requestTimeoutMs, uploadTimeoutMs: deps.uploadTimeoutMs, logger: deps.logger }));
  const routers = apiRouters({ ...deps, sessions, authenticate, signInLimits: deps.signInLimits ?? new SignInLimits(DEFAULT_SIGN_IN_LIMITS) });
  // Each router is skipped in one step by a request none of its paths can match (decision 056).
  for (const router of routers.authenticated) v1.use(gatedByFirstSegment(router));
  // Browser apps of listed origins; preflights are answered before authentication.
  app.use('/v1.0', cors(deps.corsAllowedOrigins));
  // The API description (no key needed), share links' public side (no API key) and the web pages' sign-in,
  // set-password and session endpoints: before the authenticated routes.
  for (const router of routers.open) app.use('/v1.0', gatedByFirstSegment(router));
  app.use('/v1.0', v1);
  // The API description's reference page.
  app.use(apiDocsPage());
  // The candidate's and the reviewer's pages: the targets of invitation and share links.
  app.use(webPages(undefined, { mediaOrigin: deps.mediaPlaybackOrigin, hasSessionCookie: (req) => sessionIdFrom(req, sessions) !== undefined }));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
