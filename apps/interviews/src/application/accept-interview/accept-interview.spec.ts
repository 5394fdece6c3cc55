import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, renderingRepos } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { acceptInterview } from './accept-interview';

describe('acceptInterview', () => {
  const requested = anInterview({ scheduledAt: new Date(AT.getTime() + 3600_000) });
  const fixture = (interview = requested) => ({
    store: memoryStore({ interviews: new MemoryInterviews([interview]), counters: new MemoryCounters([interview]), ...renderingRepos() }),
    clock: new FakeClock(AT),
  });

  it('accepts a requested interview before its due time, once: accepting again publishes nothing more', async () => {
    const deps = fixture();
    const candidate = aCaller(theCandidateOf(requested));

    const sut = await acceptInterview(deps, candidate, requested.uuid);

    expect(sut).toMatchObject({ uuid: requested.uuid, status: 'accepted', updated_at: '2026-03-02T09:00:00+00:00', transcribed: false });
    expect(deps.store.read.interviews.stored(requested.uuid)).toMatchObject({ status: 'accepted', acceptedAt: AT });
    expect(await deps.store.read.counters.total(requested.companyUuid, [], ['accepted'])).toBe(1);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewAccepted]);
    expect(deps.store.published[0].payload).toMatchObject({ interview: { uuid: requested.uuid, status: 'accepted' } });
    // The candidate's side only: never in the company's event.
    expect(deps.store.published[0].payload).not.toHaveProperty('interview.transcribed');

    deps.clock.advance(60_000);
    expect(await acceptInterview(deps, candidate, requested.uuid)).toEqual(sut);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewAccepted]);
  });

  it('refuses once the due time has come, even before the sweep marks it expired', async () => {
    const deps = fixture();
    deps.clock.set(requested.scheduledAt);

    await expect(acceptInterview(deps, aCaller(theCandidateOf(requested)), requested.uuid)).rejects.toMatchObject({
      code: InterviewsErrorCode.InterviewExpired,
    });
    expect(deps.store.read.interviews.stored(requested.uuid)?.status).toBe('requested');
    expect(deps.store.published).toEqual([]);
  });

  it('refuses a canceled interview', async () => {
    const canceled = { ...requested, status: 'canceled' as const };
    await expect(acceptInterview(fixture(canceled), aCaller(theCandidateOf(canceled)), canceled.uuid)).rejects.toMatchObject({
      code: InterviewsErrorCode.AlreadyCanceled,
    });
  });

  it('shows the interview to no one but its job seeker through its own link (404)', async () => {
    const deps = fixture();
    const other = anInterview();
    await expect(acceptInterview(deps, aCaller(theCandidateOf(other)), requested.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    await expect(acceptInterview(deps, aCaller({ ...theCandidateOf(requested), interviewUuid: other.uuid }), requested.uuid)).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    await expect(acceptInterview(deps, aCaller(aUserOfCompany(requested.companyUuid)), requested.uuid)).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    expect(deps.store.published).toEqual([]);
  });
});
