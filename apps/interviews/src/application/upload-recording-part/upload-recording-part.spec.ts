import type { interviews } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aQuestion, aRecording, aTake, aUserOfCompany } from '../../../test/factories';
import { FakeVideoProbe, MemoryInterviews, MemoryMedia, MemoryRecordings, MemoryTakes } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { uploadRecordingPart } from './upload-recording-part';

describe('uploadRecordingPart', () => {
  const live = anInterview({ type: 'live' });
  const company = aCaller(aUserOfCompany(live.companyUuid));
  const recording = aRecording(live, { state: 'recording', endedAt: null, durationSeconds: null, storageKey: null, size: 0, lastActivityAt: AT });
  const fixture = () => ({
    store: memoryStore({
      interviews: new MemoryInterviews([live]),
      takes: new MemoryTakes([aTake(aQuestion(live), { size: 10 })]),
      recordings: new MemoryRecordings([recording]),
    }),
    media: new MemoryMedia(),
    video: new FakeVideoProbe(),
    clock: new FakeClock(new Date(AT.getTime() + 4_000)),
    // The interview's take holds 10 of these 40 bytes.
    maxInterviewMediaBytes: 40,
    maxTakeBitrate: 8_000_000,
  });
  async function* part(number: number, ...body: string[]): AsyncIterable<interviews.RecordingPartChunk> {
    yield { header: { interview_uuid: live.uuid, recording_uuid: recording.uuid, number }, data: Buffer.from(body[0] ?? '') };
    for (const data of body.slice(1)) yield { data: Buffer.from(data) };
  }

  it('stores parts in order as they stream, counts their bytes, and ignores a part received again', async () => {
    const deps = fixture();
    await uploadRecordingPart(deps, company, part(0, 'WE', 'BM', '-head'));
    await uploadRecordingPart(deps, company, part(1, 'cluster'));
    await uploadRecordingPart(deps, company, part(1, 'cluster, sent again'));

    expect(await deps.store.read.recordings.find(live.uuid, recording.uuid)).toMatchObject({ parts: 2, size: 16, lastActivityAt: deps.clock.now() });
    const parts = await deps.store.read.recordings.partsOf(recording.uuid);
    expect(parts.map((p) => [p.number, String(deps.media.files.get(p.storageKey))])).toEqual([
      [0, 'WEBM-head'],
      [1, 'cluster'],
    ]);
    expect(deps.media.files.size).toBe(2);
  });

  it('refuses a part out of order, a first part that is not the announced container, and an empty part, keeping nothing', async () => {
    const deps = fixture();
    await expect(uploadRecordingPart(deps, company, part(1, 'cluster'))).rejects.toMatchObject({ code: InterviewsErrorCode.RecordingPartOutOfOrder });
    await expect(uploadRecordingPart(deps, company, part(0, 'MP4 box'))).rejects.toMatchObject({ code: InterviewsErrorCode.TakeNotVideo });
    // Chromium's recorder may hand the container's first byte over alone: the refusal says what a first part needs.
    await expect(uploadRecordingPart(deps, company, part(0, 'W'))).rejects.toMatchObject({
      code: InterviewsErrorCode.TakeNotVideo,
      message: expect.stringContaining('at least the first 4 bytes'),
    });
    await expect(uploadRecordingPart(deps, company, part(0))).rejects.toMatchObject({ fieldErrors: [expect.objectContaining({ field: 'body' })] });
    expect(deps.media.files.size).toBe(0);
    expect(await deps.store.read.recordings.find(live.uuid, recording.uuid)).toMatchObject({ parts: 0, size: 0 });
  });

  it("refuses a part past the interview's storage quota, which takes share (the parts before it stay), and any new part once ended", async () => {
    const deps = fixture();
    await uploadRecordingPart(deps, company, part(0, 'WEBM', '-'.repeat(20)));
    await expect(uploadRecordingPart(deps, company, part(1, 'x'.repeat(4), 'y'.repeat(4)))).rejects.toMatchObject({
      code: InterviewsErrorCode.MediaQuotaExceeded,
    });
    expect(deps.media.files.size).toBe(1);
    const stored = (await deps.store.read.recordings.find(live.uuid, recording.uuid))!;
    await deps.store.read.recordings.update({ ...stored, state: 'ended' });
    await expect(uploadRecordingPart(deps, company, part(1, 'late'))).rejects.toMatchObject({ code: InterviewsErrorCode.RecordingEnded });
    // A retry of a part received before the end is still answered.
    await expect(uploadRecordingPart(deps, company, part(0, 'WEBM-again'))).resolves.toBeUndefined();
    await expect(uploadRecordingPart(deps, aCaller(aUserOfCompany(recording.uuid)), part(1, 'x'))).rejects.toMatchObject({ code: 'api.interview_not_found' });
  });

  it('refuses a part that would hold more than MAX_TAKE_BITRATE for the time since the recording started (30 s of slack)', async () => {
    const deps = { ...fixture(), maxInterviewMediaBytes: 10 ** 9, maxTakeBitrate: 8 * 1024 };
    // 34 s since the start: at 1 kB a second plus the container allowance (1 MiB), about 1 MiB + 34 kB.
    const allowed = 1024 * 1024 + 34 * 1024;
    await expect(uploadRecordingPart(deps, company, part(0, 'WEBM', '-'.repeat(allowed + 1)))).rejects.toMatchObject({
      code: InterviewsErrorCode.RecordingTooLarge,
    });
    await uploadRecordingPart(deps, company, part(0, 'WEBM', '-'.repeat(allowed - 4)));
    expect(await deps.store.read.recordings.find(live.uuid, recording.uuid)).toMatchObject({ parts: 1, size: allowed });
  });
});
