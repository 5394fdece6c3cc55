import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentTraceId } from '@vi/platform-tracing';

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
 * `LOG_FORMAT=pretty` writes one readable line per entry (time, service,
 * message, fields); `json` one JSON object per line for log collectors. The
 * default is pretty for a person at a terminal and JSON everywhere else.
 */
export function logFormat(): 'pretty' | 'json' {
  return (process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty' ? 'pretty' : 'json';
}

function destination(): DestinationStream | undefined {
  if (logFormat() !== 'pretty') return undefined;
  prettyStream ??= pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,name,service',
    messageFormat: '{service}: {msg}',
    singleLine: true,
  });
  return prettyStream;
}
let prettyStream: DestinationStream | undefined;

/**
 * A pino logger per service. Secrets never reach it: config objects are not
 * logged, and the redact paths below catch credentials that slip into bindings.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['authorization', 'req.headers.authorization', '*.api_key', '*.apiKey', '*.password', '*.secret'],
    // The request's correlation id, and its trace id when tracing is on: from a log line to the trace.
    mixin: () => {
      const correlationId = currentCorrelationId();
      const traceId = currentTraceId();
      return traceId ? { correlationId, traceId } : correlationId ? { correlationId } : {};
    },
  };
  const stream = destination();
  return stream ? pino(options, stream) : pino(options);
}
