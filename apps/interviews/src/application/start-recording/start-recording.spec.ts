import { SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryRecordings } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { startRecording } from './start-recording';

describe('startRecording', () => {
  // Inside its join window (it opens 15 minutes before).
  const live = anInterview({ type: 'live', scheduledAt: new Date(AT.getTime() + 5 * 60_000) });
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

  it('refuses outside the join window: before it opens (an interview 30 days ahead) and after it closed', async () => {
    const ahead = anInterview({ type: 'live', companyUuid: live.companyUuid, scheduledAt: new Date(AT.getTime() + 30 * 86_400_000) });
    const past = anInterview({ type: 'live', companyUuid: live.companyUuid, scheduledAt: new Date(AT.getTime() - 4 * 3600_000) });
    const deps = fixture(ahead, past);
    const start = (uuid: string) => startRecording(deps, company, { interview_uuid: uuid, content_type: 'video/webm' });
    await expect(start(ahead.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.JoinNotOpen });
    await expect(start(past.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.InterviewExpired });
    expect(deps.store.read.recordings.all()).toEqual([]);
  });
});
