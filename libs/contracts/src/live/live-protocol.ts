/**
 * The live call's signaling messages, JSON over the WebSocket `/v1.0/interviews/<uuid>/live` (decisions 039, 066),
 * written once for the three that speak it: the gateway (parses what it accepts with `parseClientMessage`), the
 * pages (types only: what `Signaling.send()` takes and what it hands on) and the specs that speak it by hand.
 *
 * The server only introduces participants and carries what they say to each other; it never reads `signal.data`
 * (SDP offers and answers, ICE candidates), so a selective forwarding server can later take the place of the
 * other peers without changing this protocol: it would be one more participant that everyone negotiates with. Hence
 * the type parameter `Signal`: the pages agree on `SignalData`, the server relays `unknown`.
 *
 * Browser-safe: no import, no Node or DOM type (the browser's own types are structurally the same).
 */

export type LiveRole = 'candidate' | 'interviewer';

export interface PeerView {
  /** Chosen by the page once per tab (a UUID), so a reconnecting or reloaded page is recognised. */
  id: string;
  /** Chosen per page load: a new one means the page was reloaded, and the others renegotiate with it. */
  instance: string;
  name: string;
  role: LiveRole;
  audio: boolean;
  video: boolean;
  /** Sending a shared screen or window instead of the camera: the others show that tile large. */
  screen: boolean;
}

/** A message of the call's chat as the interviews service kept it (its uuid and time are the service's). */
export interface LiveChatMessage {
  uuid: string;
  author: { name: string; role: LiveRole };
  /** Plain text: pages show it as text, never as HTML. */
  text: string;
  sent_at: string;
}

/** What a browser's RTCPeerConnection is given (the `iceServers` of RTCConfiguration, a `RTCIceServer`). */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * What the pages put in `signal.data`, the same as the browser's `RTCSessionDescriptionInit` and `RTCIceCandidateInit`
 * (`toJSON()` of a description or a candidate); a null candidate is the end of gathering.
 */
export interface SignalData {
  description?: { type: 'offer' | 'answer' | 'pranswer' | 'rollback'; sdp?: string };
  candidate?: { candidate?: string; sdpMid?: string | null; sdpMLineIndex?: number | null; usernameFragment?: string | null } | null;
}

/** Client → server. */
export type ClientMessage<Signal = SignalData> =
  /** The first message: the candidate's token (never in the URL), or nothing for a signed-in company user (cookie). */
  | { type: 'join'; id: string; instance: string; token?: string; audio?: boolean; video?: boolean; screen?: boolean }
  | { type: 'signal'; to: string; data: Signal }
  /** `screen` is optional (false when absent), so a page from before screen sharing still speaks this protocol. */
  | { type: 'state'; audio: boolean; video: boolean; screen?: boolean }
  /** Interviewers only. */
  | { type: 'recording'; active: boolean }
  /** Interviewers only, once `PUT /interviews/<uuid>` `{"status": "completed"}` has succeeded. */
  | { type: 'ended' }
  | { type: 'leave' }
  /** A line of the call's chat: kept by interviews, then sent to everyone in the room, the sender too. */
  | { type: 'chat'; text: string };

/** Server → client. */
export type ServerMessage<Signal = SignalData> =
  /** `chat`: the call's messages so far, oldest first (a page that joins late, reconnects or reloads loses none). */
  | { type: 'welcome'; self: PeerView; peers: PeerView[]; iceServers: IceServer[]; recording: boolean; closesAt: string; chat: LiveChatMessage[] }
  | { type: 'peer-joined'; peer: PeerView }
  | { type: 'peer-left'; id: string }
  | { type: 'signal'; from: string; data: Signal }
  | { type: 'state'; from: string; audio: boolean; video: boolean; screen: boolean }
  | { type: 'recording'; active: boolean; by: string }
  | { type: 'ended' }
  /** A chat message kept, from the participant `from`, to everyone in the room, the sender too. */
  | { type: 'chat'; from: string; message: LiveChatMessage }
  /** To the sender alone: its chat message was not kept (too long, empty, the call's chat full …); the socket stays. */
  | { type: 'chat-refused'; code: string; reason: string }
  /** Then the socket closes with 4000 + the HTTP status the same refusal would have. */
  | { type: 'refused'; code: string; reason: string };

/** A client message as the server holds it once parsed: defaults filled in, `signal.data` relayed unread. */
export type ParsedClientMessage =
  | (Extract<ClientMessage<unknown>, { type: 'join' }> & { audio: boolean; video: boolean; screen: boolean })
  | (Extract<ClientMessage<unknown>, { type: 'state' }> & { screen: boolean })
  | Exclude<ClientMessage<unknown>, { type: 'join' | 'state' }>;

export const MAX_PARTICIPANTS = 4;

/** The signaling socket's path for an interview (upgraded from a GET on the gateway). */
export function liveSocketPath(interviewUuid: string): string {
  return `/v1.0/interviews/${encodeURIComponent(interviewUuid)}/live`;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client message, or undefined for anything that is not one (ignored, or refused when it was to be the join). */
export function parseClientMessage(text: string): ParsedClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'join':
      if (typeof m.id !== 'string' || !ID.test(m.id) || typeof m.instance !== 'string' || !ID.test(m.instance)) return undefined;
      if (m.token !== undefined && typeof m.token !== 'string') return undefined;
      return {
        type: 'join',
        id: m.id.toLowerCase(),
        instance: m.instance,
        token: m.token,
        audio: m.audio !== false,
        video: m.video !== false,
        screen: m.screen === true,
      };
    case 'signal':
      return typeof m.to === 'string' && m.data !== undefined ? { type: 'signal', to: m.to, data: m.data } : undefined;
    case 'state':
      if (typeof m.audio !== 'boolean' || typeof m.video !== 'boolean' || (m.screen !== undefined && typeof m.screen !== 'boolean')) return undefined;
      return { type: 'state', audio: m.audio, video: m.video, screen: m.screen === true };
    case 'recording':
      return typeof m.active === 'boolean' ? { type: 'recording', active: m.active } : undefined;
    case 'ended':
    case 'leave':
      return { type: m.type };
    case 'chat':
      return typeof m.text === 'string' ? { type: 'chat', text: m.text } : undefined;
    default:
      return undefined;
  }
}
