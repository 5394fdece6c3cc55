import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { anInterview, aQuestion, aRecording, aTake, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryMedia, MemoryRecordings, MemoryTakes } from '../../../test/fakes';
import { streamMediaForTranscription } from './stream-media-for-transcription';

describe('streamMediaForTranscription', () => {
  const transcription = { kind: 'service', service: 'transcription' } as const;
  const requested = anInterview({ status: 'requested' });
  const other = anInterview();
  const take = aTake(aQuestion(requested));
  const otherTake = aTake(aQuestion(other));
  const ended = aRecording(requested, { state: 'ended', storageKey: `${requested.uuid}/recordings/r.webm` });
  const going = aRecording(requested, { state: 'recording', storageKey: null, endedAt: null });
  const media = new MemoryMedia();
  media.files.set(take.storageKey, Buffer.from('take-bytes'));
  media.files.set(otherTake.storageKey, Buffer.from('other'));
  media.files.set(ended.storageKey!, Buffer.from('call-bytes'));
  const deps = {
    store: memoryStore({
      interviews: new MemoryInterviews([requested, other]),
      takes: new MemoryTakes([take, otherTake]),
      recordings: new MemoryRecordings([ended, going]),
    }),
    media,
  };
  const base = { company_uuid: requested.companyUuid, interview_uuid: requested.uuid };
  const read = async (principal: Parameters<typeof streamMediaForTranscription>[1], request: Parameters<typeof streamMediaForTranscription>[2]) => {
    const chunks: Array<{ meta?: unknown; data: Buffer; redirect_url?: string }> = [];
    await streamMediaForTranscription(deps, principal, request, async (chunk) => void chunks.push(chunk));
    return { meta: chunks[0].meta, body: Buffer.concat(chunks.map((c) => c.data)).toString(), redirects: chunks.filter((c) => c.redirect_url) };
  };

  it("streams a take's and an ended recording's bytes to the transcription service whatever the interview's status", async () => {
    expect(await read(transcription, { ...base, take_uuid: take.uuid })).toEqual({
      meta: { size: 10, content_type: take.contentType, start: 0, end: 9 },
      body: 'take-bytes',
      redirects: [],
    });
    expect(await read(transcription, { ...base, recording_uuid: ended.uuid })).toMatchObject({ body: 'call-bytes', redirects: [] });
  });

  it('finds no take of another interview, no recording still going, no interview of another company (404)', async () => {
    await expect(read(transcription, { ...base, take_uuid: otherTake.uuid })).rejects.toMatchObject({ code: SharedErrorCode.TakeNotFound });
    await expect(read(transcription, { ...base, recording_uuid: going.uuid })).rejects.toMatchObject({ code: SharedErrorCode.RecordingNotFound });
    await expect(read(transcription, { ...base })).rejects.toMatchObject({ code: SharedErrorCode.RecordingNotFound });
    await expect(read(transcription, { ...base, company_uuid: other.companyUuid, take_uuid: take.uuid })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
  });

  it('streams to no one but the transcription service: sharing and the company’s users find nothing (404)', async () => {
    for (const principal of [{ kind: 'service', service: 'sharing' } as const, aUserOfCompany(requested.companyUuid)]) {
      await expect(read(principal, { ...base, take_uuid: take.uuid })).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    }
  });
});
