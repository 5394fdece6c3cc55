import type { Response } from 'express';

/**
 * A JSON body: bytes a service rendered as the API's JSON already (decision 065) are sent as they came, anything
 * else is serialised here. Not for a POST's answer: the Idempotency-Key middleware keeps the outcome of `res.json`
 * only (idempotency/idempotency.ts), so a POST parses the bytes and answers with `res.json`.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  if (body instanceof Uint8Array) {
    res
      .status(status)
      .type('application/json')
      .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  } else {
    res.status(status).json(body);
  }
}

/** A POST's answer from bytes a service rendered: parsed and sent with `res.json`, which the Idempotency-Key middleware keeps. */
export function sendParsedJson(res: Response, status: number, body: Uint8Array): void {
  res.status(status).json(JSON.parse(Buffer.from(body).toString('utf8')));
}
