import { createHash } from 'node:crypto';
import { SecretBox } from '@vi/platform-crypto';
import type { Request, RequestHandler, Response } from 'express';
import { AppError, ErrorKind, validationFailed } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import { contextOf } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import type { IdempotencyStore, StoredOutcome } from './idempotency-store';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The response headers that describe the body and are replayed with it (rate-limit headers are the new request's own). */
const REPLAYED_HEADERS = ['content-type', 'content-range', 'link', 'location', 'allow'];

/**
 * What makes two requests "the same": method, path and query, content type, and the JSON body. A take upload's
 * bytes stream through to the interviews service and are never held, so they are not compared: its declared
 * duration is, and a retried upload is told apart by its key alone (chunked or not, the retry is the same take).
 */
function fingerprintOf(req: Request): string {
  return createHash('sha256')
    .update(
      `${req.method} ${req.originalUrl}\n${req.get('content-type') ?? ''}\n${req.get('x-take-duration-seconds') ?? ''}\n${JSON.stringify(req.body ?? null)}`,
    )
    .digest('base64url');
}

/** A body the JSON parser left alone: a take upload, read by its route as it arrives. */
function isStreamed(req: Request): boolean {
  return req.body === undefined && (Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined);
}

function keyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw validationFailed([
      { field: 'Idempotency-Key', reason: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`, code: key.length < 1 ? 'too_small' : 'too_big' },
    ]);
  }
  return key;
}

/**
 * The box an outcome is sealed in: its key comes from a gateway secret and the caller's own Idempotency-Key, so a
 * copy of Redis (which holds neither; the record's name is a hash of the key) opens no stored body.
 */
function outcomeBox(sealingSecret: string, scope: string, clientKey: string): SecretBox {
  return new SecretBox(`idempotency-outcome\0${sealingSecret}\0${scope}\0${clientKey}`);
}

function replay(res: Response, outcome: StoredOutcome): void {
  for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
  res.setHeader('Idempotent-Replayed', 'true');
  res.status(outcome.status).send(JSON.stringify(outcome.body));
}

/**
 * `Idempotency-Key` on any POST (decision 020): the first request's outcome is kept for 24 hours, per user; a
 * repeat of the same request gets it again with `Idempotent-Replayed: true` and does nothing; the same key on a
 * different request is 422, and a repeat while the first still runs is 409. 5xx answers are not kept, so a retry
 * runs again. Runs after authentication (the key is scoped to the caller) and before the routes.
 */
export function idempotency(deps: {
  store: IdempotencyStore;
  keyPrefix: string;
  sealingSecret: string;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  logger: Logger;
}): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'POST') return next();
    const clientKey = keyOf(req);
    if (clientKey === undefined) return next();
    const scope = contextOf(res).principal.userUuid;
    const key = `${deps.keyPrefix}:${scope}:${createHash('sha256').update(clientKey).digest('base64url')}`;
    const fingerprint = fingerprintOf(req);
    const box = outcomeBox(deps.sealingSecret, scope, clientKey);
    // A claim outlives the longest the request may run (an upload may take HTTP_UPLOAD_TIMEOUT_MS), then lapses.
    const lockMs = (isStreamed(req) ? deps.uploadTimeoutMs : deps.requestTimeoutMs) + 5_000;
    let begun;
    try {
      begun = await deps.store.begin(key, fingerprint, lockMs);
    } catch (error) {
      // Without the shared store, "exactly once" cannot be promised: a 503 the client retries, never a guess.
      deps.logger.warn({ err: error }, 'idempotency store unavailable');
      throw new AppError(ErrorKind.Unavailable, 'api.service_unavailable', 'Idempotency-Key cannot be honoured right now; retry later');
    }
    if (begun.kind !== 'started') {
      if (begun.fingerprint !== fingerprint) throw gatewayError(GatewayErrorCode.IdempotencyKeyReused);
      if (begun.kind === 'running') throw gatewayError(GatewayErrorCode.IdempotencyRequestInProgress);
      return replay(res, JSON.parse(box.open(begun.outcome)) as StoredOutcome);
    }

    const owner = begun.owner;
    let settled = false;
    const send = res.json.bind(res);
    // The outcome is stored before it is sent, so a retry that follows the answer finds it (never "in progress").
    res.json = (body: unknown) => {
      settled = true;
      const status = res.statusCode;
      const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (res.hasHeader(name) ? [[name, String(res.getHeader(name))]] : [])));
      headers['content-type'] ??= 'application/json; charset=utf-8';
      const settle =
        status >= 500
          ? deps.store.release(key, owner)
          : deps.store.complete(key, owner, box.seal(JSON.stringify({ status, headers, body } satisfies StoredOutcome)));
      settle.catch((error: unknown) => deps.logger.warn({ err: error }, 'idempotency outcome not stored')).finally(() => send(body));
      return res;
    };
    // No JSON answer at all (the client went away, a stream failed): free the key so a retry runs.
    res.on('close', () => {
      if (!settled) deps.store.release(key, owner).catch((error: unknown) => deps.logger.warn({ err: error }, 'idempotency key not released'));
    });
    next();
  };
}
