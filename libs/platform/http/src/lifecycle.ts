import type { Logger } from 'pino';
import { startHealthServer } from './health-server';

/** What every started process returns (each service adds its own ports and handles): the same shape everywhere. */
export type Running<T extends object = object> = T & {
  /** The health server's port: `/healthz`, `/readyz`, `/metrics`. */
  healthPort: number;
  /** Readiness off, then everything the process started stopped in reverse order; a second call waits for the first. */
  stop(): Promise<void>;
};

/**
 * A process's start/stop lifecycle, written once. Each resource is registered as it starts, so it is stopped
 * after everything that started later and may use it (the gRPC server before the consumers, those before the
 * database). A stop that fails is logged with its cause and does not keep the others from stopping.
 */
export class Lifecycle {
  private readonly stops: { name: string; stop: () => unknown }[] = [];
  private ready = false;
  private stopping: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  /** What `/readyz` answers: true from `markReady()` until `stop()` begins. */
  readonly isReady = (): boolean => this.ready;

  /** Registers what just started and how to stop it (`name` says which in a failure's log line); returns it. */
  add<T>(name: string, resource: T, stop: (resource: T) => unknown): T {
    this.stops.push({ name, stop: () => stop(resource) });
    return resource;
  }

  markReady(): void {
    if (!this.stopping) this.ready = true;
  }

  /** Readiness off first (load balancers stop sending), then every registered stop, the last registered first. */
  stop(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    this.ready = false;
    const failed: Error[] = [];
    for (const { name, stop } of [...this.stops].reverse()) {
      try {
        await stop();
      } catch (error) {
        this.logger.error({ err: error, resource: name }, `stopping ${name} failed`);
        failed.push(new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      }
    }
    if (failed.length > 0) throw new AggregateError(failed, `stopping failed: ${failed.map((error) => error.message).join('; ')}`);
  }
}

/**
 * Starts a process the one way every service does: its health server first (alive, not ready), then `start`, which
 * registers each resource with the lifecycle as it starts it and returns what callers may use (ports, sweeps). Then
 * readiness turns on and one line logs `<name> ready` with the returned numbers (the ports). A start that fails
 * stops what had started, in reverse order, and fails with its own error.
 */
export async function startProcess<T extends object>(
  name: string,
  options: { healthPort: number; logger: Logger },
  start: (lifecycle: Lifecycle) => Promise<T>,
): Promise<Running<T>> {
  const lifecycle = new Lifecycle(options.logger);
  const health = await startHealthServer(options.healthPort, lifecycle.isReady);
  lifecycle.add('health server', health, (server) => server.close());
  let started: T;
  try {
    started = await start(lifecycle);
  } catch (error) {
    // Each failed stop is already logged; the start's own error is the one to report.
    await lifecycle.stop().catch(() => undefined);
    throw error;
  }
  lifecycle.markReady();
  const ports = Object.fromEntries(Object.entries(started).filter(([, value]) => typeof value === 'number'));
  options.logger.info({ ...ports, healthPort: health.port }, `${name} ready`);
  return Object.assign(started, { healthPort: health.port, stop: () => lifecycle.stop() });
}
