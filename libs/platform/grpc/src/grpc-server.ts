import { Server, ServerCredentials, status, type ServiceDefinition, type UntypedServiceImplementation, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { withCorrelationId, type Logger } from '@vi/platform-logger';
import { toGrpcError } from './grpc-errors';
import type { Principal, PrincipalTokens, UserPrincipal } from './principal';

export const AUTHORIZATION_METADATA = 'authorization';
export const CORRELATION_METADATA = 'x-correlation-id';

export interface CallContext {
  principal: Principal;
  /** The caller's deadline: pass it on to every downstream call. */
  deadline: Date | undefined;
  /** The user the call acts for; throws unauthenticated for service principals. */
  user(): UserPrincipal;
}

export type UnaryHandler<Req, Res> = (request: Req, context: CallContext) => Promise<Res>;

/** Handlers for every method of a ts-proto service definition. */
export type UnaryHandlers<D extends ServiceDefinition> = {
  [K in keyof D]: D[K] extends { requestDeserialize: (b: Buffer) => infer Req; responseSerialize: (v: infer Res) => Buffer }
    ? UnaryHandler<Req, Res>
    : never;
};

function deadlineOf(call: ServerUnaryCall<unknown, unknown>): Date | undefined {
  const deadline = call.getDeadline();
  if (deadline instanceof Date) return deadline;
  if (typeof deadline === 'number' && Number.isFinite(deadline)) return new Date(deadline);
  return undefined;
}

/**
 * A gRPC server whose every call carries a verified principal token and a
 * correlation id, and whose handlers are plain async functions: an AppError
 * becomes its gRPC status, anything else INTERNAL without internals.
 */
export class GrpcServer {
  private readonly server = new Server();

  constructor(
    private readonly tokens: PrincipalTokens,
    private readonly logger: Logger,
  ) {}

  add<D extends ServiceDefinition>(definition: D, handlers: UnaryHandlers<D>): this {
    const implementation: UntypedServiceImplementation = {};
    for (const name of Object.keys(definition)) {
      const handler = handlers[name as keyof D] as UnaryHandler<unknown, unknown>;
      implementation[name] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
        this.handle(name, handler, call, callback);
    }
    this.server.addService(definition, implementation);
    return this;
  }

  private handle(
    method: string,
    handler: UnaryHandler<unknown, unknown>,
    call: ServerUnaryCall<unknown, unknown>,
    callback: sendUnaryData<unknown>,
  ): void {
    const correlationId = call.metadata.get(CORRELATION_METADATA)[0]?.toString();
    withCorrelationId(correlationId, () => {
      const bearer = call.metadata.get(AUTHORIZATION_METADATA)[0]?.toString() ?? '';
      const principal = this.tokens.verify(bearer.replace(/^Bearer /, ''));
      if (!principal) {
        callback({ code: status.UNAUTHENTICATED, details: 'missing or invalid principal token' });
        return;
      }
      const context: CallContext = {
        principal,
        deadline: deadlineOf(call),
        user: () => {
          if (principal.kind !== 'user') {
            throw new AppError(ErrorKind.Unauthenticated, 'api.user_required', 'This operation acts for a user');
          }
          return principal;
        },
      };
      handler(call.request, context).then(
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
    });
  }

  listen(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.bindAsync(address, ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      );
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
