import './room.css';
import { text } from '../i18n/texts';
import { el, show } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { chatPanel } from './chat-panel';
import { roomControls } from './room-controls';
import { roomMedia } from './room-media';
import { roomPeers } from './room-peers';
import { roomRecording, type StartRecording, type Stopped } from './room-recording';
import { refusalHeading } from './refusal-heading';
import { participantIds, Signaling, type ServerMessage } from './signaling';

export type { RecordedParticipants, RecordingHandle } from './room-recording';

export interface RoomOptions {
  root: HTMLElement;
  interviewUuid: string;
  /** The candidate's token (the invitation link's); absent for a signed-in company user. */
  token?: string;
  stream: MediaStream;
  /** Interviewers: completes the interview (PUT status completed) before the others are told. */
  endInterview?: () => Promise<void>;
  /**
   * Interviewers: starts recording every participant side by side (call-recording.ts). `onError` is told when parts
   * stopped reaching the server after every retry: the call goes on, the recording keeps what arrived.
   */
  startRecording?: StartRecording;
  /** A sentence for a refusal code (the page's own wording). */
  refusal(code: string): string;
  /** Interviewers: where the recordings are watched once the interview has ended (a link on the last screen). */
  recordingsLink?: { href: string; text: string };
}

/** Remembered per tab while in the call, so a reload goes straight back in. */
export function inCallKey(interviewUuid: string): string {
  return `vi:live:${interviewUuid}:in-call`;
}

/**
 * The call: everyone's video with their name, microphone and camera toggles the others see, screen sharing, the
 * chat, leave and rejoin, the recording indicator, and for interviewers the recording toggle and "End the
 * interview". This function wires the parts (decision 067): the signaling socket, the peers' tiles and connections
 * (room-peers.ts), this page's media (room-media.ts), the buttons (room-controls.ts), the chat (chat-panel.ts) and
 * the recording (room-recording.ts, whose states are recording-state.ts); each server message is dispatched to them.
 */
