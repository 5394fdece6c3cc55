import { withCorrelationId } from '@vi/platform-logger';
import { contextFromHeaders, inSpan, linkFromHeaders, SpanKind, traceHeaderNames, traceHeaders, tracer, type TraceHeaders } from '@vi/platform-tracing';
import type { BatchHandler, BusMessage, MessageHandler } from './event-bus';

const busTracer = tracer('@vi/platform-bus');

/**
 * Publishes an event the outbox recorded: in a PRODUCER span that is a child of the span that recorded it (the
 * request's, carried by the outbox row), and with that producer span's context in the message's headers.
 */
export function publishInSpan(
  message: Omit<BusMessage, 'trace'>,
  recordedBy: TraceHeaders | null | undefined,
  publish: (message: BusMessage) => Promise<void>,
): Promise<void> {
  return inSpan(
    busTracer,
    `publish ${message.subject}`,
    {
      kind: SpanKind.PRODUCER,
      parent: contextFromHeaders(recordedBy ?? undefined),
      attributes: { 'messaging.operation.type': 'send', 'messaging.destination.name': message.subject, 'messaging.message.id': message.id },
    },
    () => publish({ ...message, trace: traceHeaders() }),
  );
}

/**
 * How every handler of every consumer runs, whichever bus delivered the message: with the correlation id of the
 * request that caused the event (its log lines and the events it records carry it on), in a CONSUMER span that is a
 * child of the span that published the event. `consumer` is the durable's name (none for broadcast subscribers).
 */
export function handleDelivered(message: BusMessage, handler: MessageHandler, options: { consumer?: string; system?: string } = {}): Promise<void> {
  return withCorrelationId(message.correlationId, () =>
    inSpan(
      busTracer,
      `process ${message.subject}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFromHeaders(message.trace),
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.destination.name': message.subject,
          'messaging.message.id': message.id,
          ...(options.consumer ? { 'messaging.consumer.group.name': options.consumer } : {}),
          ...(options.system ? { 'messaging.system': options.system } : {}),
        },
      },
      () => handler(message),
    ),
  );
}

/**
 * How a batch handler runs (decision 051): in one CONSUMER span, a new trace linked to the span that published each
 * message (a batch has many parents; OpenTelemetry's convention for batch processing), under a correlation id of its own.
 */
export function handleDeliveredBatch(messages: BusMessage[], handler: BatchHandler, options: { consumer: string; system?: string }): Promise<void> {
  return withCorrelationId(undefined, () =>
    inSpan(
      busTracer,
      `process batch ${options.consumer}`,
      {
        kind: SpanKind.CONSUMER,
        links: messages.flatMap((message) => linkFromHeaders(message.trace) ?? []),
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.batch.message_count': messages.length,
          'messaging.consumer.group.name': options.consumer,
          ...(options.system ? { 'messaging.system': options.system } : {}),
        },
      },
      () => handler(messages),
    ),
  );
}

/** The trace headers among a message's headers (none when tracing is off in this process). */
export function traceOfHeaders(get: (name: string) => string | undefined): TraceHeaders | undefined {
  const found = traceHeaderNames().flatMap((name) => {
    const value = get(name);
    return value ? [[name, value] as const] : [];
  });
  return found.length > 0 ? Object.fromEntries(found) : undefined;
}
