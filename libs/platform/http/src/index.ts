import type { Logger } from 'pino';

export { startHealthServer, type HealthServer } from './health-server';
export { Lifecycle, startProcess, type Running } from './lifecycle';

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
