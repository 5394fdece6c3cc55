import { randomUUID } from 'node:crypto';
import type { EventBus, Subscription } from '@vi/platform-bus';
import { MAX_PARTICIPANTS, type LiveRole, type PeerView, type ServerMessage } from './live-protocol';

/** A participant's connection on this replica. */
export interface LiveSocket {
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

interface Participant extends PeerView {
  userUuid: string;
  /** The replica holding the participant's socket. */
  gateway: string;
  joinedAt: number;
}

/** What replicas tell each other about a room, on the transient subject `live.<interview uuid>`. */
type RoomEvent =
  | { kind: 'joined' | 'present'; participant: Participant }
  | { kind: 'left'; id: string }
  | { kind: 'signal'; from: string; to: string; data: unknown }
  | { kind: 'state'; from: string; audio: boolean; video: boolean; screen: boolean }
  | { kind: 'recording'; active: boolean; by: string }
  | { kind: 'ended' };

interface Room {
  participants: Map<string, Participant>;
  local: Map<string, LiveSocket>;
  pendingLeaves: Map<string, NodeJS.Timeout>;
  recording: boolean;
  /** The interviewer whose browser records: their leaving ends the recording. */
  recordingBy?: string;
}

export type JoinOutcome = { admitted: true; peers: PeerView[]; recording: boolean } | { admitted: false; reason: 'full' | 'taken' };

const SUBJECT_PREFIX = 'live.';

/**
 * The live calls' rooms as this gateway replica knows them. Every replica hears every room's events on the bus
 * (transient NATS subjects; in-process under `npm start`) and keeps the roster; each delivers to the sockets it
 * holds. A replica that hears a participant join elsewhere answers with its own participants of that room
 * (`present`), so one started after a call began learns it on the first join. Everything a participant sends
 * goes through the bus, even to a neighbour on the same replica: one path, whatever the replicas.
 */
export class LiveRooms {
  private readonly rooms = new Map<string, Room>();
  private subscription?: Subscription;
  readonly gateway = randomUUID();

  constructor(
    private readonly bus: EventBus,
    private readonly options: { leaveGraceMs: number; now?: () => number } = { leaveGraceMs: 5_000 },
  ) {}

  async start(): Promise<this> {
    this.subscription = await this.bus.subscribeTransient([`${SUBJECT_PREFIX}*`], (subject, payload) =>
      this.onEvent(subject.slice(SUBJECT_PREFIX.length), payload as RoomEvent),
    );
    return this;
  }

  async close(): Promise<void> {
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
   * Admits a participant on this replica: at most MAX_PARTICIPANTS in a room, by what this replica knows. The same
   * id and user coming back (a dropped socket, a reload of the same tab) takes its place again instead of counting
   * twice; an id another user holds is refused.
   */
  join(interviewUuid: string, peer: PeerView & { userUuid: string }, socket: LiveSocket): JoinOutcome {
    const room = this.room(interviewUuid);
    const existing = room.participants.get(peer.id);
    if (existing && existing.userUuid !== peer.userUuid) return { admitted: false, reason: 'taken' };
    if (!existing && room.participants.size >= MAX_PARTICIPANTS) return { admitted: false, reason: 'full' };
    clearTimeout(room.pendingLeaves.get(peer.id));
    room.pendingLeaves.delete(peer.id);
    const previous = room.local.get(peer.id);
    if (previous && previous !== socket) previous.close(4409, 'replaced by a new connection');
    room.local.set(peer.id, socket);
    const participant: Participant = { ...peer, gateway: this.gateway, joinedAt: existing?.joinedAt ?? this.now() };
    room.participants.set(peer.id, participant);
    const peers = [...room.participants.values()].filter((p) => p.id !== peer.id).map(viewOf);
    // A socket coming back with the same page load resumes quietly; a new page load is introduced to everyone.
    if (!existing || existing.instance !== peer.instance) this.send(interviewUuid, { kind: 'joined', participant });
    return { admitted: true, peers, recording: room.recording };
  }

  /** What a participant says, with its own id as the sender (never what the page claims). */
  relay(
    interviewUuid: string,
    from: { id: string; role: LiveRole },
    message:
      | { type: 'signal'; to: string; data: unknown }
      | { type: 'state'; audio: boolean; video: boolean; screen: boolean }
      | { type: 'recording'; active: boolean }
      | { type: 'ended' },
  ): void {
    switch (message.type) {
      case 'signal':
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

  private send(interviewUuid: string, event: RoomEvent): void {
    this.bus.sendTransient(`${SUBJECT_PREFIX}${interviewUuid}`, event);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private room(interviewUuid: string): Room {
    let room = this.rooms.get(interviewUuid);
    if (!room) {
      room = { participants: new Map(), local: new Map(), pendingLeaves: new Map(), recording: false };
      this.rooms.set(interviewUuid, room);
    }
    return room;
  }

  private broadcast(room: Room, message: ServerMessage, except?: string): void {
    for (const [id, socket] of room.local) if (id !== except) socket.send(message);
  }

  private onEvent(interviewUuid: string, event: RoomEvent): void {
    switch (event.kind) {
      case 'joined':
      case 'present': {
        const room = this.room(interviewUuid);
        const known = room.participants.get(event.participant.id);
        room.participants.set(event.participant.id, event.participant);
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
        room.participants.delete(event.id);
        if (room.recordingBy === event.id) room.recording = false;
        this.broadcast(room, { type: 'peer-left', id: event.id });
        if (room.participants.size === 0) this.rooms.delete(interviewUuid);
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
