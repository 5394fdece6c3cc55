import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aUserOfCompany } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, MemoryTranscriptSearch, renderingRepos } from '../../../test/fakes';
import { deleteInterview } from './delete-interview';

describe('deleteInterview', () => {
  const completed = anInterview({ status: 'completed', completedAt: AT });
  const fixture = () => {
    const interviews = new MemoryInterviews([completed]);
    const transcriptSearch = new MemoryTranscriptSearch(() => interviews);
    void transcriptSearch.index({ sourceUuid: 'take-1', interviewUuid: completed.uuid, config: 'english', text: 'Kubernetes', transcribedAt: AT });
    return {
      store: memoryStore({ interviews, counters: new MemoryCounters([completed]), transcriptSearch, ...renderingRepos() }),
      clock: new FakeClock(new Date(AT.getTime() + 60_000)),
    };
  };

  it('deletes in any status: gone from reads and totals, deleted at the clock’s time, with InterviewDeleted showing it as it was', async () => {
    const deps = fixture();
    const caller = aCaller(aUserOfCompany(completed.companyUuid));

    await deleteInterview(deps, caller, completed.uuid);

    expect(await deps.store.read.interviews.find(completed.companyUuid, completed.uuid)).toBeUndefined();
    expect(deps.store.read.interviews.stored(completed.uuid)?.deletedAt).toEqual(deps.clock.now());
    expect(await deps.store.read.counters.total(completed.companyUuid, [], [])).toBe(0);
    // Its transcripts' search vectors go at once (decision 073).
    expect(deps.store.read.transcriptSearch.sources()).toEqual([]);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewDeleted]);
    expect(deps.store.published[0].payload).toMatchObject({ interview: { uuid: completed.uuid, status: 'completed' } });
    await expect(deleteInterview(deps, caller, completed.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
  });

  it('leaves another company’s interview alone (404)', async () => {
    const deps = fixture();
    await expect(deleteInterview(deps, aCaller(), completed.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    expect(deps.store.read.interviews.stored(completed.uuid)?.deletedAt).toBeNull();
    expect(deps.store.read.transcriptSearch.sources()).toEqual(['take-1']);
  });
});
