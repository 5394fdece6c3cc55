import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, httpStatusOf } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

/** Unknown paths: JSON 404, never Express's HTML page. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => next(gatewayError(GatewayErrorCode.NotFound));

/** The one place errors become HTTP: `{reason, code, lang}` with the kind's status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const appError = toAppError(error);
    const status = httpStatusOf(appError.kind);
    if (status >= 500 && appError.code === (GatewayErrorCode.InternalError as string)) logger.error({ err: error }, 'unhandled error');
    if (res.headersSent) return;
    res.status(status).json(appError.toBody());
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return gatewayError(GatewayErrorCode.PayloadTooLarge);
  if (type === 'entity.parse.failed') return gatewayError(GatewayErrorCode.MalformedJson);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return gatewayError(GatewayErrorCode.MalformedJson, 'Unsupported body encoding');
  return gatewayError(GatewayErrorCode.InternalError);
}
