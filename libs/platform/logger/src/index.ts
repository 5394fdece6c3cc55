import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

interface RequestContext {
  correlationId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a correlation id that every log line and outgoing call inside it carries. */
export function withCorrelationId<T>(correlationId: string | undefined, fn: () => T): T {
  return context.run({ correlationId: correlationId || randomUUID() }, fn);
}

export function currentCorrelationId(): string | undefined {
  return context.getStore()?.correlationId;
}

/**
 * A pino logger per service. Secrets never reach it: config objects are not
 * logged, and the redact paths below catch credentials that slip into bindings.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['authorization', 'req.headers.authorization', '*.api_key', '*.apiKey', '*.password', '*.secret'],
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
  });
}
