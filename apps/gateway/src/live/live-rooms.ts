import { randomUUID } from 'node:crypto';
import type { EventBus, Subscription } from '@vi/platform-bus';
import { GatewayErrorCode } from '../http/gateway.errors';
import { MAX_PARTICIPANTS, type LiveChatMessage, type LiveRole, type ParsedClientMessage, type PeerView, type ServerMessage } from '@vi/contracts';

/** A participant's connection on this replica. */
export interface LiveSocket {
  send(message: ServerMessage<unknown>): void;
  close(code: number, reason: string): void;
  /** Tells the page why it is out (`refused`, a sentence on the page, no reconnection) and closes with 4000 + the status. */
  refuse(code: GatewayErrorCode): void;
}

interface Participant extends PeerView {
  userUuid: string;
  /** The replica holding the participant's socket. */
  gateway: string;
  joinedAt: number;
  /** When that replica took the participant's socket: of two replicas holding it, the later one holds it now. */
  heldSince: number;
}

/** What replicas tell each other about a room, on the transient subject `live.<interview uuid>`. */
type RoomEvent =
  | { kind: 'joined' | 'present'; participant: Participant }
  | { kind: 'left'; id: string }
  /** The person of this participant joined again from another page (another id): this one gives its seat up. */
  | { kind: 'replaced'; id: string }
  | { kind: 'signal'; from: string; to: string; data: unknown }
  | { kind: 'state'; from: string; audio: boolean; video: boolean; screen: boolean }
  | { kind: 'recording'; active: boolean; by: string }
  | { kind: 'chat'; from: string; message: LiveChatMessage }
  | { kind: 'ended' };

interface Room {
  participants: Map<string, Participant>;
  local: Map<string, LiveSocket>;
  pendingLeaves: Map<string, NodeJS.Timeout>;
  /** When this replica last heard that another replica holds the participant (joined, present). */
  heardAt: Map<string, number>;
  recording: boolean;
  /** The interviewer whose browser records: their leaving ends the recording. */
  recordingBy?: string;
}

export type JoinOutcome = { admitted: true; peers: PeerView[]; recording: boolean } | { admitted: false; reason: 'full' | 'taken' };

const SUBJECT_PREFIX = 'live.';
/** Each replica says this often which participants it holds (`present`), so the others can tell one that died. */
const HEARTBEAT_MS = 5_000;
/** A participant whose replica said nothing of it for this many heartbeats is gone (its replica died). */
const SILENT_HEARTBEATS = 3;

/**
 * The live calls' rooms as this gateway replica knows them. Every replica hears every room's events on the bus
 * (transient NATS subjects; in-process under `npm start`) and keeps the roster; each delivers to the sockets it
 * holds. A replica that hears a participant join elsewhere answers with its own participants of that room
 * (`present`), so one started after a call began learns it on the first join. Everything a participant sends
 * goes through the bus, even to a neighbour on the same replica: one path, whatever the replicas. Each replica
 * also repeats `present` for its own participants every few seconds: a replica that died without a word (kill -9)
 * stops repeating, and its participants who did not come back through another replica are then taken as gone.
 */
export class LiveRooms {
  private readonly rooms = new Map<string, Room>();
  private subscription?: Subscription;
  private heartbeat?: NodeJS.Timeout;
  readonly gateway = randomUUID();

  constructor(
    private readonly bus: EventBus,
    private readonly options: { leaveGraceMs: number; heartbeatMs?: number; now?: () => number } = { leaveGraceMs: 5_000 },
  ) {}

  async start(): Promise<this> {
    this.subscription = await this.bus.subscribeTransient([`${SUBJECT_PREFIX}*`], (subject, payload) =>
      this.onEvent(subject.slice(SUBJECT_PREFIX.length), payload as RoomEvent),
    );
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
    return this;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.subscription?.close();
    for (const room of this.rooms.values()) {
      for (const timer of room.pendingLeaves.values()) clearTimeout(timer);
      for (const socket of room.local.values()) socket.close(1001, 'going away');
    }
    this.rooms.clear();
  }

  /** How many participants this replica knows in a room (for tests and the bench). */
  size(interviewUuid: string): number {
    return this.rooms.get(interviewUuid)?.participants.size ?? 0;
  }

