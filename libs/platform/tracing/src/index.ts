export * from './spans';
export { otlpTracingConfigured, startTracing, type Tracing, type TracingOptions } from './start-tracing';
