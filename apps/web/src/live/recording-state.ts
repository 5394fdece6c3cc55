/**
 * The live call's recording as the room sees it (decisions 039, 040, 067): a pure state machine, no DOM, no I/O.
 * The room (room-recording.ts) feeds it what happened and carries out the effects it answers with.
 *
 * Two things are tracked apart:
 * - this browser's recorder: `idle` → `starting` (asking the server for a recording) → `recording` → `stopping`
 *   (the recorder hands over its last part) → `idle`. A stop asked for while `starting` is kept and done once
 *   started. The toggle may start a new recorder while the last one is still `stopping`. Only the first interviewer's browser records (side by side, call-recording.ts).
 * - the room's recording, as the server tells everyone: `shown` (the badge) and `by` whom. When that recorder's
 *   peer leaves, the badge goes off; the server ends nothing itself (the recorder's parts stop coming, and the
 *   service's idle finish ends what arrived, decision 040).
 *
 * `held`: an interviewer stopped the recording (or its upload failed for good): it does not start again by itself
 * when someone joins; only "Start recording" starts it again.
 *
 * A hidden tab changes nothing: the recorder draws on a timer, not animation frames, so it goes on recording.
 */

export type RecorderState = 'idle' | 'starting' | 'recording' | 'stopping';

export interface RecordingState {
  recorder: RecorderState;
  /** A stop was asked for while `starting`: the recorder is stopped as soon as it has started. */
  stopWhenStarted: boolean;
  /** Someone in the room records (the server's word): the badge shows, the toggle reads "Stop recording". */
  shown: boolean;
  /** The participant whose browser records (their leaving turns the badge off). */
  by: string;
  held: boolean;
}

export const initialRecordingState: RecordingState = { recorder: 'idle', stopWhenStarted: false, shown: false, by: '', held: false };

/** Who is in the room, as far as recording is concerned. */
export interface Presence {
  /** This page may record: it was given a recorder (interviewers' pages) and its participant is an interviewer. */
  mayRecord: boolean;
  selfId: string;
  participants: ReadonlyArray<{ id: string; role: 'candidate' | 'interviewer' }>;
}

export type RecordingEvent =
  /** The server's welcome (first join or a socket back): whether someone records now. */
  | { type: 'welcome'; recording: boolean }
  /** Someone joined (or the welcome listed who is here): the first interviewer starts recording once a candidate is in. */
  | { type: 'present'; presence: Presence }
  /** The interviewer pressed the toggle (Start or Stop recording, as the badge reads). */
  | { type: 'toggle' }
  /** The server said who records now (after anyone's toggle, or this recorder's start). */
  | { type: 'announced'; active: boolean; by: string; selfId: string }
  | { type: 'peer-left'; id: string }
  /** The call ends for this page (End for everyone, the interview ended, Leave): the recorder stops. */
  | { type: 'call-over' }
  | { type: 'started' }
  | { type: 'start-failed' }
  /** A part failed for good after every retry: nothing after it can be kept (decision 040). */
  | { type: 'upload-failed' }
  | { type: 'stopped' };

export type RecordingEffect =
  /** Start this browser's recorder (then `started` or `start-failed`). */
  | { type: 'start-recorder' }
  /** Stop it: its last parts go on being sent and the recording is ended with what arrived (then `stopped`). */
  | { type: 'stop-recorder' }
  /** Tell the room (the server broadcasts it back as `announced`). */
  | { type: 'announce'; active: boolean }
  | { type: 'notice'; text: 'recordingFailed' | 'recordingInterrupted' };

export interface Transition {
  state: RecordingState;
  effects: RecordingEffect[];
}

const none = (state: RecordingState): Transition => ({ state, effects: [] });

/** The first interviewer (smallest id) records once a candidate is present, unless the recording is held. */
function startsByItself(state: RecordingState, presence: Presence): boolean {
  if (!presence.mayRecord || state.shown || state.held || state.recorder !== 'idle') return false;
  if (!presence.participants.some((p) => p.role === 'candidate')) return false;
  const first = presence.participants
    .filter((p) => p.role === 'interviewer')
    .map((p) => p.id)
    .sort((a, b) => a.localeCompare(b))[0];
  return first === presence.selfId;
}

/**
 * Stops this browser's recorder, if it runs or is starting. `announce`: tell the room when the badge shows (a
 * recording the server already said ended needs no word). A page that does not record says nothing: an interviewer
 * who leaves does not stop the one who records.
 */
function stop(state: RecordingState, announce: boolean): Transition {
  const word: RecordingEffect[] = announce && state.shown ? [{ type: 'announce', active: false }] : [];
  switch (state.recorder) {
    case 'recording':
      return { state: { ...state, recorder: 'stopping' }, effects: [...word, { type: 'stop-recorder' }] };
    case 'starting':
      return { state: { ...state, stopWhenStarted: true }, effects: word };
    case 'idle':
    case 'stopping':
      return none(state);
  }
}

export function recordingTransition(state: RecordingState, event: RecordingEvent): Transition {
  switch (event.type) {
    case 'welcome':
      return none({ ...state, shown: event.recording });
    case 'present':
      return startsByItself(state, event.presence) ? { state: { ...state, recorder: 'starting' }, effects: [{ type: 'start-recorder' }] } : none(state);
    case 'toggle':
      if (state.shown) {
        const held = { ...state, held: true };
        // Another interviewer's browser records: the server passes the word on, and that browser stops.
        return state.recorder === 'idle' ? { state: held, effects: [{ type: 'announce', active: false }] } : stop(held, true);
      }
      // A recorder still handing over its last part does not delay a new one (its parts go on being sent).
      if (state.recorder === 'starting' || state.recorder === 'recording') return none({ ...state, held: false, stopWhenStarted: false });
      return { state: { ...state, held: false, recorder: 'starting' }, effects: [{ type: 'start-recorder' }] };
    case 'announced': {
      // Someone else stopped it: it stays stopped until an interviewer starts it again.
      const held = state.held || (!event.active && state.shown && event.by !== event.selfId);
      const next = { ...state, shown: event.active, by: event.by, held };
      return event.active ? none(next) : stop(next, false);
    }
    case 'peer-left':
      return event.id === state.by ? none({ ...state, shown: false, by: '' }) : none(state);
    case 'call-over':
      return stop(state, true);
    case 'started':
      if (state.recorder !== 'starting') return none(state);
      if (state.stopWhenStarted) return { state: { ...state, recorder: 'stopping', stopWhenStarted: false }, effects: [{ type: 'stop-recorder' }] };
      return { state: { ...state, recorder: 'recording' }, effects: [{ type: 'announce', active: true }] };
    case 'start-failed':
      return {
        state: { ...state, recorder: state.recorder === 'starting' ? 'idle' : state.recorder, stopWhenStarted: false },
        effects: [{ type: 'notice', text: 'recordingFailed' }],
      };
    case 'upload-failed': {
      // The recording stops for everyone and ends with what arrived, rather than show "Recording" while nothing is
      // saved; an interviewer may start a new one.
      const stopped = stop({ ...state, held: true }, true);
      return { state: stopped.state, effects: [{ type: 'notice', text: 'recordingInterrupted' }, ...stopped.effects] };
    }
    case 'stopped':
      return none({ ...state, recorder: state.recorder === 'stopping' ? 'idle' : state.recorder });
  }
}
