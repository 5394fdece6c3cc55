import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  Metadata,
  status,
  type CallOptions,
  type Client,
  type ClientReadableStream,
  type ClientUnaryCall,
  type ClientWritableStream,
  type ServiceError,
} from '@grpc/grpc-js';
import CircuitBreaker from 'opossum';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { currentCorrelationId } from '@vi/platform-logger';
import { withContext } from '@vi/platform-tracing';
import { observeCall, setTraceMetadata } from './call-observation';
import { fromGrpcError, isClientError } from './grpc-errors';
import { AUTHORIZATION_METADATA, CORRELATION_METADATA } from './grpc-server';
import type { Principal, PrincipalTokens } from './principal';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

type ClientStreamMethod<Req, Res> = (
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientWritableStream<Req>;

type ServerStreamMethod<Req, Res> = (request: Req, metadata: Metadata, options?: Partial<CallOptions>) => ClientReadableStream<Res>;

export interface UpstreamCallOptions {
  principal: Principal;
  /** Absolute deadline, usually the incoming request's; defaults to now + the client's default. */
  deadline?: Date;
  /** Reads are retried on UNAVAILABLE; writes only when the call never left (no connection to send it on). */
  idempotent?: boolean;
  /**
   * The breaker this call counts against (default: the upstream's one). Calls of a kind that anyone can flood
   * (sign-in) get their own, so their failures never refuse the upstream's other calls (decision 035).
   */
  breaker?: string;
}

export interface UpstreamClientOptions {
  defaultDeadlineMs?: number;
  retries?: number;
  /** Breaker: fraction of failing calls (0–100) that opens it, and how long it stays open. */
  errorThresholdPercentage?: number;
  resetTimeoutMs?: number;
}

/** How long a call that found no connection waits for the channel to reconnect before it fails (503). */
const RECONNECT_WAIT_MS = 2_000;

/**
 * A typed gRPC client for one upstream: signed principal, correlation id and
 * trace context on every call (each call a client span), a deadline on every call, retries for idempotent reads on
 * UNAVAILABLE and for any call that never reached the service, and one circuit
 * breaker that ignores client errors.
 */
export class UpstreamClient<C extends Client> {
  private readonly breakers = new Map<string, CircuitBreaker<[() => Promise<unknown>], unknown>>();

  constructor(
    readonly name: string,
    readonly client: C,
    private readonly tokens: PrincipalTokens,
    private readonly options: UpstreamClientOptions = {},
  ) {}

  /** One breaker per kind of call, made when first used. */
  private breakerFor(kind: string): CircuitBreaker<[() => Promise<unknown>], unknown> {
    let breaker = this.breakers.get(kind);
    if (!breaker) {
      breaker = new CircuitBreaker((operation: () => Promise<unknown>) => operation(), {
        timeout: false,
        errorThresholdPercentage: this.options.errorThresholdPercentage ?? 50,
        resetTimeout: this.options.resetTimeoutMs ?? 5_000,
        volumeThreshold: 10,
        errorFilter: (error: unknown) => isClientError(error),
      });
      this.breakers.set(kind, breaker);
    }
    return breaker;
  }

  async call<Req, Res>(pick: (client: C) => UnaryMethod<Req, Res>, request: Req, options: UpstreamCallOptions): Promise<Res> {
    const deadline = options.deadline ?? new Date(Date.now() + (this.options.defaultDeadlineMs ?? 5_000));
    const method = pick(this.client).bind(this.client);
    const attempts = 1 + (this.options.retries ?? 2);
    const observed = observeCall('client', pathOf(pick(this.client)));
    try {
      const response = (await withContext(observed.context, () =>
        this.breakerFor(options.breaker ?? 'default').fire(() => this.attempt(method, request, options, deadline, attempts)),
      )) as Res;
      observed.end(status.OK);
      return response;
    } catch (error) {
      const breakerOpen = (error as { code?: unknown }).code === 'EOPENBREAKER';
      observed.end(breakerOpen ? status.UNAVAILABLE : (error as ServiceError).code);
      if (breakerOpen) {
        throw new AppError(ErrorKind.Unavailable, 'api.service_unavailable', `The ${this.name} service is unavailable; retry later`);
      }
      throw fromGrpcError(error, this.name);
    }
  }

  /**
   * Client streaming (uploads): `messages` is pulled as the upstream takes it,
   * so a large body never sits in memory. Never retried.
   */
  async clientStream<Req, Res>(pick: (client: C) => ClientStreamMethod<Req, Res>, messages: AsyncIterable<Req>, options: UpstreamCallOptions): Promise<Res> {
    const method = pick(this.client).bind(this.client);
    const deadline = options.deadline ?? new Date(Date.now() + (this.options.defaultDeadlineMs ?? 5_000));
    let sourceError: unknown;
    const observed = observeCall('client', pathOf(pick(this.client)));
    try {
      const response = await new Promise<Res>((resolve, reject) => {
        const metadata = withContext(observed.context, () => this.metadataFor(options.principal));
        const call = method(metadata, { deadline }, (error, response) => (error ? reject(error) : resolve(response)));
        pipeline(Readable.from(messages), call as unknown as NodeJS.WritableStream).catch((error: unknown) => {
          sourceError = error;
          call.cancel();
        });
      });
      observed.end(status.OK);
      return response;
    } catch (error) {
      observed.end((error as ServiceError).code);
      throw sourceError instanceof AppError ? sourceError : fromGrpcError(sourceError ?? error, this.name);
    }
  }

  /** Server streaming (downloads): the responses as they come; errors are AppErrors. */
  async *serverStream<Req, Res>(pick: (client: C) => ServerStreamMethod<Req, Res>, request: Req, options: UpstreamCallOptions): AsyncGenerator<Res> {
    const method = pick(this.client).bind(this.client);
    const deadline = options.deadline ?? new Date(Date.now() + (this.options.defaultDeadlineMs ?? 5_000));
    const observed = observeCall('client', pathOf(pick(this.client)));
    const call = method(
      request,
      withContext(observed.context, () => this.metadataFor(options.principal)),
      { deadline },
    );
    let code: number | undefined = status.CANCELLED;
    try {
      for await (const response of call) yield response as Res;
      code = status.OK;
    } catch (error) {
      code = (error as ServiceError).code;
      throw fromGrpcError(error, this.name);
    } finally {
      observed.end(code);
      call.cancel();
    }
  }

  private metadataFor(principal: Principal): Metadata {
    const metadata = new Metadata();
    metadata.set(AUTHORIZATION_METADATA, `Bearer ${this.tokens.sign(principal)}`);
    const correlationId = currentCorrelationId();
    if (correlationId) metadata.set(CORRELATION_METADATA, correlationId);
    setTraceMetadata(metadata);
    return metadata;
  }

  private async attempt<Req, Res>(
    method: UnaryMethod<Req, Res>,
    request: Req,
    options: UpstreamCallOptions,
    deadline: Date,
    attemptsLeft: number,
  ): Promise<Res> {
    try {
      return await new Promise<Res>((resolve, reject) => {
        method(request, this.metadataFor(options.principal), { deadline }, (error, response) => (error ? reject(error) : resolve(response)));
      });
    } catch (error) {
      if (attemptsLeft <= 1 || (error as ServiceError).code !== status.UNAVAILABLE) throw error;
      // Not sent at all (the channel had no connection, e.g. a restarted service while we were in reconnect
      // backoff): safe to send again, writes included, as soon as the channel is back.
      if (neverSent(error)) {
        if (!(await this.reconnected(deadline))) throw error;
        return this.attempt(method, request, options, deadline, attemptsLeft - 1);
      }
      const backoffMs = 50 * 2 ** (3 - Math.min(attemptsLeft, 3));
      if (!options.idempotent || Date.now() + backoffMs >= deadline.getTime()) throw error;
      await new Promise((r) => setTimeout(r, backoffMs));
      return this.attempt(method, request, options, deadline, attemptsLeft - 1);
    }
  }

  /** Waits (briefly) for the channel to be connected again; false if it is not by then. */
  private reconnected(deadline: Date): Promise<boolean> {
    const until = new Date(Math.min(deadline.getTime(), Date.now() + RECONNECT_WAIT_MS));
    return new Promise((resolve) => this.client.waitForReady(until, (error) => resolve(!error)));
  }

  close(): void {
    for (const breaker of this.breakers.values()) breaker.shutdown();
    this.client.close();
  }
}

/** The method's `/package.Service/Method` (grpc-js attaches it to each generated client method). */
function pathOf(method: unknown): string {
  return (method as { path?: string }).path ?? 'unknown';
}

/** grpc-js fails a call at once with this when the channel has no connection to send it on: it never left. */
function neverSent(error: unknown): boolean {
  return /No connection established/.test((error as ServiceError).details ?? '');
}

/**
 * Channel options of every client of one of our services:
 * - calls are spread over every address the target resolves to (a headless Service in Kubernetes gives one per
 *   pod) instead of pinning one HTTP/2 connection;
 * - a lost connection is retried after 100 ms, then at most every second (grpc-js defaults: 1 s growing to 120 s,
 *   which kept a restarted service unreachable for a while after its readiness);
 * - keepalive pings during calls notice a peer that vanished without closing the connection (a killed pod).
 */
export const UPSTREAM_CHANNEL_OPTIONS = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.initial_reconnect_backoff_ms': 100,
  'grpc.max_reconnect_backoff_ms': 1_000,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
};
