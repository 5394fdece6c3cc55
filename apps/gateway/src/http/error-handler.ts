import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { AppError, httpStatusOf } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

/** Unknown paths: JSON 404, never Express's HTML page. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => next(gatewayError(GatewayErrorCode.NotFound));

/** The one place errors become HTTP: `{reason, code, lang}` with the kind's status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const appError = toAppError(error, req);
    const status = httpStatusOf(appError.kind);
    if (status >= 500 && appError.code === (GatewayErrorCode.InternalError as string)) logger.error({ err: error }, 'unhandled error');
    if (res.headersSent) return;
    if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    res.status(status).json(appError.toBody());
  };
}

/** The body parser's errors by their `type`. */
const BODY_PARSER_ERRORS = new Map<string, () => AppError>([
  ['entity.too.large', () => gatewayError(GatewayErrorCode.PayloadTooLarge)],
  ['entity.parse.failed', () => gatewayError(GatewayErrorCode.MalformedJson)],
  ['encoding.unsupported', () => gatewayError(GatewayErrorCode.ContentEncodingUnsupported)],
  ['charset.unsupported', () => gatewayError(GatewayErrorCode.MalformedJson, 'Unsupported body charset')],
  ['request.aborted', () => gatewayError(GatewayErrorCode.MalformedRequest, 'The request body ended before its Content-Length')],
  ['request.size.invalid', () => gatewayError(GatewayErrorCode.MalformedRequest, 'The request body ended before its Content-Length')],
]);

/** Our errors as they are; the body parser's and the router's by their `type` or class; anything else is ours to fix. */
function toAppError(error: unknown, req: Request): AppError {
  if (error instanceof AppError) return error;
  const { type, status } = error as { type?: string; status?: number };
  const known = type === undefined ? undefined : BODY_PARSER_ERRORS.get(type);
  if (known) return known();
  // A path parameter that is not percent-encoded UTF-8 (refuseMalformedPath catches these first).
  if (error instanceof URIError) return gatewayError(GatewayErrorCode.NotFound, 'No such endpoint: the path is not valid percent-encoded UTF-8');
  // The body parser passes zlib's own errors on with status 400 and no type: the body is not what its coding says.
  if (status === 400 && typeof (error as { errno?: unknown }).errno === 'number' && req.get('content-encoding')) {
    return gatewayError(
      GatewayErrorCode.ContentEncodingInvalid,
      `The request body is not valid ${req.get('content-encoding')!.trim().toLowerCase().slice(0, 40)} data`,
    );
  }
  return gatewayError(GatewayErrorCode.InternalError);
}
