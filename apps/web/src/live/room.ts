import './room.css';
import { t } from '../i18n/page-messages';
import { el, show } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { chatPanel } from './chat-panel';
import { PeerLink } from './peer-link';
import type { EndedRecording } from './part-queue';
import { participantIds, Signaling, type LiveRole, type PeerView, type ServerMessage } from './signaling';

/** What `startCallRecording` (call-recording.ts) gives back. */
export interface RecordingHandle {
  /** Stops recording; resolves once the recorder has handed over its last part (not once it reached the server). */
  stop(): Promise<void>;
  /**
   * After `stop()`: the parts reach the server, which then joins and measures them: 'whole', or 'partial' when a part
   * failed for good (the recording ends before it); rejects when the end could not be asked for.
   */
  save(): Promise<EndedRecording>;
  readonly active: boolean;
}

/** The tiles a recording draws side by side (a shared screen large) and whose voices it mixes; read on every frame. */
export type RecordedParticipants = () => ReadonlyArray<{ name: string; stream: MediaStream; presenting: boolean }>;

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
  startRecording?: (participants: RecordedParticipants, onError: (error: Error) => void) => Promise<RecordingHandle>;
  /** A sentence for a refusal code (the page's own wording). */
  refusal(code: string): string;
  /** Interviewers: where the recordings are watched once the interview has ended (a link on the last screen). */
  recordingsLink?: { href: string; text: string };
}

interface Participant {
  view: PeerView;
  tile: HTMLElement;
  video: HTMLVideoElement;
  caption: HTMLElement;
  link?: PeerLink;
}

/** Remembered per tab while in the call, so a reload goes straight back in. */
export function inCallKey(interviewUuid: string): string {
  return `vi:live:${interviewUuid}:in-call`;
}

/**
 * The call: everyone's video with their name, microphone and camera toggles the others see, leave and rejoin,
 * the recording indicator, and for interviewers "End the interview". One RTCPeerConnection per other participant
 * (a mesh of at most four; decision 039).
 */