export function enterRoom(options: RoomOptions): void {
  const { root, interviewUuid } = options;
  let finished = false;
  sessionStorage.setItem(inCallKey(interviewUuid), '1');

  const notice = liveRegion();
  const signaling: Signaling = new Signaling(interviewUuid, participantIds(interviewUuid), options.token, {
    onMessage: (message) => void handle(message),
    onRefused: (code) => finish(refusalHeading(code), options.refusal(code), 'alert'),
    onConnection: (dropped) => {
      say(notice, dropped ? text().live.reconnecting : text().live.reconnected, dropped ? 'refusal' : 'ok');
      if (!dropped) peers.restart();
    },
  });
  const media = roomMedia(options.stream, (track, outgoing) => peers.sendVideo(track, outgoing), ownStateChanged);
  const peers = roomPeers(media.outgoing, signaling, notice);
  const chat = chatPanel((text) => signaling.send({ type: 'chat', text }));
  const controls = roomControls({
    microphone: () => media.toggleMicrophone(),
    camera: () => media.toggleCamera(),
    share: () => {
      if (media.sharing) media.stopSharing();
      else
        void media.startSharing().then((shared) => {
          if (!shared) say(notice, text().live.screenShareFailed, 'refusal');
        });
    },
    toggleRecording: () => recording.toggle(),
    endForEveryone: () => void endForEveryone(),
    leave: () => void leave(),
  });
  const recording = roomRecording({
    start: options.startRecording,
    participants: peers.recorded,
    announce: (active) => signaling.send({ type: 'recording', active }),
    notice: (which) => say(notice, text().live[which], 'refusal'),
    render: (state) => controls.recording(state.shown),
  });

  /** Who is here, for the recording's start by itself. */
  const presence = () => {
    const self = peers.self;
    return { mayRecord: self?.role === 'interviewer', selfId: self?.id ?? '', participants: peers.views() };
  };

  async function handle(message: ServerMessage): Promise<void> {
    switch (message.type) {
      case 'welcome': {
        const first = !peers.self;
        peers.welcome(message.self, message.iceServers, message.peers);
        if (first)
          controls.allow({
            recordToggle: !!options.startRecording && message.self.role === 'interviewer',
            end: message.self.role === 'interviewer' && !!options.endInterview,
          });
        recording.welcome(message.recording);
        chat.history(message.chat ?? [], message.self);
        recording.present(presence());
        return;
      }
      case 'peer-joined':
        peers.connectTo(message.peer);
        say(notice, text().live.joined(message.peer.name));
        recording.present(presence());
        return;
      case 'peer-left': {
        const left = peers.drop(message.id);
        if (left) {
          say(notice, text().live.left(left.name));
          recording.peerLeft(message.id);
        }
        return;
      }
      case 'signal':
        await peers.signal(message.from, message.data);
        return;
      case 'state':
        peers.stateOf(message.from, { audio: message.audio, video: message.video, screen: message.screen === true });
        return;
      case 'recording':
        recording.announced(message.active, message.by, peers.self?.id ?? '');
        return;
      case 'ended':
        await recording.callOver();
        finish(text().live.endedHeading, text().live.ended, 'status');
        return;
      case 'chat':
        chat.received(message.message, message.from === peers.self?.id);
        return;
      case 'chat-refused':
        chat.refused(message.code);
        return;
      case 'refused':
        return;
    }
  }

  function ownStateChanged(): void {
    const now = media.state();
    controls.ownState(now);
    peers.ownState(now);
    signaling.send({ type: 'state', ...now });
  }

  async function leave(): Promise<void> {
    await recording.callOver().catch(() => undefined);
    signaling.leave();
    close(false);
    show(
      root,
      el(
        'main',
        { class: 'card' },
        el('h1', {}, text().live.youLeftHeading),
        el('p', { role: 'status', class: 'notice' }, text().live.youLeft),
        el('button', { type: 'button', onclick: () => enterRoom(options) }, text().live.rejoin),
      ),
    );
  }

  async function endForEveryone(): Promise<void> {
    controls.ending(true);
    let saved: Stopped['saved'];
    try {
      // The recorder stopped, then the interview completed and everyone told; the last parts go on being sent and the
      // server joins the recording meanwhile (a slow or retried upload never keeps anybody in the call).
      ({ saved } = await recording.callOver());
      await options.endInterview?.();
    } catch (error) {
      controls.ending(false);
      say(notice, options.refusal(error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : ''), 'refusal');
      return;
    }
    signaling.send({ type: 'ended' });
    const card = finish(text().live.endedHeading, text().live.ended, 'status');
    if (saved) await showSaving(card, saved);
  }

  /** The last screen of the interviewer who ended the call: the recording being saved, then saved (or later). */
  async function showSaving(card: HTMLElement, saved: NonNullable<Stopped['saved']>): Promise<void> {
    const saving = el('p', { role: 'status', class: 'notice' }, text().live.recordingSaving);
    card.append(saving);
    const ended = await saved;
    if (ended === 'not-ended') {
      // The service's idle finish ends it with what arrived (decision 040).
      saving.textContent = text().live.recordingSavedLater;
      return;
    }
    saving.textContent = ended === 'whole' ? text().live.recordingSaved : text().live.recordingSavedPartly;
    if (options.recordingsLink) card.append(el('p', {}, el('a', { href: options.recordingsLink.href }, options.recordingsLink.text)));
  }

  /** This page is out of the call: no connection, no shared screen; `all`: the camera and microphone stop too. */
  function close(all: boolean): void {
    media.close(all);
    peers.close();
    sessionStorage.removeItem(inCallKey(interviewUuid));
  }

  /** The last screen (the call is over for this page): its card, to which a status may be added. */
  function finish(heading: string, sentence: string, role: 'alert' | 'status'): HTMLElement {
    if (finished) return root.querySelector('main') ?? root;
    finished = true;
    signaling.leave();
    close(true);
    const card = el('main', { class: 'card' }, el('h1', {}, heading), el('p', { role, class: role === 'alert' ? 'refusal' : 'notice' }, sentence));
    show(root, card);
    return card;
  }

  show(
    root,
    el(
      'main',
      { class: 'room' },
      el('h1', { class: 'visually-hidden' }, text().live.roomHeading),
      controls.badge,
      peers.waiting,
      peers.grid,
      notice,
      controls.toolbar,
      controls.endConfirm,
      chat.element,
    ),
  );
  signaling.connect();
}
