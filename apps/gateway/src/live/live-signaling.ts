import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppError, ErrorKind, httpStatusOf } from '@vi/platform-errors';
import type { EventBus, BusMessage } from '@vi/platform-bus';
import {
  IdentitySubjects,
  InterviewsSubjects,
  parseClientMessage,
  type InterviewEventPayload,
  type LiveChatMessage,
  type LiveRole,
  type ParsedClientMessage,
  type ServerMessage,
  type UserEventPayload,
} from '@vi/contracts';
import type { Logger } from '@vi/platform-logger';
import type { UserPrincipal } from '@vi/platform-grpc';
import { resolveCandidatePrincipal, resolveSessionPrincipal } from '../auth/session-authentication';
import { sessionIdFrom, type SessionCookieSettings } from '../auth/session-cookie';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { clientKey } from '../rate-limit/client-key';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { iceServersFor, type IceSettings } from './ice-servers';
import type { LiveRooms, LiveSocket } from './live-rooms';
import { SocketBudget } from './socket-budget';

const PATH = /^\/v1\.0\/interviews\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/live$/i;
/** The join must arrive soon after the socket opens; an idle unauthenticated socket is closed. */
const JOIN_TIMEOUT_MS = 10_000;
/** Sockets are pinged this often; one that did not answer the last ping is gone (a phone that lost its network). */
const PING_INTERVAL_MS = 15_000;
/** SDP offers with many candidates stay far below this, and a chat message of 2000 characters too. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/**
 * What may wait for a page that does not read its socket: a few hundred signals. Past it the socket is dropped (the
 * page, if it is one of ours on a stalled network, reconnects and resumes), so a reader that never reads cannot
 * make the gateway hold what is sent to it.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A refused socket whose page does not take the close (it reads nothing) is cut after this. */
const CLOSE_GRACE_MS = 2_000;
/** Joins of one person (a page's first message) a minute, across sockets: a reload loop or a script cannot spin. */
const JOINS_PER_PERSON_PER_MINUTE = 30;
/** Interview events after which everyone in its call is asked again whether they may stay (decision 039). */
const RECHECKED_ON = [
  InterviewsSubjects.InterviewCanceled,
  InterviewsSubjects.InterviewCompleted,
  InterviewsSubjects.InterviewExpired,
  InterviewsSubjects.InterviewDeleted,
  InterviewsSubjects.InterviewRescheduled,
  InterviewsSubjects.InterviewReset,
];
/** A call holds at most 500 chat messages (decision 039): the welcome carries them all. */
const CHAT_HISTORY = 500;

