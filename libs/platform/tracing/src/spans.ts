import {
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';

export { ROOT_CONTEXT, SpanKind, SpanStatusCode, type Context, type Span, type Tracer } from '@opentelemetry/api';

/**
 * W3C trace context as it travels between processes (`traceparent`, and `tracestate` when a vendor set one): in
 * gRPC metadata, in event message headers, in an outbox row until its event is relayed.
 */
export type TraceHeaders = Record<string, string>;

/** Headers as HTTP servers, gRPC metadata or NATS hand them over. */
type HeaderSource = Readonly<Record<string, string | string[] | undefined>>;

let enabled = false;

/**
 * Whether this process exports spans (startTracing found an endpoint, or a test gave an exporter). Until then every
 * helper here returns at once: no span objects, no context switches, no headers, as if tracing did not exist.
 */
export function tracingEnabled(): boolean {
  return enabled;
}

/** For startTracing only. */
export function setTracingEnabled(value: boolean): void {
  enabled = value;
}

/** The tracer of one part of the system (its instrumentation scope): `@vi/platform-grpc`, `gateway`, … */
export function tracer(scope: string): Tracer {
  return trace.getTracer(scope);
}

/** What a helper hands over when tracing is off: a span that records nothing (the API's own no-op). */
const NO_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** A started span and the context in which work belongs to it; the caller ends the span. */
export interface StartedSpan {
  span: Span;
  context: Context;
}

/** Starts a span, a child of `parent` (the active context by default), without making it active. */
export function startSpan(scope: Tracer, name: string, options: SpanOptions, parent?: Context): StartedSpan {
  if (!enabled) return { span: NO_SPAN, context: parent ?? ROOT_CONTEXT };
  const from = parent ?? context.active();
  const span = scope.startSpan(name, options, from);
  return { span, context: trace.setSpan(from, span) };
}

/** Runs `work` with `ctx` as the active context (the span's children and outgoing headers follow it). */
export function withContext<T>(ctx: Context, work: () => T): T {
  return enabled ? context.with(ctx, work) : work();
}

/**
 * Runs `work` in a new span (child of `options.parent`, or of the active context) that ends when `work` settles;
 * an error thrown by `work` marks the span failed and is thrown on.
 */
export async function inSpan<T>(scope: Tracer, name: string, options: SpanOptions & { parent?: Context }, work: (span: Span) => Promise<T>): Promise<T> {
  if (!enabled) return work(NO_SPAN);
  const { span, context: ctx } = startSpan(scope, name, options, options.parent);
  try {
    return await context.with(ctx, () => work(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span failed by `error` (its type and message as an exception event). */
export function failSpan(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
}

/** The W3C headers of `ctx` (the active context by default), or undefined when tracing is off or no span is active. */
export function traceHeaders(ctx: Context = context.active()): TraceHeaders | undefined {
  if (!enabled) return undefined;
  const headers: TraceHeaders = {};
  propagation.inject(ctx, headers);
  return headers.traceparent ? headers : undefined;
}

/** The names of the trace headers (`traceparent`, `tracestate`): what to copy from metadata or message headers. */
export function traceHeaderNames(): string[] {
  return enabled ? propagation.fields() : [];
}

/**
 * The remote parent that `headers` carry (a caller's span), or the root context when they carry none: a span
 * started under it continues the caller's trace.
 */
export function contextFromHeaders(headers: HeaderSource | undefined): Context {
  if (!enabled || !headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers);
}

/** A link to the span that `headers` name (a batch's span links to each message's publisher), or undefined when tracing is off or they name none. */
export function linkFromHeaders(headers: HeaderSource | undefined): Link | undefined {
  if (!enabled || !headers) return undefined;
  const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, headers));
  return spanContext && isSpanContextValid(spanContext) ? { context: spanContext } : undefined;
}

/** The active span's trace id (32 hex digits), or undefined when tracing is off or no span is active. */
export function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
