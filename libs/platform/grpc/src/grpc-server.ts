import { once } from 'node:events';
import {
  Server,
  ServerCredentials,
  status,
  type Metadata,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type UntypedServiceImplementation,
  type sendUnaryData,
  type ServiceError,
} from '@grpc/grpc-js';
import { AppError } from '@vi/platform-errors';
import { withCorrelationId, type Logger } from '@vi/platform-logger';
import { withContext } from '@vi/platform-tracing';
import { observeCall, traceContextOf } from './call-observation';
import { userOf } from './caller-kind';
import { toGrpcError } from './grpc-errors';
import type { Caller, Principal, PrincipalTokens, UserPrincipal } from './principal';

export const AUTHORIZATION_METADATA = 'authorization';
export const CORRELATION_METADATA = 'x-correlation-id';

export interface CallContext {
  principal: Principal;
  /** The caller's deadline: pass it on to every downstream call. */
  deadline: Date | undefined;
  /** The user the call acts for; throws unauthenticated for service principals. */
  user(): UserPrincipal;
}

/** The user a call acts for, and its deadline: what a use case passes on to other services. */
export function callerOf(context: CallContext): Caller {
  return { principal: context.user(), deadline: context.deadline };
}

export type UnaryHandler<Req, Res> = (request: Req, context: CallContext) => Promise<Res>;
/** Client streaming: the requests arrive as an async iterable (backpressure included). */
export type ClientStreamHandler<Req, Res> = (requests: AsyncIterable<Req>, context: CallContext) => Promise<Res>;
/** Server streaming: `send` resolves when the client can take more. */
export type ServerStreamHandler<Req, Res> = (request: Req, context: CallContext, send: (response: Res) => Promise<void>) => Promise<void>;

/** Handlers for every method of a ts-proto service definition, by the method's kind. */
export type UnaryHandlers<D extends ServiceDefinition> = {
  [K in keyof D]: D[K] extends {
    requestStream: infer RS;
    responseStream: infer SS;
    requestDeserialize: (b: Buffer) => infer Req;
    responseSerialize: (v: infer Res) => Buffer;
  }
    ? RS extends true
      ? ClientStreamHandler<Req, Res>
      : SS extends true
        ? ServerStreamHandler<Req, Res>
        : UnaryHandler<Req, Res>
    : never;
};

type AnyCall = { metadata: Metadata; getDeadline(): Date | number };

function deadlineOf(call: AnyCall): Date | undefined {
  const deadline = call.getDeadline();
  if (deadline instanceof Date) return deadline;
  if (typeof deadline === 'number' && Number.isFinite(deadline)) return new Date(deadline);
  return undefined;
}

/**
 * How long one client connection may live. Then the server sends GOAWAY: calls
 * in flight finish (no limit: a video stream may be long), and the client
 * connects again, resolving `dns:///<service>` anew, so its round-robin spreads
 * over the replicas there are now. Without it a client keeps the pods it found
 * first, and replicas added by scale-out get no calls. grpc-js adds ±10% jitter.
 */
export const MAX_CONNECTION_AGE_MS = 5 * 60_000;

/**
 * A gRPC server whose every call carries a verified principal token and a
 * correlation id, runs in a server span (a child of the caller's), and whose handlers are plain async functions: an AppError
 * becomes its gRPC status, anything else INTERNAL without internals.
 */
export class GrpcServer {
  private readonly server: Server;

  constructor(
    private readonly tokens: PrincipalTokens,
    private readonly logger: Logger,
    options: { maxConnectionAgeMs?: number } = {},
  ) {
    this.server = new Server({ 'grpc.max_connection_age_ms': options.maxConnectionAgeMs ?? MAX_CONNECTION_AGE_MS });
  }

  add<D extends ServiceDefinition>(definition: D, handlers: UnaryHandlers<D>): this {
    const implementation: UntypedServiceImplementation = {};
    for (const [name, method] of Object.entries(definition)) {
      const handler = handlers[name as keyof D] as unknown;
      if (method.requestStream) {
        implementation[name] = (call: ServerReadableStream<unknown, unknown>, callback: sendUnaryData<unknown>) =>
          this.handle(method.path, call, callback, (context) => (handler as ClientStreamHandler<unknown, unknown>)(call, context));
      } else if (method.responseStream) {
        implementation[name] = (call: ServerWritableStream<unknown, unknown>) =>
          this.handle(
            method.path,
            call,
            (error) => (error ? call.emit('error', error) : call.end()),
            async (context) => {
              await (handler as ServerStreamHandler<unknown, unknown>)(call.request, context, async (response) => {
                if (!call.write(response)) await once(call, 'drain');
              });
              return undefined;
            },
          );
      } else {
        implementation[name] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
          this.handle(method.path, call, callback, (context) => (handler as UnaryHandler<unknown, unknown>)(call.request, context));
      }
    }
    this.server.addService(definition, implementation);
    return this;
  }

  private handle(
    method: string,
    call: AnyCall,
    respond: (error: Partial<ServiceError> | null, response?: unknown) => void,
    run: (context: CallContext) => Promise<unknown>,
  ): void {
    const observed = observeCall('server', method, traceContextOf(call.metadata));
    const callback = (error: Partial<ServiceError> | null, response?: unknown) => {
      observed.end(error ? error.code : status.OK);
      respond(error, response);
    };
    const correlationId = call.metadata.get(CORRELATION_METADATA)[0]?.toString();
    withCorrelationId(correlationId, () =>
      withContext(observed.context, () => {
        const bearer = call.metadata.get(AUTHORIZATION_METADATA)[0]?.toString() ?? '';
        const principal = this.tokens.verify(bearer.replace(/^Bearer /, ''));
        if (!principal) {
          callback({ code: status.UNAUTHENTICATED, details: 'missing or invalid principal token' });
          return;
        }
        const context: CallContext = {
          principal,
          deadline: deadlineOf(call),
          user: () => userOf(principal),
        };
        run(context).then(
          (response) => callback(null, response),
          (error: unknown) => {
            if (error instanceof AppError) {
              callback(toGrpcError(error));
              return;
            }
            this.logger.error({ err: error, method }, 'unhandled error in gRPC handler');
            callback({ code: status.INTERNAL, details: 'internal error' });
          },
        );
      }),
    );
  }

  listen(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(address, ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port)));
    });
  }

  /** Finishes in-flight calls (up to `graceMs`), then closes. */
  shutdown(graceMs = 10_000): Promise<void> {
    return new Promise((resolve) => {
      const force = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, graceMs);
      this.server.tryShutdown(() => {
        clearTimeout(force);
        resolve();
      });
    });
  }
}