export interface LiveSignalingDeps {
  upstreams: Upstreams;
  rooms: LiveRooms;
  /** The domain events that end someone's right to be in a call (cancellation, completion, a deleted user …). */
  bus: Pick<EventBus, 'subscribe'>;
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
export async function attachLiveSignaling(server: Server, deps: LiveSignalingDeps): Promise<{ close(): Promise<void> }> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const alive = new WeakSet<WebSocket>();
  const admitted = new Admitted();
  const subscription = await deps.bus.subscribe({
    subjects: [...RECHECKED_ON, IdentitySubjects.UserDeleted],
    handler: async (message) => admitted.onEvent(message),
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!match) return refuseUpgrade(socket, gatewayError(GatewayErrorCode.NotFound));
    if (!originAllowed(req, deps.sessions, deps.trustProxy)) return refuseUpgrade(socket, gatewayError(GatewayErrorCode.OriginNotAllowed));
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      serve(ws, req, match[1].toLowerCase(), deps, admitted);
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
      await subscription.close();
      admitted.clear();
      for (const ws of wss.clients) ws.close(1001, 'going away');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A socket admitted to a call on this replica, for what may end its right to be there. */
interface AdmittedSocket {
  interviewUuid: string;
  userUuid: string;
  role: LiveRole;
  /** Asks interviews again (JoinLiveInterview): the socket stays, with the window's new end, or is refused. */
  recheck(): Promise<void>;
  refuse(error: AppError): void;
}

/**
 * The sockets admitted on this replica, by interview: an event that may end someone's right to be in a call makes
 * interviews judge each of them again, as at their join (decision 039); a deleted user or an erased job seeker is
 * out at once. Every replica hears every event (a broadcast subscription) and acts on its own sockets.
 */
class Admitted {
  private readonly byInterview = new Map<string, Set<AdmittedSocket>>();

  add(socket: AdmittedSocket): void {
    let set = this.byInterview.get(socket.interviewUuid);
    if (!set) this.byInterview.set(socket.interviewUuid, (set = new Set()));
    set.add(socket);
  }

  remove(socket: AdmittedSocket): void {
    const set = this.byInterview.get(socket.interviewUuid);
    set?.delete(socket);
    if (set?.size === 0) this.byInterview.delete(socket.interviewUuid);
  }

  clear(): void {
    this.byInterview.clear();
  }

  async onEvent(message: BusMessage): Promise<void> {
    if (message.subject === IdentitySubjects.UserDeleted) {
      const user = (message.payload as UserEventPayload).uuid;
      for (const set of this.byInterview.values())
        for (const socket of [...set])
          if (socket.userUuid === user)
            socket.refuse(
              socket.role === 'candidate'
                ? new AppError(ErrorKind.Unauthenticated, 'api.candidate_token_invalid', 'This invitation link no longer opens anything: its person was erased')
                : gatewayError(GatewayErrorCode.KeyNotSet, 'This account was deleted'),
            );
      return;
    }
    const interviewUuid = (message.payload as InterviewEventPayload).interview?.uuid;
    const sockets = interviewUuid ? this.byInterview.get(interviewUuid) : undefined;
    if (sockets) await Promise.all([...sockets].map((socket) => socket.recheck()));
  }
}

/**
 * Browsers always send Origin with a WebSocket: it must be the page's own origin, whole (scheme, host and port, as
 * the HTTP CSRF check compares it: `https://localhost:8080` is not the origin of an http server on that host), or a
 * configured page origin.
 */
function originAllowed(req: IncomingMessage, sessions: SessionCookieSettings, trust: (address: string, hop: number) => boolean): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin === `${protocolOf(req, trust)}://${req.headers.host}` || sessions.allowedOrigins.includes(origin);
}

/** The scheme the client used, as Express's `req.protocol` finds it: the TLS socket's, or a trusted proxy's X-Forwarded-Proto. */
function protocolOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '');
  return (forwarded.split(',')[0] ?? '').trim() || own;
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

function send(ws: WebSocket, message: ServerMessage<unknown>): void {
  if (ws.readyState !== ws.OPEN) return;
  // A page that does not read what it is sent is not kept waiting on: its socket is dropped (it reconnects if it can).
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return ws.terminate();
  ws.send(JSON.stringify(message));
}

/** Tells the page why in a sentence-ready message, then closes with 4000 + the HTTP status of the same refusal. */
function refuse(ws: WebSocket, error: unknown, logger: Logger): void {
  const refusal = error instanceof AppError ? error : gatewayError(GatewayErrorCode.InternalError);
  if (!(error instanceof AppError)) logger.error({ err: error }, 'live call join failed');
  if (ws.readyState !== ws.OPEN) return;
  send(ws, { type: 'refused', code: refusal.code, reason: refusal.reason });
  ws.close(4000 + httpStatusOf(refusal.kind), refusal.code);
  // A page that reads nothing never answers the close: it is cut, so nothing stays held for it.
  setTimeout(() => ws.readyState !== ws.CLOSED && ws.terminate(), CLOSE_GRACE_MS).unref();
}

/** The call is over for everyone (the interview completed): `ended`, then a normal close. */
function end(ws: WebSocket): void {
  send(ws, { type: 'ended' });
  ws.close(1000, 'the interview ended');
  setTimeout(() => ws.readyState !== ws.CLOSED && ws.terminate(), CLOSE_GRACE_MS).unref();
}

