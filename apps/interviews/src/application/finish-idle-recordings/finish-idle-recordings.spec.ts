import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview, aRecording } from '../../../test/factories';
import { FakeVideoProbe, MemoryInterviews, MemoryMedia, MemoryRecordings } from '../../../test/fakes';
import { finishIdleRecordings, STALE_FINISHING_MS } from './finish-idle-recordings';

describe('finishIdleRecordings', () => {
  const MINUTE = 60_000;
  const live = anInterview({ type: 'live' });
  const going = { state: 'recording' as const, endedAt: null, durationSeconds: null, storageKey: null, parts: 1, size: 5 };
  const vanished = aRecording(live, { ...going, lastActivityAt: AT });
  const active = aRecording(live, { ...going, lastActivityAt: new Date(AT.getTime() + 2 * MINUTE) });
  const fixture = async () => {
    const media = new MemoryMedia();
    const recordings = new MemoryRecordings([vanished, active]);
    for (const recording of [vanished, active]) {
      const storageKey = `${live.uuid}/recordings/${recording.uuid}/0-x.part`;
      media.files.set(storageKey, Buffer.from('WEBM-'));
      await recordings.insertPart({ recordingUuid: recording.uuid, number: 0, size: 5, storageKey });
    }
    return {
      store: memoryStore({ interviews: new MemoryInterviews([live]), recordings }),
      media,
      video: new FakeVideoProbe(4),
      clock: new FakeClock(new Date(AT.getTime() + 3 * MINUTE)),
      idleMs: 2 * MINUTE,
    };
  };

  it('ends a recording whose parts stopped coming at its last part, keeping what arrived, and leaves an active one', async () => {
    const deps = await fixture();
    expect(await finishIdleRecordings(deps)).toBe(1);
    const [finished, untouched] = [vanished, active].map((r) => deps.store.read.recordings.all().find((x) => x.uuid === r.uuid)!);
    expect(finished).toMatchObject({ state: 'ended', endedAt: AT, durationSeconds: 4, size: 5, storageKey: expect.stringMatching(/\.webm$/) });
    expect(untouched).toMatchObject({ state: 'recording', endedAt: null });
    expect(String(deps.media.files.get(finished.storageKey!))).toBe('WEBM-');
    // The transcription service learns of it (decision 073), ended at its last part.
    expect(deps.store.published).toEqual([
      {
        subject: 'interviews.recording.ended',
        payload: {
          company_uuid: live.companyUuid,
          interview_uuid: live.uuid,
          recording_uuid: vanished.uuid,
          language: live.language,
          content_type: 'video/webm',
          duration_seconds: 4,
          occurred_at: '2026-03-02T09:00:00+00:00',
        },
      },
    ]);
    expect(await finishIdleRecordings(deps)).toBe(0);
    expect(deps.store.published).toHaveLength(1);
  });

  it('takes over a finishing whose process died, after a while only', async () => {
    const deps = await fixture();
    const claimedAt = new Date(AT.getTime() + MINUTE);
    await deps.store.read.recordings.update({ ...vanished, state: 'finishing', endedAt: AT, lastActivityAt: claimedAt });
    await deps.store.read.recordings.update({ ...active, lastActivityAt: deps.clock.now() });
    expect(await finishIdleRecordings(deps)).toBe(0);
    deps.clock.set(new Date(claimedAt.getTime() + STALE_FINISHING_MS + 1));
    expect(await finishIdleRecordings({ ...deps, idleMs: STALE_FINISHING_MS * 2 })).toBe(1);
    expect(deps.store.read.recordings.all().find((r) => r.uuid === vanished.uuid)).toMatchObject({ state: 'ended', endedAt: AT });
  });
});
