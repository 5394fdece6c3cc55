import { liveSocketPath, type ClientMessage, type ServerMessage } from '@vi/contracts/web';

/**
 * The page's side of the live call's signaling (the gateway's `/v1.0/interviews/<uuid>/live`, decision 039): one
 * WebSocket, joined with the first message, reconnected by itself with the same ids after a drop, so the server
 * and the other participants see the same person come back rather than a newcomer. The messages are the protocol's
 * in `@vi/contracts/web` (decision 066), the gateway's too: what the page sends is type-checked against what the
 * server parses, and what it receives is typed by what the server sends.
 */

export type { LiveChatMessage, LiveRole, PeerView, ServerMessage, SignalData } from '@vi/contracts/web';

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
    const socket = new WebSocket(`${scheme}://${location.host}${liveSocketPath(this.interviewUuid)}`);
    this.socket = socket;
    let refused = false;
    socket.addEventListener('open', () => {
      const join: ClientMessage = { type: 'join', ...this.ids, token: this.token, ...this.state };
      socket.send(JSON.stringify(join));
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
  send(message: ClientMessage): boolean {
    if (message.type === 'state') this.state = { audio: message.audio, video: message.video, screen: message.screen === true };
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
