import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError, ErrorKind, assertNever, isErrorKind, type FieldError } from '@vi/platform-errors';

const KIND = 'x-error-kind';
const CODE = 'x-error-code';
const REASON = 'x-error-reason';
const FIELDS = 'x-error-fields';
const RETRY_AFTER = 'x-error-retry-after';

export function grpcStatusOf(kind: ErrorKind): status {
  switch (kind) {
    case ErrorKind.InvalidArgument:
    case ErrorKind.UnsupportedMediaType:
      return status.INVALID_ARGUMENT;
    case ErrorKind.Unauthenticated:
      return status.UNAUTHENTICATED;
    case ErrorKind.PaymentRequired:
    case ErrorKind.Conflict:
    case ErrorKind.Unprocessable:
    case ErrorKind.MethodNotAllowed:
      return status.FAILED_PRECONDITION;
    case ErrorKind.PermissionDenied:
      return status.PERMISSION_DENIED;
    case ErrorKind.NotFound:
      return status.NOT_FOUND;
    case ErrorKind.PayloadTooLarge:
    case ErrorKind.ResourceExhausted:
      return status.RESOURCE_EXHAUSTED;
    case ErrorKind.RangeNotSatisfiable:
      return status.OUT_OF_RANGE;
    case ErrorKind.Internal:
      return status.INTERNAL;
    case ErrorKind.Unavailable:
      return status.UNAVAILABLE;
    default:
      return assertNever(kind);
  }
}

/** The gRPC error a service returns for an AppError: status plus our fields in trailers. */
export function toGrpcError(error: AppError): Partial<ServiceError> {
  const metadata = new Metadata();
  metadata.set(KIND, error.kind);
  metadata.set(CODE, error.code);
  metadata.set(REASON, encodeURIComponent(error.reason));
  if (error.fieldErrors?.length) metadata.set(FIELDS, encodeURIComponent(JSON.stringify(error.fieldErrors)));
  if (error.retryAfterSeconds !== undefined) metadata.set(RETRY_AFTER, String(error.retryAfterSeconds));
  return { code: grpcStatusOf(error.kind), details: error.reason, metadata };
}

/** Client errors never count against an upstream's breaker. */
export function isClientError(error: unknown): boolean {
  const code = (error as ServiceError)?.code;
  return (
    error instanceof AppError ||
    code === status.INVALID_ARGUMENT ||
    code === status.NOT_FOUND ||
    code === status.PERMISSION_DENIED ||
    code === status.FAILED_PRECONDITION ||
    code === status.UNAUTHENTICATED ||
    code === status.ALREADY_EXISTS
  );
}

/** Turns what a gRPC call failed with back into the AppError the service raised. */
export function fromGrpcError(error: unknown, upstream: string): AppError {
  if (error instanceof AppError) return error;
  const e = error as ServiceError;
  const kind = e?.metadata?.get(KIND)?.[0]?.toString();
  const code = e?.metadata?.get(CODE)?.[0]?.toString();
  if (kind && code && isErrorKind(kind)) {
    const reason = decodeURIComponent(e.metadata.get(REASON)[0]?.toString() ?? '');
    const fields = e.metadata.get(FIELDS)[0]?.toString();
    const fieldErrors = fields ? (JSON.parse(decodeURIComponent(fields)) as FieldError[]) : undefined;
    const retryAfter = Number(e.metadata.get(RETRY_AFTER)[0]?.toString());
    return new AppError(kind, code, reason, fieldErrors, Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  if (e?.code === status.UNAVAILABLE || e?.code === status.DEADLINE_EXCEEDED) {
    return new AppError(ErrorKind.Unavailable, 'api.service_unavailable', `The ${upstream} service is unavailable; retry later`);
  }
  return new AppError(ErrorKind.Internal, 'api.internal_error', 'Internal server error');
}
