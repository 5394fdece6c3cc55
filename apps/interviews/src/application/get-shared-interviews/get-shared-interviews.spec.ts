import { memoryStore } from '@vi/platform-testing';
import { anInterview, aQuestion, aRecording, aTake, aUserOfCompany, OPERATOR } from '../../../test/factories';
import { MemoryInterviews, MemoryRecordings, MemoryTakes, renderingRepos } from '../../../test/fakes';
import { getSharedInterviews } from './get-shared-interviews';
import { SharedErrorCode } from '@vi/contracts';

describe('getSharedInterviews', () => {
  const sharing = { kind: 'service', service: 'sharing' } as const;
  const completed = anInterview({ status: 'completed' });
  const requested = anInterview({ companyUuid: completed.companyUuid });
  const question = aQuestion(completed);
  const take = aTake(question);
  const recording = aRecording(completed);
  const stillRecording = aRecording(completed, { state: 'recording', endedAt: null, durationSeconds: null, storageKey: null });
  const deleted = anInterview({ companyUuid: completed.companyUuid });
  const interviews = new MemoryInterviews([completed, requested, deleted, anInterview()]);
  const store = memoryStore({
    interviews,
    takes: new MemoryTakes([take]),
    recordings: new MemoryRecordings([recording, stillRecording]),
    ...renderingRepos({ questions: [question] }),
  });
  const request = (overrides = {}) => ({
    company_uuid: completed.companyUuid,
    interview_uuids: [completed.uuid, requested.uuid, deleted.uuid, completed.uuid],
    with_takes: true,
    ...overrides,
  });

  it('gives the sharing service the company’s live interviews among those asked, each once, with questions, takes and ended recordings', async () => {
    await interviews.markDeleted(deleted.uuid, new Date());

    const sut = await getSharedInterviews({ store }, sharing, request());

    expect(sut.interviews.map((i) => i.interview?.uuid)).toEqual([completed.uuid, requested.uuid]);
    expect(sut.interviews[0]).toMatchObject({ interview: { questions: [{ uuid: question.uuid }] }, takes: [{ uuid: take.uuid }] });
    expect(sut.interviews[0].recordings).toEqual([
      {
        uuid: recording.uuid,
        started_at: '2026-03-02T09:00:00+00:00',
        ended_at: '2026-03-02T09:01:36+00:00',
        duration_seconds: 95.5,
        content_type: 'video/webm',
        size: 2048,
      },
    ]);
    const withoutTakes = (await getSharedInterviews({ store }, sharing, request({ with_takes: false }))).interviews[0];
    expect(withoutTakes).toMatchObject({ takes: [], recordings: [] });
  });

  it('gives a company user their own company’s, and anyone else nothing (404)', async () => {
    expect((await getSharedInterviews({ store }, aUserOfCompany(completed.companyUuid), request())).interviews).toHaveLength(2);
    for (const principal of [aUserOfCompany(requested.uuid), OPERATOR, { kind: 'service', service: 'notifications' } as const]) {
      await expect(getSharedInterviews({ store }, principal, request())).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    }
  });

  it('gives the assessments service the interviews without takes (an order’s status, decision 071); asking for takes finds nothing (404)', async () => {
    const assessments = { kind: 'service', service: 'assessments' } as const;
    const sut = await getSharedInterviews({ store }, assessments, request({ with_takes: false }));
    expect(sut.interviews.map((i) => i.interview?.uuid)).toEqual([completed.uuid, requested.uuid]);
    await expect(getSharedInterviews({ store }, assessments, request())).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
  });
});
