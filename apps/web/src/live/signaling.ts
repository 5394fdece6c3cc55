/**
 * The page's side of the live call's signaling (the gateway's `/v1.0/interviews/<uuid>/live`, decision 039): one
 * WebSocket, joined with the first message, reconnected by itself with the same ids after a drop, so the server
 * and the other participants see the same person come back rather than a newcomer. The message types are the
 * gateway's (apps/gateway/src/live/live-protocol.ts) as a client sees them: the page is a client of the public
 * API like any integrator's app and imports nothing from the gateway.
 */

export type LiveRole = 'candidate' | 'interviewer';

export interface PeerView {
  id: string;
  instance: string;
  name: string;
  role: LiveRole;
  audio: boolean;
  video: boolean;
  /** Sending a shared screen instead of the camera: the others show that tile large. */
  screen: boolean;
}

/** A message of the call's chat as the server kept it: plain text, shown as text. */
export interface LiveChatMessage {
  uuid: string;
  author: { name: string; role: LiveRole };
  text: string;
  sent_at: string;
}

export type ServerMessage =
  | { type: 'welcome'; self: PeerView; peers: PeerView[]; iceServers: RTCIceServer[]; recording: boolean; closesAt: string; chat?: LiveChatMessage[] }
  | { type: 'peer-joined'; peer: PeerView }
  | { type: 'peer-left'; id: string }
  | { type: 'signal'; from: string; data: SignalData }
  | { type: 'state'; from: string; audio: boolean; video: boolean; screen: boolean }
  | { type: 'recording'; active: boolean; by: string }
  | { type: 'ended' }
  | { type: 'chat'; from: string; message: LiveChatMessage }
  | { type: 'chat-refused'; code: string; reason: string }
  | { type: 'refused'; code: string; reason: string };

export interface SignalData {
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit | null;
}

export interface SignalingHandlers {
  onMessage(message: ServerMessage): void;
  /** The server refused the join: the page says why; no reconnection follows. */
  onRefused(code: string): void;
  /** The socket dropped (true) or is back (false). */
  onConnection(dropped: boolean): void;
}

/** A participant id per tab (kept across reloads) and one per page load. */
export function participantIds(interviewUuid: string): { id: string; instance: string } {
  const key = `vi:live:${interviewUuid}:participant`;
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return { id, instance: crypto.randomUUID() };
}

const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000];

export class Signaling {
  private socket?: WebSocket;
  private closedOnPurpose = false;
  private attempts = 0;
  /** Sent again with every join, so a socket coming back shows the same microphone, camera and shared screen. */
  private state: { audio: boolean; video: boolean; screen: boolean } = { audio: true, video: true, screen: false };

  constructor(
    private readonly interviewUuid: string,
    private readonly ids: { id: string; instance: string },
    private readonly token: string | undefined,
    private readonly handlers: SignalingHandlers,
  ) {}

  connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/v1.0/interviews/${encodeURIComponent(this.interviewUuid)}/live`);
    this.socket = socket;
    let refused = false;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'join', ...this.ids, token: this.token, ...this.state }));
    });
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.type === 'refused') {
        refused = true;
        this.handlers.onRefused(message.code);
        return;
      }
      if (message.type === 'welcome') {
        if (this.attempts > 0) this.handlers.onConnection(false);
        this.attempts = 0;
      }
      if (message.type === 'ended') this.closedOnPurpose = true;
      this.handlers.onMessage(message);
    });
    socket.addEventListener('close', () => {
      if (this.closedOnPurpose || refused || this.socket !== socket) return;
      if (this.attempts === 0) this.handlers.onConnection(true);
      const delay = RETRY_DELAYS_MS[Math.min(this.attempts, RETRY_DELAYS_MS.length - 1)];
      this.attempts += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  /** Whether the message left: false while the socket is down (a chat message is then not sent). */
  send(message: Record<string, unknown>): boolean {
    if (message.type === 'state') this.state = { audio: Boolean(message.audio), video: Boolean(message.video), screen: Boolean(message.screen) };
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Leaves on purpose: the others are told at once. */
  leave(): void {
    this.closedOnPurpose = true;
    this.send({ type: 'leave' });
    this.socket?.close(1000);
  }
}
