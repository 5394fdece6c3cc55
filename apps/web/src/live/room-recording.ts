import type { EndedRecording } from './part-queue';
import { initialRecordingState, recordingTransition, type Presence, type RecordingEvent, type RecordingState } from './recording-state';

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

/** Starts recording every participant (interviewers' pages); `onError`: parts stopped reaching the server for good. */
export type StartRecording = (participants: RecordedParticipants, onError: (error: Error) => void) => Promise<RecordingHandle>;

/**
 * The recorder stopped: `saved` settles once the last parts reached the server and it joined them (seconds for a long
 * call; nobody needs to wait for it), 'not-ended' when that could not be asked for (the service's idle finish then
 * ends it with what arrived, decision 040). No `saved`: this page was not recording.
 */
export interface Stopped {
  saved?: Promise<EndedRecording | 'not-ended'>;
}

export interface RoomRecording {
  welcome(recording: boolean): void;
  present(presence: Presence): void;
  announced(active: boolean, by: string, selfId: string): void;
  peerLeft(id: string): void;
  toggle(): void;
  /** The call is over for this page: stops the recorder (waiting for one being started), so none is left going. */
  callOver(): Promise<Stopped>;
}

export interface RoomRecordingOptions {
  /** Absent on candidates' pages, which never record. */
  start?: StartRecording;
  participants: RecordedParticipants;
  /** Sends `{ type: 'recording', active }` to the room. */
  announce(active: boolean): void;
  notice(text: 'recordingFailed' | 'recordingInterrupted'): void;
  /** Shows the state (the badge, the toggle's wording); called after every event. */
  render(state: RecordingState): void;
}

/**
 * Carries out what the recording state machine (recording-state.ts) answers: starts and stops this browser's
 * recorder, tells the room, says what went wrong. A recording that cannot be sent or saved never keeps the call from
 * ending: its parts are kept, and the service's idle finish ends it (decision 040).
 */
export function roomRecording(options: RoomRecordingOptions): RoomRecording {
  let state = initialRecordingState;
  let handle: RecordingHandle | undefined;
  /** The recorder being started; resolves with the stop it then did, when one was asked for meanwhile. */
  let starting: Promise<Promise<Stopped> | undefined> | undefined;

  /** Applies an event; returns the stop it began, if any. */
  function dispatch(event: RecordingEvent): Promise<Stopped> | undefined {
    const next = recordingTransition(state, event);
    state = next.state;
    options.render(state);
    let stopped: Promise<Stopped> | undefined;
    for (const effect of next.effects) {
      switch (effect.type) {
        case 'start-recorder':
          starting = startRecorder();
          break;
        case 'stop-recorder':
          stopped = stopRecorder();
          break;
        case 'announce':
          options.announce(effect.active);
          break;
        case 'notice':
          options.notice(effect.text);
          break;
      }
    }
    return stopped;
  }

  async function startRecorder(): Promise<Promise<Stopped> | undefined> {
    try {
      if (!options.start) throw new Error('this page does not record');
      handle = await options.start(options.participants, () => void dispatch({ type: 'upload-failed' }));
    } catch {
      void dispatch({ type: 'start-failed' });
      return undefined;
    }
    return dispatch({ type: 'started' });
  }

  async function stopRecorder(): Promise<Stopped> {
    const recorder = handle;
    handle = undefined;
    const interrupted = () => {
      options.notice('recordingInterrupted');
      return 'not-ended' as const;
    };
    try {
      await recorder?.stop();
    } catch {
      void dispatch({ type: 'stopped' });
      return { saved: Promise.resolve(interrupted()) };
    }
    void dispatch({ type: 'stopped' });
    if (!recorder) return {};
    return {
      saved: recorder.save().then((ended) => {
        if (ended === 'partial') options.notice('recordingInterrupted');
        return ended;
      }, interrupted),
    };
  }

  return {
    welcome: (recording) => void dispatch({ type: 'welcome', recording }),
    present: (presence) => void dispatch({ type: 'present', presence: { ...presence, mayRecord: presence.mayRecord && options.start !== undefined } }),
    announced: (active, by, selfId) => void dispatch({ type: 'announced', active, by, selfId }),
    peerLeft: (id) => void dispatch({ type: 'peer-left', id }),
    toggle: () => void dispatch({ type: 'toggle' }),
    async callOver() {
      const wasStarting = state.recorder === 'starting';
      const stopping = dispatch({ type: 'call-over' });
      if (stopping) return stopping;
      const stoppedOnceStarted = wasStarting ? await starting : undefined;
      return stoppedOnceStarted ?? {};
    },
  };
}