export function enterRoom(options: RoomOptions): void {
  const { root, interviewUuid, stream } = options;
  const ids = participantIds(interviewUuid);
  const participants = new Map<string, Participant>();
  let self: PeerView | undefined;
  let iceServers: RTCIceServer[] = [];
  let recording: RecordingHandle | undefined;
  let recordingActive = false;
  let recordingBy = '';
  /** An interviewer stopped the recording: it does not start again by itself. */
  let recordingStoppedOnPurpose = false;
  let finished = false;
  sessionStorage.setItem(inCallKey(interviewUuid), '1');

  const grid = el('ul', { class: 'tiles', 'aria-label': t.live.participants });
  const notice = liveRegion();
  const waiting = el('p', { class: 'notice waiting', role: 'status' });
  const recordingBadge = el('p', { class: 'recording-badge', role: 'status', hidden: true }, el('span', { 'aria-hidden': 'true' }, '● '), t.live.recording);
  const audioTrack = () => stream.getAudioTracks()[0];
  const videoTrack = () => stream.getVideoTracks()[0];
  /** What this participant sends and sees of itself: the microphone, and the camera or a shared screen in its place. */
  const outgoing = new MediaStream(stream.getTracks());
  /** The shared screen's picture, while sharing (decision 039). */
  let screenTrack: MediaStreamTrack | undefined;
  const state = () => ({ audio: audioTrack()?.enabled ?? false, video: videoTrack()?.enabled ?? false, screen: screenTrack !== undefined });

  const mute = el('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false' }, t.live.mute);
  const camera = el('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false' }, t.live.cameraStop);
  // Phones mostly have no getDisplayMedia: no button there rather than one that cannot work.
  const share = el(
    'button',
    { type: 'button', class: 'secondary', 'aria-pressed': 'false', hidden: typeof navigator.mediaDevices?.getDisplayMedia !== 'function' },
    t.live.screenShare,
  );
  const leave = el('button', { type: 'button', class: 'secondary' }, t.live.leave);
  const recordToggle = el('button', { type: 'button', class: 'secondary', hidden: true }, t.live.recordingStop);
  const end = el('button', { type: 'button', class: 'danger', hidden: true }, t.live.end);
  const endConfirm = el(
    'div',
    { class: 'confirm', role: 'group', 'aria-label': t.live.end, hidden: true },
    el('p', {}, t.live.endConfirm),
    el('button', { type: 'button', class: 'danger', onclick: () => void endForEveryone() }, t.live.endConfirmYes),
    el('button', { type: 'button', class: 'secondary', onclick: () => ((endConfirm.hidden = true), end.focus()) }, t.live.endConfirmNo),
  );
  const controls = el('div', { class: 'controls', role: 'toolbar', 'aria-label': t.live.controls }, mute, camera, share, recordToggle, end, leave);

  const chat = chatPanel((text) => signaling.send({ type: 'chat', text }));

  const signaling = new Signaling(interviewUuid, ids, options.token, {
    onMessage: (message) => void handle(message),
    onRefused: (code) => finish(t.live.endedHeading, options.refusal(code), 'alert'),
    onConnection: (dropped) => {
      say(notice, dropped ? t.live.reconnecting : t.live.reconnected, dropped ? 'refusal' : 'ok');
      if (!dropped) for (const p of participants.values()) p.link?.restart();
    },
  });

  function tileFor(view: PeerView, own: boolean): Participant {
    const video = el('video', { autoplay: true, playsinline: true, 'aria-label': own ? t.live.you(view.name) : view.name });
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
    const flags = [!view.audio && t.live.micOff, !view.video && !view.screen && t.live.cameraOff].filter(Boolean).join(', ');
    const you = own ? t.live.you(view.name) : view.name;
    const name = view.screen ? t.live.presenting(you) : you;
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
    const role: LiveRole | undefined = self?.role;
    const text =
      role === 'candidate' && !others.some((p) => p.view.role === 'interviewer')
        ? t.live.waiting
        : role === 'interviewer' && !others.some((p) => p.view.role === 'candidate')
          ? t.live.waitingForCandidate
          : '';
    waiting.textContent = text;
    waiting.hidden = text === '';
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

  function dropPeer(id: string): void {
    const participant = participants.get(id);
    if (!participant) return;
    participant.link?.close();
    participant.tile.remove();
    participants.delete(id);
    showPresenting();
    say(notice, t.live.left(participant.view.name));
    if (id === recordingBy) showRecording(false, '');
  }

  function showRecording(active: boolean, by: string): void {
    recordingActive = active;
    recordingBy = by;
    recordingBadge.hidden = !active;
    recordToggle.textContent = active ? t.live.recordingStop : t.live.recordingStart;
  }

  /** The first interviewer (smallest id) records once the candidate is present, unless someone stopped it. */
  async function maybeRecord(): Promise<void> {
    if (!options.startRecording || self?.role !== 'interviewer' || recordingActive || recording || recordingStoppedOnPurpose) return;
    const views = [...participants.values()].map((p) => p.view);
    if (!views.some((v) => v.role === 'candidate')) return;
    const firstInterviewer = views.filter((v) => v.role === 'interviewer').sort((a, b) => a.id.localeCompare(b.id))[0];
    if (firstInterviewer?.id !== self.id) return;
    await startRecording();
  }

  /** A recording being started: a stop (End, Leave) waits for it, so no recording is left going after the call. */
  let recordingStarting: Promise<void> | undefined;

  function startRecording(): Promise<void> {
    if (!options.startRecording || recordingStarting) return recordingStarting ?? Promise.resolve();
    const start = options.startRecording;
    recordingStarting = (async () => {
      try {
        recording = await start(
          () =>
            [...participants.values()]
              .filter((p) => p.video.srcObject instanceof MediaStream)
              // What a tile plays is what is recorded: one's own shared screen too (`outgoing`).
              .map((p) => ({ name: p.view.name, stream: p.video.srcObject as MediaStream, presenting: p.view.screen })),
          () => {
            // No part after a failed one can be kept (decision 040): the recording stops for everyone and ends with what
            // arrived, rather than show "Recording" while nothing is saved; an interviewer may start a new one.
            recordingStoppedOnPurpose = true;
            say(notice, t.live.recordingInterrupted, 'refusal');
            void stopRecording();
          },
        );
        signaling.send({ type: 'recording', active: true });
      } catch {
        recording = undefined;
        say(notice, t.live.recordingFailed, 'refusal');
      } finally {
        recordingStarting = undefined;
      }
    })();
    return recordingStarting;
  }

  /**
   * Stops this browser's recording, if any: resolves once the recorder has stopped, with `saved`, the last parts
   * reaching the server and the server joining them (seconds for a long call; nobody needs to wait for it). A recording that cannot be sent or
   * saved never keeps the call from ending: its parts are kept, and the service's idle finish ends it (decision 040).
   */
  async function stopRecording(): Promise<{ saved?: Promise<EndedRecording | 'not-ended'> }> {
    await recordingStarting;
    const handle = recording;
    recording = undefined;
    if (recordingActive) signaling.send({ type: 'recording', active: false });
    if (!handle) return {};
    const interrupted = () => {
      say(notice, t.live.recordingInterrupted, 'refusal');
      return 'not-ended' as const;
    };
    try {
      await handle.stop();
    } catch {
      return { saved: Promise.resolve(interrupted()) };
    }
    return {
      saved: handle.save().then((ended) => {
        if (ended === 'partial') say(notice, t.live.recordingInterrupted, 'refusal');
        return ended;
      }, interrupted),
    };
  }

  async function handle(message: ServerMessage): Promise<void> {
    switch (message.type) {
      case 'welcome': {
        iceServers = message.iceServers;
        const first = !self;
        self = message.self;
        if (first) {
          const own = tileFor(self, true);
          own.video.srcObject = outgoing;
          participants.set(self.id, own);
          recordToggle.hidden = !options.startRecording || self.role !== 'interviewer';
          end.hidden = self.role !== 'interviewer' || !options.endInterview;
        }
        showRecording(message.recording, recordingBy);
        chat.history(message.chat ?? [], self);
        for (const peer of message.peers) connectTo(peer);
        updateWaiting();
        await maybeRecord();
        return;
      }
      case 'peer-joined':
        connectTo(message.peer);
        say(notice, t.live.joined(message.peer.name));
        updateWaiting();
        await maybeRecord();
        return;
      case 'peer-left':
        dropPeer(message.id);
        updateWaiting();
        return;
      case 'signal':
        await participants.get(message.from)?.link?.receive(message.data);
        return;
      case 'state': {
        const participant = participants.get(message.from);
        if (!participant) return;
        const screen = message.screen === true;
        if (screen !== participant.view.screen)
          say(notice, screen ? t.live.presenting(participant.view.name) : t.live.presentingStopped(participant.view.name));
        participant.view = { ...participant.view, audio: message.audio, video: message.video, screen };
        participant.caption.textContent = captionOf(participant.view, false);
        showPresenting();
        return;
      }
      case 'recording':
        if (!message.active && recordingActive && message.by !== self?.id) recordingStoppedOnPurpose = true;
        showRecording(message.active, message.by);
        if (!message.active && recording) await stopRecording();
        return;
      case 'ended':
        await stopRecording();
        finish(t.live.endedHeading, t.live.ended, 'status');
        return;
      case 'chat':
        chat.received(message.message, message.from === self?.id);
        return;
      case 'chat-refused':
        chat.refused(message.code);
        return;
      case 'refused':
        return;
    }
  }

  function setOwnState(): void {
    const now = state();
    mute.textContent = now.audio ? t.live.mute : t.live.unmute;
    mute.setAttribute('aria-pressed', String(!now.audio));
    camera.textContent = now.video ? t.live.cameraStop : t.live.cameraStart;
    camera.setAttribute('aria-pressed', String(!now.video));
    share.textContent = now.screen ? t.live.screenShareStop : t.live.screenShare;
    share.setAttribute('aria-pressed', String(now.screen));
    if (self) {
      const own = participants.get(self.id);
      self = { ...self, ...now };
      if (own) {
        own.view = self;
        own.caption.textContent = captionOf(self, true);
      }
      showPresenting();
    }
    signaling.send({ type: 'state', ...now });
  }

  /** Sends the picture to everyone, in place of the one sent (RTCRtpSender.replaceTrack), and previews it. */
  function sendVideo(track: MediaStreamTrack | undefined): void {
    for (const sent of outgoing.getVideoTracks()) outgoing.removeTrack(sent);
    if (track) outgoing.addTrack(track);
    for (const p of participants.values()) p.link?.sendVideo(track ?? null, outgoing);
  }

  async function startSharing(): Promise<void> {
    let display: MediaStream;
    try {
      display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch {
      say(notice, t.live.screenShareFailed, 'refusal');
      return;
    }
    const track = display.getVideoTracks()[0];
    if (finished || !track || screenTrack) {
      display.getTracks().forEach((tr) => tr.stop());
      return;
    }
    // Text stays sharp: under a poor connection the frame rate drops rather than the resolution.
    track.contentHint = 'detail';
    // The browser's own "Stop sharing" ends the track.
    track.addEventListener('ended', () => {
      if (screenTrack === track) stopSharing();
    });
    screenTrack = track;
    sendVideo(track);
    setOwnState();
  }

  /** The camera again (as it was left: turned off while sharing, it stays off). */
  function stopSharing(): void {
    const track = screenTrack;
    if (!track) return;
    screenTrack = undefined;
    track.stop();
    sendVideo(videoTrack());
    setOwnState();
  }

  mute.addEventListener('click', () => {
    const track = audioTrack();
    if (track) track.enabled = !track.enabled;
    setOwnState();
  });
  camera.addEventListener('click', () => {
    const track = videoTrack();
    if (track) track.enabled = !track.enabled;
    setOwnState();
  });
  share.addEventListener('click', () => {
    if (screenTrack) stopSharing();
    else void startSharing();
  });
  recordToggle.addEventListener('click', () => {
    if (recordingActive) {
      recordingStoppedOnPurpose = true;
      if (recording) void stopRecording();
      else signaling.send({ type: 'recording', active: false });
    } else {
      recordingStoppedOnPurpose = false;
      void startRecording();
    }
  });
  end.addEventListener('click', () => {
    endConfirm.hidden = false;
    endConfirm.querySelector('button')?.focus();
  });
  leave.addEventListener('click', () => {
    void stopRecording().finally(() => {
      signaling.leave();
      close();
      sessionStorage.removeItem(inCallKey(interviewUuid));
      show(
        root,
        el(
          'main',
          { class: 'card' },
          el('h1', {}, t.live.youLeftHeading),
          el('p', { role: 'status', class: 'notice' }, t.live.youLeft),
          el('button', { type: 'button', onclick: () => enterRoom(options) }, t.live.rejoin),
        ),
      );
    });
  });

  async function endForEveryone(): Promise<void> {
    const yes = endConfirm.querySelector('button');
    if (yes) {
      yes.disabled = true;
      yes.textContent = t.live.ending;
    }
    try {
      // The recorder stopped, then the interview completed and everyone told; the last parts go on being sent and the
      // server joins the recording meanwhile (a slow or retried upload never keeps anybody in the call).
      const { saved } = await stopRecording();
      await options.endInterview?.();
      signaling.send({ type: 'ended' });
      const card = finish(t.live.endedHeading, t.live.ended, 'status');
      if (!saved) return;
      const saving = el('p', { role: 'status', class: 'notice' }, t.live.recordingSaving);
      card.append(saving);
      const ended = await saved;
      if (ended === 'not-ended') {
        // The service's idle finish ends it with what arrived (decision 040).
        saving.textContent = t.live.recordingSavedLater;
        return;
      }
      saving.textContent = ended === 'whole' ? t.live.recordingSaved : t.live.recordingSavedPartly;
      if (options.recordingsLink) card.append(el('p', {}, el('a', { href: options.recordingsLink.href }, options.recordingsLink.text)));
    } catch (error) {
      if (yes) {
        yes.disabled = false;
        yes.textContent = t.live.endConfirmYes;
      }
      say(notice, options.refusal(error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : ''), 'refusal');
    }
  }

  function close(): void {
    screenTrack?.stop();
    screenTrack = undefined;
    for (const participant of participants.values()) participant.link?.close();
    participants.clear();
  }

  /** The last screen (the call is over for this page): its card, to which a status may be added. */
  function finish(heading: string, sentence: string, role: 'alert' | 'status'): HTMLElement {
    if (finished) return root.querySelector('main') ?? root;
    finished = true;
    signaling.leave();
    close();
    sessionStorage.removeItem(inCallKey(interviewUuid));
    stream.getTracks().forEach((track) => track.stop());
    const card = el('main', { class: 'card' }, el('h1', {}, heading), el('p', { role, class: role === 'alert' ? 'refusal' : 'notice' }, sentence));
    show(root, card);
    return card;
  }

  show(
    root,
    el(
      'main',
      { class: 'room' },
      el('h1', { class: 'visually-hidden' }, t.live.roomHeading),
      recordingBadge,
      waiting,
      grid,
      notice,
      controls,
      endConfirm,
      chat.element,
    ),
  );
  signaling.connect();
}
