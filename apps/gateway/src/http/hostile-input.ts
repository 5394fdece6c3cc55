import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { ErrorKind, AppError, validationFailed, type FieldError } from '@vi/platform-errors';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

/**
 * The rules every request meets before any route sees it (docs/decisions/017-hostile-input.md): a path that is
 * not percent-encoded UTF-8, or that decodes to a NUL, names nothing; a body is accepted in identity, gzip,
 * deflate or br only, and compressed only when it is JSON; a JSON body nests at most MAX_JSON_DEPTH levels; no
 * string of a body or query holds U+0000, which PostgreSQL text cannot store.
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

/** Whether any string (or object key) of a parsed JSON value holds U+0000: the walk of every request, without paths. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNul(item)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (key.includes('\0') || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** 400 naming every body field and query parameter that holds U+0000; one check for every route. */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  // Most requests hold none: they are walked once without building paths (decision 056); the paths are for a refusal.
  const body: unknown = req.body;
  const query: unknown = req.query;
  if (!holdsNul(body) && !holdsNul(query)) return next();
  // Query parameters are named as they are (`title`, `tags.1`), body fields by their JSON path.
  const errors = [...nulFieldErrors(body), ...nulFieldErrors(query)];
  next(errors.length > 0 ? validationFailed(errors) : undefined);
};

/** Objects and arrays inside one another; the API's own bodies nest three or four (an interview's questions). */
export const MAX_JSON_DEPTH = 32;

/**
 * The body parser's `verify` hook: it sees the decoded bytes before JSON.parse, so a body nested deeper than
 * MAX_JSON_DEPTH is refused before anything (the NUL walk, zod, protobuf) recurses into it and overflows the stack.
 * One pass over UTF-8 bytes: brackets inside strings do not count, and `"` or `\` never occur inside a multi-byte
 * character.
 */
export function refuseDeepNesting(_req: IncomingMessage, _res: ServerResponse, body: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // a backslash escapes the next byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) {
        throw validationFailed([{ field: 'body', reason: `must not nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels`, code: 'too_big' }]);
      }
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    }
  }
}

/** A JSON body as every route takes it (decision 017), in this order: its coding, its size and depth, its NULs. */
export const jsonBody: RequestHandler[] = [
  refuseUnsupportedContentEncoding,
  // gzip, deflate and br are inflated as a stream; the 1 MB limit counts inflated bytes, so a bomb stops at 1 MB.
  express.json({ limit: '1mb', verify: refuseDeepNesting }),
  refuseNulCharacters,
];