  /**
   * Admits a participant on this replica: at most MAX_PARTICIPANTS people in a room, by what this replica knows. A seat
   * belongs to a person (a candidate token's job seeker, a company user), not to a socket: the same id and user coming
   * back (a dropped socket, a reload of the same tab) takes its place again; the same person from another page (another
   * id: a second tab, a phone) takes the seat over, and the older page is told and closed; an id another user holds is
   * refused.
   */
  join(interviewUuid: string, peer: PeerView & { userUuid: string }, socket: LiveSocket): JoinOutcome {
    const room = this.room(interviewUuid);
    const existing = room.participants.get(peer.id);
    if (existing && existing.userUuid !== peer.userUuid) return { admitted: false, reason: 'taken' };
    const replaced = [...room.participants.values()].filter((p) => p.userUuid === peer.userUuid && p.id !== peer.id);
    if (!existing && replaced.length === 0 && room.participants.size >= MAX_PARTICIPANTS) return { admitted: false, reason: 'full' };
    clearTimeout(room.pendingLeaves.get(peer.id));
    room.pendingLeaves.delete(peer.id);
    const previous = room.local.get(peer.id);
    if (previous && previous !== socket) previous.close(4409, 'replaced by a new connection');
    room.local.set(peer.id, socket);
    // Later than any holding this replica knew of, even within the same millisecond.
    const heldSince = Math.max(this.now(), (existing?.heldSince ?? 0) + 1);
    const participant: Participant = { ...peer, gateway: this.gateway, joinedAt: existing?.joinedAt ?? this.now(), heldSince };
    room.participants.set(peer.id, participant);
    room.heardAt.delete(peer.id);
    for (const older of replaced) this.send(interviewUuid, { kind: 'replaced', id: older.id });
    const gone = new Set(replaced.map((p) => p.id));
    const peers = [...room.participants.values()].filter((p) => p.id !== peer.id && !gone.has(p.id)).map(viewOf);
    // A socket coming back with the same page load resumes quietly; a new page load is introduced to everyone. One
    // coming back through this replica from another (that replica died, or a balancer chose this one) is now held
    // here: the others hear it quietly (`present`), and the replica it left does not announce it left.
    if (!existing || existing.instance !== peer.instance) this.send(interviewUuid, { kind: 'joined', participant });
    else if (existing.gateway !== this.gateway) this.send(interviewUuid, { kind: 'present', participant });
    return { admitted: true, peers, recording: room.recording };
  }

  /** What a participant says, with its own id as the sender (never what the page claims). */
  relay(
    interviewUuid: string,
    from: { id: string; role: LiveRole },
    // What the socket handles itself (joining, leaving, a chat message kept by interviews first) is never relayed.
    message: Exclude<ParsedClientMessage, { type: 'join' | 'leave' | 'chat' }>,
  ): void {
    switch (message.type) {
      case 'signal':
        // Only to another participant of the room: never back to the sender, nor to an id nobody holds.
        if (message.to === from.id || !this.rooms.get(interviewUuid)?.participants.has(message.to)) return;
        return this.send(interviewUuid, { kind: 'signal', from: from.id, to: message.to, data: message.data });
      case 'state':
        return this.send(interviewUuid, { kind: 'state', from: from.id, audio: message.audio, video: message.video, screen: message.screen });
      case 'recording':
        if (from.role === 'interviewer') this.send(interviewUuid, { kind: 'recording', active: message.active, by: from.id });
        return;
      case 'ended':
        if (from.role === 'interviewer') this.send(interviewUuid, { kind: 'ended' });
        return;
    }
  }

  /** A chat message the interviews service has kept, to everyone in the room on every replica, its sender too. */
  chat(interviewUuid: string, from: string, message: LiveChatMessage): void {
    this.send(interviewUuid, { kind: 'chat', from, message });
  }

  /**
   * A socket closed. Leaving on purpose is told at once; a dropped connection only after a grace, so a page that
   * reconnects (a network change) keeps its place and its peers keep their connection to it.
   */
  disconnected(interviewUuid: string, id: string, socket: LiveSocket, leaving: boolean): void {
    const room = this.rooms.get(interviewUuid);
    if (!room || room.local.get(id) !== socket) return;
    room.local.delete(id);
    if (leaving) return this.send(interviewUuid, { kind: 'left', id });
    room.pendingLeaves.set(
      id,
      setTimeout(() => {
        room.pendingLeaves.delete(id);
        if (!room.local.has(id)) this.send(interviewUuid, { kind: 'left', id });
      }, this.options.leaveGraceMs),
    );
  }

  /**
   * Every heartbeat: this replica's participants (sockets held, or dropped and within their grace) are announced to
   * the others (`present`: quiet for those who know them, an introduction for a replica that lost them); and the
   * participants held by a replica that said nothing of them for SILENT_HEARTBEATS heartbeats are gone: that replica
   * died (kill -9, a node lost) without telling, and they did not come back through another replica meanwhile.
   */
  private beat(): void {
    const silentSince = this.now() - SILENT_HEARTBEATS * (this.options.heartbeatMs ?? HEARTBEAT_MS);
    for (const [interviewUuid, room] of this.rooms) {
      for (const participant of room.participants.values()) {
        if (this.holds(room, participant.id)) this.send(interviewUuid, { kind: 'present', participant });
        else if ((room.heardAt.get(participant.id) ?? this.now()) < silentSince) this.forget(interviewUuid, room, participant.id);
      }
    }
  }

  private holds(room: Room, id: string): boolean {
    return room.local.has(id) || room.pendingLeaves.has(id);
  }

