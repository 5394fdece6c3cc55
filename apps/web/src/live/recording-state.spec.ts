import { describe, expect, it } from '@jest/globals';
import { initialRecordingState, recordingTransition, type Presence, type RecordingEvent, type RecordingState } from './recording-state';

/** Runs events from a state; returns the last state and every effect, in order. */
function run(from: RecordingState, ...events: RecordingEvent[]) {
  let state = from;
  const effects: unknown[] = [];
  for (const event of events) {
    const next = recordingTransition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const interviewer = (id: string) => ({ id, role: 'interviewer' as const });
const candidate = (id: string) => ({ id, role: 'candidate' as const });
const present = (selfId: string, ...participants: Presence['participants']): RecordingEvent => ({
  type: 'present',
  presence: { mayRecord: true, selfId, participants },
});

/** This page ('b') records: it started, and the server said so. */
const recording: RecordingState = { ...initialRecordingState, recorder: 'recording', shown: true, by: 'b' };

describe('the live call’s recording (decision 040, 067)', () => {
  describe('starting by itself', () => {
    it('the first interviewer (smallest id) starts recording once a candidate is here, and tells the room once started', () => {
      const waiting = run(initialRecordingState, present('b', interviewer('b')));
      expect(waiting.effects).toEqual([]);
      const sut = run(waiting.state, present('b', interviewer('b'), interviewer('c'), candidate('z')), { type: 'started' });
      expect(sut.effects).toEqual([{ type: 'start-recorder' }, { type: 'announce', active: true }]);
      expect(sut.state.recorder).toBe('recording');
    });

    it('another interviewer, a page without a recorder, or a recording already shown does not start one', () => {
      expect(run(initialRecordingState, present('c', interviewer('b'), interviewer('c'), candidate('z'))).effects).toEqual([]);
      const candidatePage: RecordingEvent = { type: 'present', presence: { mayRecord: false, selfId: 'a', participants: [candidate('a'), interviewer('b')] } };
      expect(run(initialRecordingState, candidatePage).effects).toEqual([]);
      expect(run(initialRecordingState, { type: 'welcome', recording: true }, present('b', interviewer('b'), candidate('z'))).effects).toEqual([]);
    });

    it('starts once: someone joining while the recorder starts does not start a second', () => {
      const sut = run(initialRecordingState, present('b', interviewer('b'), candidate('z')), present('b', interviewer('b'), candidate('z'), candidate('y')));
      expect(sut.effects).toEqual([{ type: 'start-recorder' }]);
    });

    it('a recorder that could not start says so and leaves the page idle, ready to try again', () => {
      const sut = run(initialRecordingState, present('b', interviewer('b'), candidate('z')), { type: 'start-failed' });
      expect(sut.effects).toEqual([{ type: 'start-recorder' }, { type: 'notice', text: 'recordingFailed' }]);
      expect(sut.state.recorder).toBe('idle');
      expect(run(sut.state, { type: 'toggle' }).effects).toEqual([{ type: 'start-recorder' }]);
    });
  });

  describe('stopping', () => {
    it('the toggle stops this page’s recorder, tells the room, and the recording does not start again by itself', () => {
      const sut = run(recording, { type: 'toggle' }, { type: 'announced', active: false, by: 'b', selfId: 'b' }, { type: 'stopped' });
      expect(sut.effects).toEqual([{ type: 'announce', active: false }, { type: 'stop-recorder' }]);
      expect(sut.state).toMatchObject({ recorder: 'idle', shown: false, held: true });
      expect(run(sut.state, present('b', interviewer('b'), candidate('y'))).effects).toEqual([]);
      // Only the toggle starts it again.
      expect(run(sut.state, { type: 'toggle' })).toMatchObject({ effects: [{ type: 'start-recorder' }], state: { held: false } });
    });

    it('the toggle starts a new recording at once, even while the last recorder still hands over its last part', () => {
      const stopping = run(recording, { type: 'toggle' }, { type: 'announced', active: false, by: 'b', selfId: 'b' }).state;
      expect(stopping.recorder).toBe('stopping');
      const sut = run(stopping, { type: 'toggle' }, { type: 'stopped' }, { type: 'started' });
      expect(sut.effects).toEqual([{ type: 'start-recorder' }, { type: 'announce', active: true }]);
      expect(sut.state).toMatchObject({ recorder: 'recording', held: false });
    });

    it('another interviewer stopping it stops this recorder without a word back, and holds it', () => {
      const sut = run(recording, { type: 'announced', active: false, by: 'c', selfId: 'b' });
      expect(sut.effects).toEqual([{ type: 'stop-recorder' }]);
      expect(sut.state).toMatchObject({ recorder: 'stopping', shown: false, held: true });
    });

    it('the toggle on a page that does not record asks the room to stop the recording another page makes', () => {
      const shown = run(initialRecordingState, { type: 'announced', active: true, by: 'b', selfId: 'c' }).state;
      expect(run(shown, { type: 'toggle' })).toMatchObject({ effects: [{ type: 'announce', active: false }], state: { held: true } });
    });

    it('a part that failed for good stops the recording for everyone, says so, and holds it', () => {
      const sut = run(recording, { type: 'upload-failed' });
      expect(sut.effects).toEqual([{ type: 'notice', text: 'recordingInterrupted' }, { type: 'announce', active: false }, { type: 'stop-recorder' }]);
      expect(sut.state).toMatchObject({ recorder: 'stopping', held: true });
    });

    it('the call ending stops this recorder; a page that does not record says nothing (it does not stop the one who does)', () => {
      expect(run(recording, { type: 'call-over' }).effects).toEqual([{ type: 'announce', active: false }, { type: 'stop-recorder' }]);
      const watching = run(initialRecordingState, { type: 'announced', active: true, by: 'b', selfId: 'c' }).state;
      expect(run(watching, { type: 'call-over' }).effects).toEqual([]);
    });

    it('a stop asked for while the recorder starts is done once it has started, without telling the room it started', () => {
      const starting = run(initialRecordingState, present('b', interviewer('b'), candidate('z'))).state;
      const sut = run(starting, { type: 'call-over' }, { type: 'started' }, { type: 'stopped' });
      expect(sut.effects).toEqual([{ type: 'stop-recorder' }]);
      expect(sut.state).toMatchObject({ recorder: 'idle', stopWhenStarted: false });
    });
  });

  describe('the badge', () => {
    it('follows the server: on with the welcome or an announcement, off when the recorder’s peer leaves', () => {
      const on = run(initialRecordingState, { type: 'announced', active: true, by: 'b', selfId: 'c' }).state;
      expect(on).toMatchObject({ shown: true, by: 'b' });
      expect(run(on, { type: 'peer-left', id: 'z' }).state.shown).toBe(true);
      expect(run(on, { type: 'peer-left', id: 'b' }).state).toMatchObject({ shown: false, by: '' });
      expect(run(initialRecordingState, { type: 'welcome', recording: true }).state.shown).toBe(true);
    });

    it('after the recorder’s peer left, the next first interviewer starts a new recording once someone joins', () => {
      const on = run(initialRecordingState, { type: 'announced', active: true, by: 'b', selfId: 'c' }).state;
      const sut = run(on, { type: 'peer-left', id: 'b' }, present('c', interviewer('c'), candidate('z')));
      expect(sut.effects).toEqual([{ type: 'start-recorder' }]);
    });
  });
});
