import type { RequestHandler } from 'express';
import { ErrorKind, AppError, validationFailed, type FieldError } from '@vi/platform-errors';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

/**
 * The rules every request meets before any route sees it (docs/decisions/017-hostile-input.md): a path that is
 * not percent-encoded UTF-8, or that decodes to a NUL, names nothing; a body is accepted in identity, gzip,
 * deflate or br only, and compressed only when it is JSON; no string of a body or query holds U+0000, which
 * PostgreSQL text cannot store.
 */

/** Path segments that do not decode (`%`, `%zz`, `%E0%A4%A`, the overlong `%C0%AF`) or decode to U+0000: 404. */
export const refuseMalformedPath: RequestHandler = (req, _res, next) => {
  if (!req.path.includes('%')) return next();
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    return next(gatewayError(GatewayErrorCode.NotFound, 'No such endpoint: the path is not valid percent-encoded UTF-8'));
  }
  if (decoded.includes('\0')) return next(gatewayError(GatewayErrorCode.NotFound, 'No such endpoint: the path contains a NUL character'));
  next();
};

/** HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal is an empty 400, so the server leaves it to this. */
export const requireHostHeader: RequestHandler = (req, _res, next) => {
  const missing = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined;
  next(missing ? gatewayError(GatewayErrorCode.MalformedRequest, 'The request has no Host header') : undefined);
};

/** The content codings a JSON body may arrive in; the body limit applies to the decoded bytes. */
const JSON_BODY_ENCODINGS = ['identity', 'gzip', 'deflate', 'br'];

/**
 * Refuses, before any byte of the body is read, a coding we do not decode: anything but identity on a body that
 * is not JSON (take videos are streamed as sent), and anything but JSON_BODY_ENCODINGS on a JSON one (so zstd is
 * refused on every Node version, not only where zlib lacks it).
 */
export const refuseUnsupportedContentEncoding: RequestHandler = (req, _res, next) => {
  const coding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
  if (coding === 'identity' || !hasBody) return next();
  const accepted = req.is('application/json') ? JSON_BODY_ENCODINGS : ['identity'];
  if (accepted.includes(coding)) return next();
  next(
    new AppError(
      ErrorKind.UnsupportedMediaType,
      GatewayErrorCode.ContentEncodingUnsupported,
      `This Content-Encoding is not accepted here; send the body as ${accepted.join(', ')}`,
    ),
  );
};

const NUL_REASON = 'must not contain the NUL character';

/** Every string (and object key) of a parsed JSON value that holds U+0000, by its JSON path. */
export function nulFieldErrors(value: unknown, path: string[] = []): FieldError[] {
  const at = (segments: string[]) => (segments.length > 0 ? segments.join('.') : 'body');
  if (typeof value === 'string') return value.includes('\0') ? [{ field: at(path), reason: NUL_REASON, code: 'invalid_format' }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nulFieldErrors(item, [...path, String(i)]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key.includes('\0')
      ? [{ field: at([...path, key]), reason: `a property name ${NUL_REASON}`, code: 'invalid_format' }]
      : nulFieldErrors(item, [...path, key]),
  );
}

/** 400 naming every body field and query parameter that holds U+0000; one check for every route. */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  // Query parameters are named as they are (`title`, `tags.1`), body fields by their JSON path.
  const errors = [...nulFieldErrors(req.body), ...nulFieldErrors(req.query)];
  next(errors.length > 0 ? validationFailed(errors) : undefined);
};
