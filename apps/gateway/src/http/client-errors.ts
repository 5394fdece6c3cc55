import type { Socket } from 'node:net';
import { errorBody } from '@vi/platform-errors';
import { GatewayErrorCode } from './gateway.errors';

/** Codes of the answers written before Express sees a request (docs/errors.md); they have no ErrorKind of their own. */
export const ClientErrorCode = {
  RequestTimeout: 'api.request_timeout',
  HeadersTooLarge: 'api.request_headers_too_large',
} as const;

interface ClientErrorAnswer {
  status: number;
  statusText: string;
  code: string;
  reason: string;
}

const BAD_REQUEST: ClientErrorAnswer = {
  status: 400,
  statusText: 'Bad Request',
  code: GatewayErrorCode.MalformedRequest,
  reason: 'The request is not valid HTTP',
};

/** By Node's error code; any other refusal of the parser is BAD_REQUEST. */
const ANSWERS: Record<string, ClientErrorAnswer> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, statusText: 'Request Timeout', code: ClientErrorCode.RequestTimeout, reason: 'The request did not arrive in time' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    statusText: 'Request Header Fields Too Large',
    code: ClientErrorCode.HeadersTooLarge,
    reason: 'The request headers are too large',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    statusText: 'Payload Too Large',
    code: GatewayErrorCode.PayloadTooLarge,
    reason: 'The chunk extensions are too large',
  },
};

/** What Node's HTTP parser or its timeouts refused, as status, code and reason; the raw request is never echoed. */
export function clientErrorAnswer(error: NodeJS.ErrnoException): ClientErrorAnswer {
  return (error.code && ANSWERS[error.code]) || BAD_REQUEST;
}

/**
 * The server's `clientError` listener: answers `{reason, code, lang}` like every other error while the socket can
 * still take one (nothing written to it yet), then closes the connection, as Node's default handler does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // Node's own test: no response in flight on this socket, or none of it written (else the peer would get a corrupt one).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const answer = clientErrorAnswer(error);
  const body = JSON.stringify(errorBody(answer.code, answer.reason));
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.statusText}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
