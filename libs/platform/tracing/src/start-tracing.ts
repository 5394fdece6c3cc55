import { context, diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import { setTracingEnabled, tracingEnabled } from './spans';

export interface TracingOptions {
  /** `service.name` of this process's spans (`OTEL_SERVICE_NAME` overrides it). */
  serviceName: string;
  /** Where the SDK's own troubles go (an unreachable collector); warnings and errors only. */
  logger?: Logger;
  /** Tests: every span goes here as it ends, instead of over OTLP, whatever the environment says. */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Whether spans are recorded and exported in this process. */
  enabled: boolean;
  /** Exports the spans still buffered, then stops tracing (call it last when the process stops). */
  shutdown(): Promise<void>;
}

/**
 * Whether the standard OpenTelemetry variables ask for spans: an OTLP endpoint is set, and neither
 * `OTEL_SDK_DISABLED=true` nor `OTEL_TRACES_EXPORTER=none` turns it off. The SDK reads the rest of them itself
 * (headers, timeouts, the sampler, the batch sizes).
 */
export function otlpTracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

const DISABLED: Tracing = { enabled: false, shutdown: async () => undefined };

/**
 * Once per process, before any service starts: registers the OpenTelemetry SDK (spans batched to the OTLP/HTTP
 * endpoint of `OTEL_EXPORTER_OTLP_ENDPOINT`, W3C trace context, context kept across awaits by AsyncLocalStorage)
 * when the environment asks for it. Otherwise nothing is loaded or registered: the API stays its own no-op and
 * the helpers of this library return at once (decision 031).
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  if (tracingEnabled()) throw new Error('tracing is already started in this process');
  if (!options.exporter && !otlpTracingConfigured()) return DISABLED;
  // Loaded only now: a process that does not trace never reads the SDK's modules.
  const [sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const processor = options.exporter
    ? new sdk.SimpleSpanProcessor(options.exporter)
    : new sdk.BatchSpanProcessor(new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter());
  const provider = new sdk.BasicTracerProvider({
    // Ours, then the host's name (the pod's, in Kubernetes), then OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.name': options.serviceName }))
      .merge(resources.detectResources({ detectors: [resources.hostDetector, resources.envDetector] })),
    spanProcessors: [processor],
  });
  if (options.logger) {
    const logger = options.logger;
    const log =
      (level: 'warn' | 'error') =>
      (message: string, ...args: unknown[]) =>
        logger[level]({ args }, `opentelemetry: ${message}`);
    diag.setLogger({ error: log('error'), warn: log('warn'), info: () => undefined, debug: () => undefined, verbose: () => undefined }, DiagLogLevel.WARN);
  }
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracingEnabled(true);
  return {
    enabled: true,
    shutdown: async () => {
      setTracingEnabled(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      diag.disable();
    },
  };
}
