import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { connectEventBus, startConsumers, type EventBus } from '@vi/platform-bus';
import { PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger, type Logger } from '@vi/platform-logger';
import { PrincipalCache } from './auth/principal-cache';
import { revocationConsumer } from './auth/revocation.subscriber';
import type { GatewayConfig } from './config';
import { createGatewayApp } from './gateway.app';
import { answerClientError } from './http/client-errors';
import { MemoryIdempotencyStore, RedisIdempotencyStore } from './idempotency/idempotency-store';
import { RateLimits } from './rate-limit/rate-limits';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimits } from './rate-limit/sign-in-limits';
import { originOf } from './auth/session-cookie';
import { connectUpstreams } from './upstream/upstreams';
import { attachLiveSignaling } from './live/live-signaling';
import { LiveRooms } from './live/live-rooms';

export type RunningGateway = Running<{ port: number }>;

/** Wiring only: config → adapters → the Express app, each resource registered with the lifecycle as it starts. */
export function startGateway(config: GatewayConfig, shared: { bus?: EventBus; logger?: Logger; rateLimitPrefix?: string } = {}): Promise<RunningGateway> {
  const logger = shared.logger ?? createLogger('gateway');
  return startProcess('gateway', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    // enableOfflineQueue off: when Redis is down, commands fail at once and the
    // in-memory insurance limiter takes over instead of requests hanging.
    // Auto-pipelining: the limits' commands of one request (and of concurrent ones) leave in one write.
    const redis = config.redisUrl
      ? lifecycle.add('redis', new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, enableAutoPipelining: true }), (r) =>
          r.disconnect(),
        )
      : undefined;
    redis?.on('error', (error) => logger.warn({ err: error }, 'redis error; rate limits fall back to memory'));
    if (!redis) logger.info("REDIS_URL is not set: rate limits are counted in this replica's memory");
    const limits = new RateLimits({ ...config.rateLimit, redis, keyPrefix: shared.rateLimitPrefix });
    const cache = new PrincipalCache(config.principalCacheTtlMs);
    // Idempotency records live where the rate limits do: Redis shared by every replica, or this process's memory.
    const idempotencyStore = redis ? new RedisIdempotencyStore(redis) : lifecycle.add('idempotency records', new MemoryIdempotencyStore(), (m) => m.close());
    const idempotencyPrefix = shared.rateLimitPrefix ? `${shared.rateLimitPrefix}:idem` : 'idem';
    const bus = shared.bus ?? lifecycle.add('event bus', await connectEventBus({ ...config.bus, logger }), (b) => b.close());
    lifecycle.add('event consumers', await startConsumers(bus, [revocationConsumer(cache, logger)]), (c) => c.close());
    const upstreams = lifecycle.add('upstream clients', connectUpstreams(config.upstreams, new PrincipalTokens(config.secrets.internalJwt)), (u) => u.close());

    const signInLimits = new SignInLimits(
      { ...DEFAULT_SIGN_IN_LIMITS, perAccount: config.web.signInFailuresPerAccount, perIp: config.web.signInFailuresPerIp },
      { redis, keyPrefix: shared.rateLimitPrefix },
    );
    const sessions = {
      secure: config.web.publicBaseUrl.startsWith('https:'),
      allowedOrigins: [...new Set([originOf(config.web.publicBaseUrl), originOf(config.web.watchBaseUrl)])],
    };
    const app = createGatewayApp({
      upstreams,
      cache,
      limits,
      logger,
      requestTimeoutMs: config.requestTimeoutMs,
      uploadTimeoutMs: config.http.uploadTimeoutMs,
      trustProxy: config.trustProxy,
      corsAllowedOrigins: config.corsAllowedOrigins,
      idempotency: { store: idempotencyStore, keyPrefix: idempotencyPrefix, sealingSecret: config.secrets.internalJwt },
      sessions,
      signInLimits,
      mediaPlaybackOrigin: config.web.mediaPlaybackOrigin,
    });
    const server = createHttpServer(app, config.http);
    const rooms = lifecycle.add('live call rooms', await new LiveRooms(bus).start(), (r) => r.close());
    const signaling = await attachLiveSignaling(server, {
      upstreams,
      rooms,
      bus,
      sessions,
      limits,
      ice: config.ice,
      requestTimeoutMs: config.requestTimeoutMs,
      trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
      logger,
    });
    await new Promise<void>((resolve) => server.listen(config.port, resolve));
    // Stop accepting, let in-flight requests finish, then close the rest.
    lifecycle.add('HTTP server', server, async (s) => {
      await new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeAllConnections();
    });
    // Stopped first (reverse order): the calls' sockets close with "going away" and the pages reconnect elsewhere.
    lifecycle.add('live call signaling', signaling, (s) => s.close());
    return { port: (server.address() as AddressInfo).port };
  });
}

/**
 * Timeouts sized for take uploads on slow links: a request may take up to `uploadTimeoutMs` to arrive as long as
 * bytes keep coming (a socket silent for `idleTimeoutMs` is closed), instead of Node's 300 s for everything.
 * Keep-alive outlives the 60 s idle timeout of common load balancers, so they never reuse a connection we closed;
 * the headers timeout is just above it, so a reused connection is never cut while its next request arrives. A missing Host header is refused by
 * the app (requireHostHeader) so that the 400 carries our JSON body rather than Node's empty one.
 */
function createHttpServer(app: ReturnType<typeof createGatewayApp>, timeouts: GatewayConfig['http']): Server {
  const server = createServer(
    {
      requireHostHeader: false,
      requestTimeout: timeouts.uploadTimeoutMs,
      headersTimeout: Math.min(timeouts.keepAliveTimeoutMs + 1_000, timeouts.uploadTimeoutMs),
    },
    app,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.timeout = timeouts.idleTimeoutMs;
  server.on('clientError', answerClientError);
  return server;
}
