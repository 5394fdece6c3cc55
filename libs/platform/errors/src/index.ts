/**
 * The error vocabulary shared by every process. A service raises an AppError
 * with a category (`kind`) and a stable `code`; the gRPC layer carries both to
 * the gateway, which renders `{reason, code, lang}` with the kind's HTTP status.
 */
export const ErrorKind = {
  InvalidArgument: 'invalid_argument',
  Unauthenticated: 'unauthenticated',
  PaymentRequired: 'payment_required',
  PermissionDenied: 'permission_denied',
  NotFound: 'not_found',
  MethodNotAllowed: 'method_not_allowed',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RangeNotSatisfiable: 'range_not_satisfiable',
  /** Well-formed but not acceptable in this state (422): an Idempotency-Key reused for a different request. */
  Unprocessable: 'unprocessable',
  ResourceExhausted: 'resource_exhausted',
  Internal: 'internal',
  Unavailable: 'unavailable',
} as const;
export type ErrorKind = (typeof ErrorKind)[keyof typeof ErrorKind];

export interface FieldError {
  field: string;
  reason: string;
  code: string;
}

export interface ErrorBody {
  reason: string;
  code: string;
  lang: string;
  errors?: FieldError[];
}

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly reason: string,
    readonly fieldErrors?: FieldError[],
    /** When a refusal for load or limits (429, 503) may be tried again: the HTTP `Retry-After`, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.reason, this.fieldErrors);
  }
}

export const VALIDATION_FAILED = 'api.validation_failed';

/** A 400 listing every offending field; the shape documented in docs/errors.md. */
export function validationFailed(errors: FieldError[]): AppError {
  const fields = errors.map((e) => e.field).join(', ');
  return new AppError(ErrorKind.InvalidArgument, VALIDATION_FAILED, `Validation failed: ${fields}`, errors);
}

/**
 * The field error for values outside a fixed vocabulary (a list's `orderby`, `status[]`, …), or none when every
 * value is in it. The gateway checks a query with it, and a service that writes such values into SQL text checks
 * them again itself, whoever its caller is.
 */
export function outsideVocabulary(field: string, given: readonly unknown[], allowed: readonly string[]): FieldError | undefined {
  return given.some((value) => typeof value !== 'string' || !allowed.includes(value))
    ? { field, reason: `must be one of ${allowed.join(', ')}`, code: 'invalid_value' }
    : undefined;
}

/** The localization key of a code: `api.user_not_found` → `error.user_not_found`. */
export function langKeyOf(code: string): string {
  return `error.${code.replace(/^api\./, '')}`;
}

export function errorBody(code: string, reason: string, errors?: FieldError[]): ErrorBody {
  return errors && errors.length > 0 ? { reason, code, lang: langKeyOf(code), errors } : { reason, code, lang: langKeyOf(code) };
}

export function httpStatusOf(kind: ErrorKind): number {
  switch (kind) {
    case ErrorKind.InvalidArgument:
      return 400;
    case ErrorKind.Unauthenticated:
      return 401;
    case ErrorKind.PaymentRequired:
      return 402;
    case ErrorKind.PermissionDenied:
      return 403;
    case ErrorKind.NotFound:
      return 404;
    case ErrorKind.MethodNotAllowed:
      return 405;
    case ErrorKind.Conflict:
      return 409;
    case ErrorKind.PayloadTooLarge:
      return 413;
    case ErrorKind.UnsupportedMediaType:
      return 415;
    case ErrorKind.RangeNotSatisfiable:
      return 416;
    case ErrorKind.Unprocessable:
      return 422;
    case ErrorKind.ResourceExhausted:
      return 429;
    case ErrorKind.Internal:
      return 500;
    case ErrorKind.Unavailable:
      return 503;
    default:
      return assertNever(kind);
  }
}

export function isErrorKind(value: string): value is ErrorKind {
  return (Object.values(ErrorKind) as string[]).includes(value);
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}
