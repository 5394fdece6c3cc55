import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { say } from '../shared/screens';
import { PeerLink } from './peer-link';
import type { RecordedParticipants } from './room-recording';
import type { PeerView, Signaling } from './signaling';

interface Participant {
  view: PeerView;
  tile: HTMLElement;
  video: HTMLVideoElement;
  caption: HTMLElement;
  link?: PeerLink;
}

/** Everyone in the call as this page shows them: a tile each, and a connection to each other participant. */
export interface RoomPeers {
  /** The tiles' list. */
  readonly grid: HTMLElement;
  /** "Waiting for …" while the other side is not here. */
  readonly waiting: HTMLElement;
  /** This page's participant, once welcomed. */
  readonly self: PeerView | undefined;
  /** Everyone here, this page's participant included. */
  views(): PeerView[];
  /** The server's welcome: this page's own tile (playing `outgoing`) the first time, then a connection to everyone here. */
  welcome(self: PeerView, iceServers: RTCIceServer[], peers: PeerView[]): void;
  /** Connects to another participant (again, when they came back as a new page instance). */
  connectTo(view: PeerView): void;
  /** Someone left: their tile goes; returns their view, if they were here. */
  drop(id: string): PeerView | undefined;
  /** Another participant's microphone, camera or shared screen changed. */
  stateOf(id: string, now: { audio: boolean; video: boolean; screen: boolean }): void;
  /** This page's own microphone, camera or shared screen changed. */
  ownState(now: { audio: boolean; video: boolean; screen: boolean }): void;
  /** Sends another picture to everyone (a shared screen, the camera again). */
  sendVideo(track: MediaStreamTrack | undefined, outgoing: MediaStream): void;
  /** Receives a signal for the connection to `from`. */
  signal(from: string, data: Parameters<PeerLink['receive']>[0]): Promise<void>;
  /** The signaling socket is back after a drop: every connection restarts ICE if needed. */
  restart(): void;
  /** What a recording draws: what each tile plays (one's own shared screen too). */
  recorded: RecordedParticipants;
  /** Closes every connection. */
  close(): void;
}

/** One RTCPeerConnection per other participant (a mesh of at most four; decision 039). */
export function roomPeers(outgoing: MediaStream, signaling: Signaling, notice: HTMLElement): RoomPeers {
  const participants = new Map<string, Participant>();
  const grid = el('ul', { class: 'tiles', 'aria-label': text().live.participants });
  const waiting = el('p', { class: 'notice waiting', role: 'status' });
  let self: PeerView | undefined;
  let iceServers: RTCIceServer[] = [];

  function tileFor(view: PeerView, own: boolean): Participant {
    const video = el('video', { autoplay: true, playsinline: true, 'aria-label': own ? text().live.you(view.name) : view.name });
    video.muted = own;
    const caption = el('figcaption', {});
    const tile = el('li', { class: own ? 'tile own' : 'tile' }, el('figure', {}, video, caption));
    const participant = { view, tile, video, caption };
    caption.textContent = captionOf(view, own);
    grid.append(tile);
    return participant;
  }

  function captionOf(view: PeerView, own: boolean): string {
    // While a screen is shared the camera is not seen, whether on or off.
    const flags = [!view.audio && text().live.micOff, !view.video && !view.screen && text().live.cameraOff].filter(Boolean).join(', ');
    const you = own ? text().live.you(view.name) : view.name;
    const name = view.screen ? text().live.presenting(you) : you;
    return flags ? `${name}: ${flags}` : name;
  }

  /** Someone else sharing a screen is shown large, the others small beside it; one's own screen is a preview. */
  function showPresenting(): void {
    for (const p of participants.values()) {
      const own = p.view.id === self?.id;
      p.tile.classList.toggle('presenter', !own && p.view.screen);
      p.tile.classList.toggle('sharing', own && p.view.screen);
    }
    grid.classList.toggle(
      'presenting',
      [...participants.values()].some((p) => p.view.screen && p.view.id !== self?.id),
    );
  }

  function updateWaiting(): void {
    const others = [...participants.values()].filter((p) => p.view.id !== self?.id);
    const role = self?.role;
    const sentence =
      role === 'candidate' && !others.some((p) => p.view.role === 'interviewer')
        ? text().live.waiting
        : role === 'interviewer' && !others.some((p) => p.view.role === 'candidate')
          ? text().live.waitingForCandidate
          : '';
    waiting.textContent = sentence;
    waiting.hidden = sentence === '';
  }

  function connectTo(view: PeerView): void {
    const existing = participants.get(view.id);
    if (existing && existing.view.instance === view.instance && existing.link) return;
    existing?.link?.close();
    const participant = existing ?? tileFor(view, false);
    participant.view = view;
    participant.caption.textContent = captionOf(view, false);
    participant.link = new PeerLink(
      view.id,
      (self?.id ?? '') > view.id,
      { iceServers },
      // A screen being shared goes to whoever joins or comes back meanwhile too.
      outgoing,
      signaling,
      () => {
        if (participant.video.srcObject !== participant.link?.remote) participant.video.srcObject = participant.link?.remote ?? null;
      },
      () => undefined,
    );
    participants.set(view.id, participant);
    showPresenting();
  }

  return {
    grid,
    waiting,
    get self() {
      return self;
    },
    views: () => [...participants.values()].map((p) => p.view),
    welcome(view, servers, peers) {
      iceServers = servers;
      const first = !self;
      self = view;
      if (first) {
        const own = tileFor(view, true);
        own.video.srcObject = outgoing;
        participants.set(view.id, own);
      }
      for (const peer of peers) connectTo(peer);
      updateWaiting();
    },
    connectTo(view) {
      connectTo(view);
      updateWaiting();
    },
    drop(id) {
      const participant = participants.get(id);
      if (!participant) return undefined;
      participant.link?.close();
      participant.tile.remove();
      participants.delete(id);
      showPresenting();
      updateWaiting();
      return participant.view;
    },
    stateOf(id, now) {
      const participant = participants.get(id);
      if (!participant) return;
      if (now.screen !== participant.view.screen)
        say(notice, now.screen ? text().live.presenting(participant.view.name) : text().live.presentingStopped(participant.view.name));
      participant.view = { ...participant.view, ...now };
      participant.caption.textContent = captionOf(participant.view, false);
      showPresenting();
    },
    ownState(now) {
      if (!self) return;
      const own = participants.get(self.id);
      self = { ...self, ...now };
      if (own) {
        own.view = self;
        own.caption.textContent = captionOf(self, true);
      }
      showPresenting();
    },
    sendVideo(track, stream) {
      for (const p of participants.values()) p.link?.sendVideo(track ?? null, stream);
    },
    signal: async (from, data) => participants.get(from)?.link?.receive(data),
    restart() {
      for (const p of participants.values()) p.link?.restart();
    },
    recorded: () =>
      [...participants.values()]
        .filter((p) => p.video.srcObject instanceof MediaStream)
        .map((p) => ({ name: p.view.name, stream: p.video.srcObject as MediaStream, presenting: p.view.screen })),
    close() {
      for (const participant of participants.values()) participant.link?.close();
      participants.clear();
    },
  };
}
