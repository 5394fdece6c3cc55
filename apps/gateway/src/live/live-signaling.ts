import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppError, httpStatusOf } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import type { UserPrincipal } from '@vi/platform-grpc';
import { resolveCandidatePrincipal, resolveSessionPrincipal } from '../auth/session-authentication';
import { sessionIdFrom, type SessionCookieSettings } from '../auth/session-cookie';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { iceServersFor, type IceSettings } from './ice-servers';
import { parseClientMessage, type ClientMessage, type LiveRole, type ServerMessage } from './live-protocol';
import type { LiveRooms, LiveSocket } from './live-rooms';

const PATH = /^\/v1\.0\/interviews\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/live$/i;
/** The join must arrive soon after the socket opens; an idle unauthenticated socket is closed. */
const JOIN_TIMEOUT_MS = 10_000;
/** Sockets are pinged this often; one that did not answer the last ping is gone (a phone that lost its network). */
const PING_INTERVAL_MS = 15_000;
/** SDP offers with many candidates stay far below this. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface LiveSignalingDeps {
  upstreams: Upstreams;
  rooms: LiveRooms;
  sessions: SessionCookieSettings;
  limits: RateLimits;
  ice: IceSettings;
  requestTimeoutMs: number;
  /** Express's compiled `trust proxy` (app.get('trust proxy fn')): which hop's address is the client's. */
  trustProxy: (address: string, hop: number) => boolean;
  logger: Logger;
}

/**
 * Signaling of live calls: a WebSocket at `/v1.0/interviews/<uuid>/live` on the gateway's HTTP server (decision
 * 039). The upgrade must come from our own pages (Origin); the first message joins, authenticated by the session
 * cookie the upgrade carried or by the candidate token inside the message (never in the URL, which proxies log).
 * Interviews decides who may join and when; LiveRooms carries the messages across replicas.
 */
export function attachLiveSignaling(server: Server, deps: LiveSignalingDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const alive = new WeakSet<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!match) return refuseUpgrade(socket, gatewayError(GatewayErrorCode.NotFound));
    if (!originAllowed(req, deps.sessions)) return refuseUpgrade(socket, gatewayError(GatewayErrorCode.OriginNotAllowed));
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      serve(ws, req, match[1].toLowerCase(), deps);
    });
  });

  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  return {
    close: async () => {
      clearInterval(pinger);
      for (const ws of wss.clients) ws.close(1001, 'going away');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Browsers always send Origin with a WebSocket: it must be the page's own origin or a configured page origin. */
function originAllowed(req: IncomingMessage, sessions: SessionCookieSettings): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === req.headers.host || sessions.allowedOrigins.includes(origin);
  } catch {
    return false;
  }
}

/** The client's address as Express's `req.ip` finds it: the nearest hop of X-Forwarded-For not trusted as a proxy. */
function clientIpOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
    .reverse();
  const hops = [req.socket.remoteAddress ?? 'unknown', ...forwarded];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
}

function refuseUpgrade(socket: Duplex, error: AppError): void {
  const body = JSON.stringify(error.toBody());
  const status = httpStatusOf(error.kind);
  socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function send(ws: WebSocket, message: ServerMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** Tells the page why in a sentence-ready message, then closes with 4000 + the HTTP status of the same refusal. */
function refuse(ws: WebSocket, error: unknown, logger: Logger): void {
  const refusal = error instanceof AppError ? error : gatewayError(GatewayErrorCode.InternalError);
  if (!(error instanceof AppError)) logger.error({ err: error }, 'live call join failed');
  send(ws, { type: 'refused', code: refusal.code, reason: refusal.reason });
  ws.close(4000 + httpStatusOf(refusal.kind), refusal.code);
}

function serve(ws: WebSocket, req: IncomingMessage, interviewUuid: string, deps: LiveSignalingDeps): void {
  let self: { id: string; role: LiveRole } | undefined;
  let leaving = false;
  let joining = false;
  const socket: LiveSocket = { send: (message) => send(ws, message), close: (code, reason) => ws.close(code, reason) };
  const joinTimer = setTimeout(
    () => refuse(ws, gatewayError(GatewayErrorCode.KeyNotSet, 'Join the call with your first message'), deps.logger),
    JOIN_TIMEOUT_MS,
  );

  ws.on('message', (data, isBinary) => {
    const message = isBinary ? undefined : parseClientMessage((data as Buffer).toString('utf8'));
    if (!self) {
      // Anything before the join is handled once: the join, or a refusal.
      if (joining) return;
      joining = true;
      clearTimeout(joinTimer);
      if (message?.type !== 'join') return refuse(ws, gatewayError(GatewayErrorCode.MalformedJson, 'The first message must be a join'), deps.logger);
      join(message).catch((error: unknown) => refuse(ws, error, deps.logger));
      return;
    }
    if (!message || message.type === 'join') return;
    if (message.type === 'leave') {
      leaving = true;
      ws.close(1000, 'left');
      return;
    }
    deps.rooms.relay(interviewUuid, self, message);
  });

  ws.on('close', () => {
    clearTimeout(joinTimer);
    if (self) deps.rooms.disconnected(interviewUuid, self.id, socket, leaving);
  });
  ws.on('error', (error) => deps.logger.debug({ err: error }, 'live call socket error'));

  async function join(message: Extract<ClientMessage, { type: 'join' }>): Promise<void> {
    const deadline = new Date(Date.now() + deps.requestTimeoutMs);
    const ip = clientIpOf(req, deps.trustProxy);
    if (await deps.limits.authBlocked(ip)) throw gatewayError(GatewayErrorCode.TooManyRequests);
    const principal = await authenticate(message.token, deadline).catch(async (error: unknown) => {
      if (error instanceof AppError && httpStatusOf(error.kind) === 401) await deps.limits.recordAuthFailure(ip);
      throw error;
    });
    const participant = await deps.upstreams.interviews.call(
      (c) => c.joinLiveInterview,
      { interview_uuid: interviewUuid },
      { principal, deadline, idempotent: true },
    );
    if (ws.readyState !== ws.OPEN) return;
    const role = participant.role as LiveRole;
    const peer = {
      id: message.id,
      instance: message.instance,
      name: participant.display_name,
      role,
      audio: message.audio !== false,
      video: message.video !== false,
      screen: message.screen === true,
    };
    const outcome = deps.rooms.join(interviewUuid, { ...peer, userUuid: participant.user_uuid }, socket);
    if (!outcome.admitted)
      throw gatewayError(GatewayErrorCode.LiveCallFull, outcome.reason === 'taken' ? 'This participant id is in use by someone else' : undefined);
    self = { id: peer.id, role };
    send(ws, {
      type: 'welcome',
      self: peer,
      peers: outcome.peers,
      iceServers: iceServersFor(deps.ice, peer.id, new Date()),
      recording: outcome.recording,
      closesAt: participant.closes_at,
    });
  }

  async function authenticate(token: string | undefined, deadline: Date): Promise<UserPrincipal> {
    const sessionId = sessionIdFrom({ headers: req.headers } as Parameters<typeof sessionIdFrom>[0], deps.sessions);
    if (token) return (await resolveCandidatePrincipal(deps.upstreams, token, deadline)).principal;
    if (sessionId) return (await resolveSessionPrincipal(deps.upstreams, sessionId, deadline)).principal;
    throw gatewayError(GatewayErrorCode.KeyNotSet, 'Open the call from your invitation link, or sign in');
  }
}