  /** A participant is gone: out of the roster, and this replica's participants are told. */
  private forget(interviewUuid: string, room: Room, id: string): void {
    room.participants.delete(id);
    room.heardAt.delete(id);
    if (room.recordingBy === id) room.recording = false;
    this.broadcast(room, { type: 'peer-left', id });
    if (room.participants.size === 0) this.rooms.delete(interviewUuid);
  }

  private send(interviewUuid: string, event: RoomEvent): void {
    this.bus.sendTransient(`${SUBJECT_PREFIX}${interviewUuid}`, event);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private room(interviewUuid: string): Room {
    let room = this.rooms.get(interviewUuid);
    if (!room) {
      room = { participants: new Map(), local: new Map(), pendingLeaves: new Map(), heardAt: new Map(), recording: false };
      this.rooms.set(interviewUuid, room);
    }
    return room;
  }

  private broadcast(room: Room, message: ServerMessage<unknown>, except?: string): void {
    for (const [id, socket] of room.local) if (id !== except) socket.send(message);
  }

  private onEvent(interviewUuid: string, event: RoomEvent): void {
    switch (event.kind) {
      case 'joined':
      case 'present': {
        const room = this.room(interviewUuid);
        const id = event.participant.id;
        const known = room.participants.get(id);
        if (event.participant.gateway !== this.gateway) {
          const socket = room.local.get(id);
          // This replica took the socket after that word was sent (it came here from there): it holds it.
          if (socket && known && known.heldSince >= event.participant.heldSince) return;
          // Another replica took it since: the socket here is stale (its page went there), and a socket of it dropped
          // here is not to be announced as left.
          room.local.delete(id);
          socket?.close(4409, 'replaced by a new connection');
          clearTimeout(room.pendingLeaves.get(id));
          room.pendingLeaves.delete(id);
          room.heardAt.set(id, this.now());
        } else if (!this.holds(room, id)) return;
        room.participants.set(id, event.participant);
        // A join this replica announced was judged a newcomer by join(), which has already put it in the roster: its
        // neighbours here are told, always. From elsewhere, what this replica knew decides: a participant it knows with
        // the same page load (a socket coming back through another replica, or a `present` answer) stays quiet.
        const ownAnnouncement = event.kind === 'joined' && event.participant.gateway === this.gateway;
        if (ownAnnouncement || !known || known.instance !== event.participant.instance)
          this.broadcast(room, { type: 'peer-joined', peer: viewOf(event.participant) }, event.participant.id);
        // Someone joined elsewhere: tell that replica who is here, in case it started after they joined.
        if (event.kind === 'joined' && event.participant.gateway !== this.gateway) {
          for (const id of room.local.keys()) {
            const participant = room.participants.get(id);
            if (participant) this.send(interviewUuid, { kind: 'present', participant });
          }
        }
        return;
      }
      case 'left': {
        const room = this.rooms.get(interviewUuid);
        if (!room || room.local.has(event.id)) return;
        this.forget(interviewUuid, room, event.id);
        return;
      }
      case 'replaced': {
        const room = this.rooms.get(interviewUuid);
        if (!room) return;
        const socket = room.local.get(event.id);
        room.local.delete(event.id);
        clearTimeout(room.pendingLeaves.get(event.id));
        room.pendingLeaves.delete(event.id);
        socket?.refuse(GatewayErrorCode.LiveCallJoinedElsewhere);
        if (room.participants.has(event.id)) this.forget(interviewUuid, room, event.id);
        return;
      }
      case 'signal':
        this.rooms.get(interviewUuid)?.local.get(event.to)?.send({ type: 'signal', from: event.from, data: event.data });
        return;
      case 'state': {
        const room = this.rooms.get(interviewUuid);
        const participant = room?.participants.get(event.from);
        if (!room || !participant) return;
        participant.audio = event.audio;
        participant.video = event.video;
        participant.screen = event.screen;
        this.broadcast(room, { type: 'state', from: event.from, audio: event.audio, video: event.video, screen: event.screen }, event.from);
        return;
      }
      case 'recording': {
        const room = this.rooms.get(interviewUuid);
        if (!room) return;
        room.recording = event.active;
        room.recordingBy = event.active ? event.by : undefined;
        this.broadcast(room, { type: 'recording', active: event.active, by: event.by });
        return;
      }
      case 'chat': {
        const room = this.rooms.get(interviewUuid);
        if (room) this.broadcast(room, { type: 'chat', from: event.from, message: event.message });
        return;
      }
      case 'ended': {
        const room = this.rooms.get(interviewUuid);
        if (!room) return;
        this.broadcast(room, { type: 'ended' });
        for (const timer of room.pendingLeaves.values()) clearTimeout(timer);
        for (const socket of room.local.values()) socket.close(1000, 'the interview ended');
        this.rooms.delete(interviewUuid);
        return;
      }
    }
  }
}

function viewOf(participant: Participant): PeerView {
  return {
    id: participant.id,
    instance: participant.instance,
    name: participant.name,
    role: participant.role,
    audio: participant.audio,
    video: participant.video,
    screen: participant.screen,
  };
}
