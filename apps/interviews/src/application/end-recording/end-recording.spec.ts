import { SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aRecording, aUserOfCompany } from '../../../test/factories';
import { FakeVideoProbe, MemoryInterviews, MemoryMedia, MemoryRecordings } from '../../../test/fakes';
import { endRecording } from './end-recording';

describe('endRecording', () => {
  const live = anInterview({ type: 'live' });
  const company = aCaller(aUserOfCompany(live.companyUuid));
  const going = aRecording(live, { state: 'recording', endedAt: null, durationSeconds: null, storageKey: null, parts: 3, size: 13 });
  const fixture = async (recording = going, parts = ['WEBM-', 'clust', 'ers']) => {
    const media = new MemoryMedia();
    const recordings = new MemoryRecordings([recording]);
    for (const [number, bytes] of parts.entries()) {
      const storageKey = `${live.uuid}/recordings/${recording.uuid}/${number}-x.part`;
      media.files.set(storageKey, Buffer.from(bytes));
      await recordings.insertPart({ recordingUuid: recording.uuid, number, size: bytes.length, storageKey });
    }
    return {
      store: memoryStore({ interviews: new MemoryInterviews([live]), recordings }),
      media,
      video: new FakeVideoProbe(1799.567),
      clock: new FakeClock(new Date(AT.getTime() + 1_800_000)),
    };
  };

  it('joins the parts in order into one video, measured, ends the recording and removes the parts', async () => {
    const deps = await fixture();
    const sut = await endRecording(deps, company, { interview_uuid: live.uuid, recording_uuid: going.uuid });
    expect(sut).toEqual({
      uuid: going.uuid,
      started_at: '2026-03-02T09:00:00+00:00',
      ended_at: '2026-03-02T09:30:00+00:00',
      duration_seconds: 1799.57,
      content_type: 'video/webm',
      size: 13,
    });
    expect([...deps.media.files.entries()].map(([key, bytes]) => [key, String(bytes)])).toEqual([
      [expect.stringMatching(new RegExp(`^${live.uuid}/recordings/${going.uuid}-[0-9a-f-]+\\.webm$`)), 'WEBM-clusters'],
    ]);
    expect(deps.store.read.recordings.allParts()).toEqual([]);
    expect(deps.store.published).toEqual([
      {
        subject: 'interviews.recording.ended',
        payload: {
          company_uuid: live.companyUuid,
          interview_uuid: live.uuid,
          recording_uuid: going.uuid,
          language: live.language,
          content_type: 'video/webm',
          duration_seconds: 1799.57,
          occurred_at: '2026-03-02T09:30:00+00:00',
        },
      },
    ]);
    // Ending again answers it as it is, and publishes nothing more.
    expect(await endRecording(deps, company, { interview_uuid: live.uuid, recording_uuid: going.uuid })).toEqual(sut);
    expect(deps.store.published).toHaveLength(1);
  });

  it('keeps nothing of a recording that received no part, and answers 404 for an unknown one', async () => {
    const deps = await fixture({ ...going, parts: 0, size: 0 }, []);
    const sut = await endRecording(deps, company, { interview_uuid: live.uuid, recording_uuid: going.uuid });
    expect(sut).toMatchObject({ size: 0, ended_at: '2026-03-02T09:30:00+00:00', duration_seconds: undefined });
    expect(deps.store.read.recordings.all()).toEqual([]);
    expect(deps.store.published).toEqual([]);
    await expect(endRecording(deps, company, { interview_uuid: live.uuid, recording_uuid: going.uuid })).rejects.toMatchObject({
      code: SharedErrorCode.RecordingNotFound,
    });
  });

  it('answers a recording whose parts another request is still joining as not ended yet: no video to offer', async () => {
    const joining = { ...going, state: 'finishing' as const, endedAt: new Date(AT.getTime() + 1_700_000) };
    const deps = await fixture(joining);
    const sut = await endRecording(deps, company, { interview_uuid: live.uuid, recording_uuid: going.uuid });
    expect(sut).toMatchObject({ uuid: going.uuid, ended_at: undefined, duration_seconds: undefined });
    expect(deps.store.read.recordings.allParts()).toHaveLength(3);
  });
});
