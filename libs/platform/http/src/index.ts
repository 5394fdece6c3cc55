import { createLogger, type Logger } from '@vi/platform-logger';
import { startTracing } from '@vi/platform-tracing';

export { startHealthServer, type HealthServer } from './health-server';
export { Lifecycle, startProcess, type Running } from './lifecycle';
export { isPublicAddress, isRefusedLiteralTarget, targetUrlErrors } from './address-policy';
export { JITTER, jittered, nextRetryDelay, parseRetryAfter, type RetryPolicy } from './retry-schedule';
export { guardedLookup, HttpOutboundSender, MAX_RESPONSE_BYTES, type OutboundRequest, type OutboundResult } from './outbound-sender';

/**
 * Runs `stop` once on SIGTERM/SIGINT (drain in-flight work, close pools), then
 * exits; a second signal or the grace period forces the exit.
 */
export function exitOnSignals(logger: Logger, stop: () => Promise<void>, graceMs = 25_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), graceMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/**
 * The `main` of a service run alone (a container, `npm run serve:<service>`, `npm run start:services`): its logger,
 * tracing set up before anything starts (exported only when OTEL_EXPORTER_OTLP_ENDPOINT is set), the service, and
 * on SIGTERM its drain, then the last spans sent. A failed start prints why and exits 1.
 */
export function runService(name: string, start: (logger: Logger) => Promise<{ stop(): Promise<void> }>): void {
  const run = async () => {
    const logger = createLogger(name);
    const tracing = await startTracing({ serviceName: name, logger });
    const service = await start(logger);
    exitOnSignals(logger, async () => {
      await service.stop();
      await tracing.shutdown();
    });
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
