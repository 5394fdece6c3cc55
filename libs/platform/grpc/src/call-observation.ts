import { status, type Metadata } from '@grpc/grpc-js';
import {
  contextFromHeaders,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  startSpan,
  traceHeaderNames,
  traceHeaders,
  tracer,
  tracingEnabled,
  type Context,
} from '@vi/platform-tracing';
import { grpcClientSeconds, grpcServerSeconds, statusName } from './grpc-metrics';

const grpcTracer = tracer('@vi/platform-grpc');

/** Statuses that are the server's own failure; the others (NOT_FOUND, INVALID_ARGUMENT, …) answer the caller's request. */
const SERVER_FAULTS = new Set<number>([status.UNKNOWN, status.DEADLINE_EXCEEDED, status.UNIMPLEMENTED, status.INTERNAL, status.UNAVAILABLE, status.DATA_LOSS]);

export interface ObservedCall {
  /** The context the call's work runs in: its span is the parent of what the work does. */
  context: Context;
  /** Records the call's duration and ends its span, with the call's status code. */
  end(code: number | undefined): void;
}

/**
 * The metrics and the span of one gRPC call, served (`server`, a child of the caller's span that `parent` carries)
 * or made (`client`, a child of the active span). `path` is the method's `/package.Service/Method`.
 */
export function observeCall(side: 'client' | 'server', path: string, parent?: Context): ObservedCall {
  const timer = (side === 'server' ? grpcServerSeconds : grpcClientSeconds).startTimer({ method: path });
  if (!tracingEnabled()) return { context: ROOT_CONTEXT, end: (code) => timer({ code: statusName(code) }) };
  const [service = '', method = ''] = path.replace(/^\//, '').split('/');
  const { span, context } = startSpan(
    grpcTracer,
    `${service}/${method}`,
    { kind: side === 'server' ? SpanKind.SERVER : SpanKind.CLIENT, attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method } },
    parent,
  );
  return {
    context,
    end: (code) => {
      timer({ code: statusName(code) });
      const known: number = code ?? status.UNKNOWN;
      span.setAttribute('rpc.grpc.status_code', known);
      if (known !== (status.OK as number) && (side === 'client' || SERVER_FAULTS.has(known)))
        span.setStatus({ code: SpanStatusCode.ERROR, message: statusName(known) });
      span.end();
    },
  };
}

/** Puts the active span's trace context in outgoing metadata (`traceparent`, `tracestate`). */
export function setTraceMetadata(metadata: Metadata): void {
  const headers = traceHeaders();
  if (headers) for (const [name, value] of Object.entries(headers)) metadata.set(name, value);
}

/** The caller's span that incoming metadata carries (the root context when none, or when tracing is off). */
export function traceContextOf(metadata: Metadata): Context {
  const names = traceHeaderNames();
  if (names.length === 0) return contextFromHeaders(undefined);
  return contextFromHeaders(Object.fromEntries(names.map((name) => [name, metadata.get(name)[0]?.toString()])));
}
