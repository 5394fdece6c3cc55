import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { isPublicAddress } from './address-policy';
import { parseRetryAfter } from './retry-schedule';

/** One request to a receiver's URL: a webhook (POST, the default), an ATS's callback (PATCH, POST). */
export interface OutboundRequest {
  method?: 'POST' | 'PATCH' | 'PUT';
  url: string;
  headers: Record<string, string>;
  /** Absent: no body (Greenhouse's PATCH). */
  body?: string;
}

/** What one attempt came to. */
export interface OutboundResult {
  /** A 2xx answer. */
  ok: boolean;
  statusCode?: number;
  /** Why it failed, for the attempt's log. */
  error?: string;
  durationMs: number;
  /** The receiver's `Retry-After`, in ms. */
  retryAfterMs?: number;
}

/** Response bodies are read up to this size, the rest is discarded. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
const ERROR_EXCERPT = 200;

class TargetRefused extends Error {
  readonly code = 'ETARGETREFUSED';
}

/**
 * DNS resolution that refuses non-public addresses: the check runs on the
 * addresses the connection will actually use (no check-then-resolve-again
 * gap for DNS rebinding), at every attempt.
 */
export function guardedLookup(allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivateTargets ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new TargetRefused(`${hostname} resolves to ${refused.address}, which is not a public address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Sends a request to a receiver over node:http(s) (notifications' webhooks, assessments' callbacks, decision 071):
 * no redirects followed (any 3xx is a failure), one timeout for the whole exchange, at most 64 KB of the response
 * read, and the target's addresses checked after resolution, at every attempt.
 */
export class HttpOutboundSender {
  constructor(private readonly options: { timeoutMs: number; allowPrivateTargets: boolean }) {}

  send(request: OutboundRequest): Promise<OutboundResult> {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const url = new URL(request.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Literal addresses never go through `lookup`: check them here.
    if (!this.options.allowPrivateTargets && isIP(host) && !isPublicAddress(host)) {
      return Promise.resolve({ ok: false, error: `${host} is not a public address`, durationMs: elapsed() });
    }
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<OutboundResult>((resolve) => {
      let settled = false;
      const settle = (result: Omit<OutboundResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const outgoing = transport.request(
        url,
        {
          method: request.method ?? 'POST',
          headers: { ...request.headers, 'content-length': String(request.body === undefined ? 0 : Buffer.byteLength(request.body)) },
          lookup: guardedLookup(this.options.allowPrivateTargets),
          agent: false,
        },
        (response) => {
          const statusCode = response.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_EXCERPT).trim();
            const retryAfterMs = parseRetryAfter(response.headers['retry-after'], new Date());
            settle({ ok, statusCode, retryAfterMs, error: ok ? undefined : `HTTP ${statusCode}${excerpt ? `: ${excerpt}` : ''}` });
            response.destroy();
          };
          response.on('data', (chunk: Buffer) => {
            if (size < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
            size += chunk.length;
            if (size >= MAX_RESPONSE_BYTES) done();
          });
          response.on('end', done);
          response.on('error', done);
        },
      );
      const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      outgoing.on('error', (error: Error & { code?: string }) => settle({ ok: false, error: error.message || error.code || 'request failed' }));
      outgoing.end(request.body);
    });
  }
}
