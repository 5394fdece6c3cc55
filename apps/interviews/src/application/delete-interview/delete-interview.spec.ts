import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aUserOfCompany } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, renderingRepos } from '../../../test/fakes';
import { deleteInterview } from './delete-interview';

describe('deleteInterview', () => {
  const completed = anInterview({ status: 'completed', completedAt: AT });
  const fixture = () => ({
    store: memoryStore({ interviews: new MemoryInterviews([completed]), counters: new MemoryCounters([completed]), ...renderingRepos() }),
    clock: new FakeClock(new Date(AT.getTime() + 60_000)),
  });

  it('deletes in any status: gone from reads and totals, deleted at the clock’s time, with InterviewDeleted showing it as it was', async () => {
    const deps = fixture();
    const caller = aCaller(aUserOfCompany(completed.companyUuid));

    await deleteInterview(deps, caller, completed.uuid);

    expect(await deps.store.read.interviews.find(completed.companyUuid, completed.uuid)).toBeUndefined();
    expect(deps.store.read.interviews.stored(completed.uuid)?.deletedAt).toEqual(deps.clock.now());
    expect(await deps.store.read.counters.total(completed.companyUuid, [], [])).toBe(0);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewDeleted]);
    expect(deps.store.published[0].payload).toMatchObject({ interview: { uuid: completed.uuid, status: 'completed' } });
    await expect(deleteInterview(deps, caller, completed.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
  });

  it('leaves another company’s interview alone (404)', async () => {
    const deps = fixture();
    await expect(deleteInterview(deps, aCaller(), completed.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    expect(deps.store.read.interviews.stored(completed.uuid)?.deletedAt).toBeNull();
  });
});