function serve(ws: WebSocket, req: IncomingMessage, interviewUuid: string, deps: LiveSignalingDeps, admitted: Admitted): void {
  let self: { id: string; role: LiveRole } | undefined;
  let entry: AdmittedSocket | undefined;
  let windowEnd: NodeJS.Timeout | undefined;
  /** Who joined, as the services know them: what a chat message is posted as. */
  let principal: UserPrincipal | undefined;
  /** One socket's chat messages are kept one after the other, in the order they came. */
  let chatting: Promise<void> = Promise.resolve();
  let leaving = false;
  let joining = false;
  const budget = new SocketBudget();
  /**
   * What the room sends this socket before its welcome has gone (the others' offers, once they heard of it): held and
   * sent after it, in order. A page drops a signal from someone its welcome has not introduced, and a first offer lost
   * that way left both pages waiting on each other for good (issue 37: the welcome now waits for the chat's history).
   */
  let beforeWelcome: ServerMessage<unknown>[] | undefined = [];
  const socket: LiveSocket = {
    send: (message) => (beforeWelcome ? beforeWelcome.push(message) : send(ws, message)),
    close: (code, reason) => ws.close(code, reason),
    refuse: (code) => refuse(ws, gatewayError(code), deps.logger),
  };
  const joinTimer = setTimeout(
    () => refuse(ws, gatewayError(GatewayErrorCode.KeyNotSet, 'Join the call with your first message'), deps.logger),
    JOIN_TIMEOUT_MS,
  );

  ws.on('message', (data, isBinary) => {
    if (ws.readyState !== ws.OPEN) return;
    // Everything a socket sends counts, whatever it is (signals, state, re-joins, bytes that are not a message).
    if (!budget.take((data as Buffer).length)) {
      return refuse(ws, gatewayError(GatewayErrorCode.TooManyRequests, 'This connection sent more messages than a call needs, so it was closed'), deps.logger);
    }
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
    if (message.type === 'chat') {
      const from = self.id;
      chatting = chatting.then(() => chat(from, message.text));
      return;
    }
    deps.rooms.relay(interviewUuid, self, message);
  });

  ws.on('close', () => {
    clearTimeout(joinTimer);
    clearTimeout(windowEnd);
    if (entry) admitted.remove(entry);
    if (self) deps.rooms.disconnected(interviewUuid, self.id, socket, leaving);
  });
  ws.on('error', (error) => deps.logger.debug({ err: error }, 'live call socket error'));

  /** Asks interviews whether this principal may be in the call now (decision 038): its participant, or a refusal. */
  function admission(principal: UserPrincipal) {
    return deps.upstreams.liveCalls.call(
      (c) => c.joinLiveInterview,
      { interview_uuid: interviewUuid },
      { principal, deadline: new Date(Date.now() + deps.requestTimeoutMs), idempotent: true },
    );
  }

  /** At the window's end the socket is judged again (interviews refuses it then: the call is closed). */
  function endsAt(closesAt: string): void {
    clearTimeout(windowEnd);
    windowEnd = setTimeout(() => void entry?.recheck(), Math.max(0, Date.parse(closesAt) - Date.now()) + 1_000);
    windowEnd.unref();
  }

  async function join(message: Extract<ParsedClientMessage, { type: 'join' }>): Promise<void> {
    const deadline = new Date(Date.now() + deps.requestTimeoutMs);
    const ip = clientKey(clientIpOf(req, deps.trustProxy));
    if (await deps.limits.authBlocked(ip)) throw gatewayError(GatewayErrorCode.TooManyRequests);
    const caller = await authenticate(message.token, deadline).catch(async (error: unknown) => {
      if (error instanceof AppError && httpStatusOf(error.kind) === 401) await deps.limits.recordAuthFailure(ip);
      throw error;
    });
    if (!(await deps.limits.consumeLiveJoin(caller.userUuid, JOINS_PER_PERSON_PER_MINUTE)).allowed) throw gatewayError(GatewayErrorCode.TooManyRequests);
    const participant = await admission(caller);
    if (ws.readyState !== ws.OPEN) return;
    const role = participant.role as LiveRole;
    const peer = {
      id: message.id,
      instance: message.instance,
      name: participant.display_name,
      role,
      audio: message.audio,
      video: message.video,
      screen: message.screen,
    };
    const outcome = deps.rooms.join(interviewUuid, { ...peer, userUuid: participant.user_uuid }, socket);
    if (!outcome.admitted)
      throw gatewayError(GatewayErrorCode.LiveCallFull, outcome.reason === 'taken' ? 'This participant id is in use by someone else' : undefined);
    self = { id: peer.id, role };
    entry = {
      interviewUuid,
      userUuid: participant.user_uuid,
      role,
      refuse: (error) => refuse(ws, error, deps.logger),
      recheck: async () => {
        try {
          endsAt((await admission(caller)).closes_at);
        } catch (error) {
          if (error instanceof AppError && error.code === 'api.interview_already_completed') return end(ws);
          // Only a refusal ends the socket; interviews being unreachable a moment does not.
          if (error instanceof AppError && httpStatusOf(error.kind) < 500) refuse(ws, error, deps.logger);
        }
      },
    };
    admitted.add(entry);
    endsAt(participant.closes_at);
    principal = caller;
    // Read once admitted: a message kept meanwhile comes in the history and is relayed too (the page keeps one of each uuid).
    const history = await deps.upstreams.liveCalls.call(
      (c) => c.listChatMessages,
      { interview_uuid: interviewUuid, range_from: 0, range_to: CHAT_HISTORY - 1, in_call: true },
      { principal: caller, deadline, idempotent: true },
    );
    send(ws, {
      type: 'welcome',
      self: peer,
      peers: outcome.peers,
      // TURN credentials last no longer than the call's window.
      iceServers: iceServersFor(deps.ice, peer.id, new Date(), Date.parse(participant.closes_at)),
      recording: outcome.recording,
      closesAt: participant.closes_at,
      chat: history.messages.map(liveChatMessage),
    });
    const held = beforeWelcome ?? [];
    beforeWelcome = undefined;
    for (const message of held) send(ws, message);
  }

  /** Asks interviews to keep the message, then relays it as kept; a refusal goes to the sender alone, the socket stays. */
  async function chat(from: string, text: string): Promise<void> {
    try {
      const kept = await deps.upstreams.liveCalls.call(
        (c) => c.postChatMessage,
        { interview_uuid: interviewUuid, text },
        { principal: principal!, deadline: new Date(Date.now() + deps.requestTimeoutMs) },
      );
      deps.rooms.chat(interviewUuid, from, liveChatMessage(kept));
    } catch (error) {
      const refusal = error instanceof AppError ? error : gatewayError(GatewayErrorCode.InternalError);
      if (!(error instanceof AppError)) deps.logger.error({ err: error }, 'live call chat message failed');
      send(ws, { type: 'chat-refused', code: refusal.code, reason: refusal.reason });
    }
  }

  async function authenticate(token: string | undefined, deadline: Date): Promise<UserPrincipal> {
    const sessionId = sessionIdFrom({ headers: req.headers } as Parameters<typeof sessionIdFrom>[0], deps.sessions);
    if (token) return (await resolveCandidatePrincipal(deps.upstreams, token, deadline)).principal;
    if (sessionId) return (await resolveSessionPrincipal(deps.upstreams, sessionId, deadline)).principal;
    throw gatewayError(GatewayErrorCode.KeyNotSet, 'Open the call from your invitation link, or sign in');
  }
}

function liveChatMessage(message: { uuid: string; author?: { name: string; role: string }; text: string; sent_at: string }): LiveChatMessage {
  return {
    uuid: message.uuid,
    author: { name: message.author?.name ?? '', role: (message.author?.role ?? 'candidate') as LiveRole },
    text: message.text,
    sent_at: message.sent_at,
  };
}
