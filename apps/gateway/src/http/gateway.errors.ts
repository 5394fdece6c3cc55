import { AppError, ErrorKind } from '@vi/platform-errors';

/** Errors the gateway raises itself (everything else comes from the services). */
export enum GatewayErrorCode {
  KeyNotSet = 'api.key_not_set',
  TooManyRequests = 'api.too_many_requests',
  NotFound = 'api.not_found',
  MethodNotAllowed = 'api.method_not_allowed',
  MalformedJson = 'api.malformed_json',
  MalformedRequest = 'api.malformed_request',
  ContentEncodingInvalid = 'api.content_encoding_invalid',
  ContentEncodingUnsupported = 'api.content_encoding_unsupported',
  UnsupportedMediaType = 'api.unsupported_media_type',
  PayloadTooLarge = 'api.payload_too_large',
  IdempotencyKeyReused = 'api.idempotency_key_reused',
  IdempotencyRequestInProgress = 'api.idempotency_request_in_progress',
  InternalError = 'api.internal_error',
  SessionRequired = 'api.session_required',
  OriginNotAllowed = 'api.origin_not_allowed',
  CsrfTokenInvalid = 'api.csrf_token_invalid',
  LiveCallFull = 'api.live_call_full',
  LiveCallJoinedElsewhere = 'api.live_call_joined_elsewhere',
}

const DEFINITIONS: Record<GatewayErrorCode, [ErrorKind, string]> = {
  [GatewayErrorCode.KeyNotSet]: [ErrorKind.Unauthenticated, 'Authentication is required: send your API key as the basic-auth username'],
  [GatewayErrorCode.TooManyRequests]: [ErrorKind.ResourceExhausted, 'Too Many Requests'],
  [GatewayErrorCode.NotFound]: [ErrorKind.NotFound, 'No such endpoint'],
  [GatewayErrorCode.MethodNotAllowed]: [ErrorKind.MethodNotAllowed, 'Method not allowed on this resource'],
  [GatewayErrorCode.MalformedJson]: [ErrorKind.InvalidArgument, 'The request body is not valid JSON'],
  [GatewayErrorCode.MalformedRequest]: [ErrorKind.InvalidArgument, 'The request is not valid HTTP'],
  [GatewayErrorCode.ContentEncodingInvalid]: [ErrorKind.InvalidArgument, 'The request body is not valid data of its Content-Encoding'],
  [GatewayErrorCode.ContentEncodingUnsupported]: [ErrorKind.UnsupportedMediaType, 'This Content-Encoding is not accepted'],
  [GatewayErrorCode.UnsupportedMediaType]: [ErrorKind.UnsupportedMediaType, 'Send the video as video/webm or video/mp4'],
  [GatewayErrorCode.PayloadTooLarge]: [ErrorKind.PayloadTooLarge, 'The request body is larger than 1 MB'],
  [GatewayErrorCode.IdempotencyKeyReused]: [
    ErrorKind.Unprocessable,
    'This Idempotency-Key was already used with a different request; use a new key for a new request',
  ],
  [GatewayErrorCode.IdempotencyRequestInProgress]: [
    ErrorKind.Conflict,
    'A request with this Idempotency-Key is still being processed; retry once it has finished',
  ],
  [GatewayErrorCode.InternalError]: [ErrorKind.Internal, 'Internal server error'],
  [GatewayErrorCode.SessionRequired]: [ErrorKind.Unauthenticated, 'Sign in first: this request needs a web session'],
  [GatewayErrorCode.OriginNotAllowed]: [ErrorKind.PermissionDenied, 'This request must come from our own pages (its Origin header is missing or foreign)'],
  [GatewayErrorCode.CsrfTokenInvalid]: [ErrorKind.PermissionDenied, 'The X-CSRF-Token header is missing or does not match the session'],
  [GatewayErrorCode.LiveCallFull]: [ErrorKind.Conflict, 'The call already has 4 participants, the most it takes'],
  [GatewayErrorCode.LiveCallJoinedElsewhere]: [ErrorKind.Conflict, 'You joined this call from another page or device, which took this one’s place'],
};

export function gatewayError(code: GatewayErrorCode, reason?: string): AppError {
  const [kind, defaultReason] = DEFINITIONS[code];
  return new AppError(kind, code, reason ?? defaultReason);
}
