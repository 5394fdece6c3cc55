import { SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryRecordings } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { startRecording } from './start-recording';

describe('startRecording', () => {
  const live = anInterview({ type: 'live' });
  const company = aCaller(aUserOfCompany(live.companyUuid));
  const fixture = (...interviews: ReturnType<typeof anInterview>[]) => ({
    store: memoryStore({ interviews: new MemoryInterviews([live, ...interviews]), recordings: new MemoryRecordings() }),
    clock: new FakeClock(AT),
  });

  it('starts a recording of a live interview: nothing received yet, not ended', async () => {
    const deps = fixture();
    const sut = await startRecording(deps, company, { interview_uuid: live.uuid, content_type: 'video/webm' });
    expect(sut).toEqual({ uuid: expect.any(String), started_at: '2026-03-02T09:00:00+00:00', content_type: 'video/webm', size: 0 });
    expect(deps.store.read.recordings.all()).toEqual([expect.objectContaining({ uuid: sut.uuid, state: 'recording', parts: 0, interviewUuid: live.uuid })]);
  });

  it('refuses a one_way interview, one that can no longer be held, another container, and another company', async () => {
    const oneWay = anInterview({ companyUuid: live.companyUuid });
    const ended = [
      [anInterview({ type: 'live', companyUuid: live.companyUuid, status: 'completed' }), InterviewsErrorCode.AlreadyCompleted],
      [anInterview({ type: 'live', companyUuid: live.companyUuid, status: 'canceled' }), InterviewsErrorCode.AlreadyCanceled],
      [anInterview({ type: 'live', companyUuid: live.companyUuid, status: 'expired' }), InterviewsErrorCode.InterviewExpired],
    ] as const;
    const deps = fixture(oneWay, ...ended.map(([i]) => i));
    const start = (uuid: string, content_type = 'video/webm', caller = company) => startRecording(deps, caller, { interview_uuid: uuid, content_type });
    await expect(start(oneWay.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.NotLive, message: 'Only live interviews are recorded' });
    for (const [interview, code] of ended) await expect(start(interview.uuid)).rejects.toMatchObject({ code });
    await expect(start(live.uuid, 'video/ogg')).rejects.toMatchObject({ fieldErrors: [expect.objectContaining({ field: 'content_type' })] });
    await expect(start(live.uuid, 'video/webm', aCaller(aUserOfCompany(oneWay.uuid)))).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    expect(deps.store.read.recordings.all()).toEqual([]);
  });
});
