import { describe, expect, it } from '@jest/globals';
import type { EndedRecording } from './part-queue';
import { roomRecording, type RecordingHandle, type RoomRecordingOptions } from './room-recording';

/** A recorder whose start the test finishes by hand; it tells what happened to it. */
function recorder(saved: EndedRecording = 'whole') {
  const log: string[] = [];
  let started!: (handle: RecordingHandle) => void;
  let failUpload!: () => void;
  const handle: RecordingHandle = {
    active: true,
    stop: async () => void log.push('stopped'),
    save: async () => {
      log.push('saved');
      return saved;
    },
  };
  const options: RoomRecordingOptions = {
    start: (_, onError) => {
      log.push('start');
      failUpload = () => onError(new Error('part refused'));
      return new Promise((resolve) => (started = resolve));
    },
    participants: () => [],
    announce: (active) => void log.push(`announce ${active}`),
    notice: (text) => void log.push(text),
    render: () => undefined,
  };
  return { log, options, start: () => started(handle), failUpload: () => failUpload() };
}

const firstInterviewerWithCandidate = {
  mayRecord: true,
  selfId: 'b',
  participants: [
    { id: 'b', role: 'interviewer' as const },
    { id: 'z', role: 'candidate' as const },
  ],
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the room’s recording (room-recording.ts)', () => {
  it('the call ending while the recorder starts waits for it, then stops and saves it: no recording is left going', async () => {
    const r = recorder();
    const sut = roomRecording(r.options);
    sut.present(firstInterviewerWithCandidate);
    const over = sut.callOver();
    r.start();
    const { saved } = await over;
    expect(await saved).toBe('whole');
    expect(r.log).toEqual(['start', 'stopped', 'saved']);
  });

  it('a page that never recorded ends its call with nothing to save', async () => {
    const r = recorder();
    const sut = roomRecording({ ...r.options, start: undefined });
    sut.present(firstInterviewerWithCandidate);
    expect(await sut.callOver()).toEqual({});
    expect(r.log).toEqual([]);
  });

  it('a part failing for good stops the recording, tells the room, and says it was interrupted', async () => {
    const r = recorder('partial');
    const sut = roomRecording(r.options);
    sut.present(firstInterviewerWithCandidate);
    r.start();
    await settle();
    sut.announced(true, 'b', 'b');
    r.failUpload();
    await settle();
    expect(r.log).toEqual(['start', 'announce true', 'recordingInterrupted', 'announce false', 'stopped', 'saved', 'recordingInterrupted']);
    // Held: someone joining does not start it again.
    sut.announced(false, 'b', 'b');
    sut.present(firstInterviewerWithCandidate);
    expect(r.log.filter((entry) => entry === 'start')).toHaveLength(1);
  });
});
