import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aPerson, aUserOfCompany, IdentityTable } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, renderingRepos } from '../../../test/fakes';
import type { Interview } from '../../domain/interview';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { updateInterview } from './update-interview';

describe('updateInterview', () => {
  const HOUR = 3600_000;
  const fixture = (interview: Interview) => ({
    store: memoryStore({ interviews: new MemoryInterviews([interview]), counters: new MemoryCounters([interview]), ...renderingRepos() }),
    identity: new IdentityTable(),
    clock: new FakeClock(new Date(AT.getTime() + HOUR)),
  });

  it('reschedules an expired interview: requested again, with InterviewRescheduled carrying a new invitation', async () => {
    const expired = anInterview({ status: 'expired', scheduledAt: AT });
    const deps = fixture(expired);
    const caller = aCaller(aUserOfCompany(expired.companyUuid));
    const newTime = new Date(AT.getTime() + 48 * HOUR);
    await deps.store.read.transcriptionSettings.apply(expired.companyUuid, true, AT);

    const sut = await updateInterview(deps, caller, { interviewUuid: expired.uuid, scheduledAt: newTime });

    expect(sut).toMatchObject({ status: 'requested', scheduled_at: '2026-03-04T09:00:00+00:00', updated_at: '2026-03-02T10:00:00+00:00' });
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewRescheduled]);
    expect(deps.store.published[0].payload).toMatchObject({
      interview: { status: 'requested' },
      invitation: { scheduled_at_local: expect.stringContaining('March 4, 2026'), answers_transcribed: true },
    });
    expect(await deps.store.read.counters.total(expired.companyUuid, [], ['expired'])).toBe(0);
    expect(await deps.store.read.counters.total(expired.companyUuid, [], ['requested'])).toBe(1);
  });

  it('changes the accommodations given, keeps the others, and says so once (InterviewAccommodationsChanged); the same values say nothing (issue 42)', async () => {
    const accepted = anInterview({ status: 'accepted' });
    const deps = fixture(accepted);
    const caller = aCaller(aUserOfCompany(accepted.companyUuid));

    const sut = await updateInterview(deps, caller, { interviewUuid: accepted.uuid, accommodations: { timeMultiplier: 2, audioOnly: true } });
    expect(sut.accommodations).toEqual({ time_multiplier: 2, unlimited_time: false, extra_takes: 0, audio_only: true });
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewAccommodationsChanged]);

    await updateInterview(deps, caller, { interviewUuid: accepted.uuid, accommodations: { timeMultiplier: 2 } });
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewAccommodationsChanged]);
    expect(deps.store.read.interviews.stored(accepted.uuid)?.accommodations).toEqual({
      timeMultiplier: 2,
      unlimitedTime: false,
      extraTakes: 0,
      audioOnly: true,
    });
  });

  it('refuses accommodations out of range, naming the field, and any change once completed', async () => {
    const completed = anInterview({ status: 'completed', completedAt: AT });
    const deps = fixture(completed);
    const caller = aCaller(aUserOfCompany(completed.companyUuid));
    await expect(updateInterview(deps, caller, { interviewUuid: completed.uuid, accommodations: { extraTakes: 11 } })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'accommodations.extra_takes' })],
    });
    await expect(updateInterview(deps, caller, { interviewUuid: completed.uuid, accommodations: { extraTakes: 1 } })).rejects.toMatchObject({
      code: InterviewsErrorCode.AlreadyCompleted,
    });
    expect(deps.store.published).toEqual([]);
  });

  it('refuses a new due time that has already passed by the clock', async () => {
    const requested = anInterview();
    const deps = fixture(requested);
    await expect(
      updateInterview(deps, aCaller(aUserOfCompany(requested.companyUuid)), { interviewUuid: requested.uuid, scheduledAt: AT }),
    ).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [expect.objectContaining({ field: 'scheduled_at', reason: 'must be in the future' })],
    });
  });

  it('cancels, with InterviewCanceled; a canceled interview cannot be rescheduled', async () => {
    const requested = anInterview();
    const deps = fixture(requested);
    const caller = aCaller(aUserOfCompany(requested.companyUuid));

    expect(await updateInterview(deps, caller, { interviewUuid: requested.uuid, status: 'canceled' })).toMatchObject({ status: 'canceled' });
    await expect(updateInterview(deps, caller, { interviewUuid: requested.uuid, scheduledAt: new Date(AT.getTime() + 48 * HOUR) })).rejects.toMatchObject({
      code: InterviewsErrorCode.AlreadyCanceled,
    });
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCanceled]);
    // The cancellation email names when the interview was to be, in its timezone.
    expect(deps.store.published[0].payload).toMatchObject({ invitation: { timezone: requested.timezone, scheduled_at_local: expect.any(String) } });
  });

  it('marks a live interview held (completed now), then rates it with the rater’s name from identity', async () => {
    const live = anInterview({ type: 'live' });
    const deps = fixture(live);
    const rater = aUserOfCompany(live.companyUuid);
    deps.identity.people.set(rater.userUuid, aPerson({ uuid: rater.userUuid, name: 'Rita Rater' }));

    expect(await updateInterview(deps, aCaller(rater), { interviewUuid: live.uuid, status: 'completed' })).toMatchObject({
      status: 'completed',
      completed_at: '2026-03-02T10:00:00+00:00',
    });
    const sut = await updateInterview(deps, aCaller(rater), { interviewUuid: live.uuid, rating: 4.5 });

    expect(sut.rating).toBe(4.5);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCompleted, InterviewsSubjects.InterviewRated]);
    expect(deps.store.published[1].payload).toMatchObject({
      rating: { interview_uuid: live.uuid, rating: 4.5, rated_by: { uuid: rater.userUuid, name: 'Rita Rater' }, rated_at: '2026-03-02T10:00:00+00:00' },
    });
  });

  it('refuses to rate an interview not completed, to complete a one-way one, and any status but canceled or completed', async () => {
    const requested = anInterview();
    const deps = fixture(requested);
    const caller = aCaller(aUserOfCompany(requested.companyUuid));
    await expect(updateInterview(deps, caller, { interviewUuid: requested.uuid, rating: 3 })).rejects.toMatchObject({ code: InterviewsErrorCode.NotCompleted });
    await expect(updateInterview(deps, caller, { interviewUuid: requested.uuid, status: 'completed' })).rejects.toMatchObject({
      code: InterviewsErrorCode.NotLive,
    });
    await expect(updateInterview(deps, caller, { interviewUuid: requested.uuid, status: 'accepted' })).rejects.toMatchObject({
      code: InterviewsErrorCode.StatusNotSettable,
    });
    expect(deps.store.read.interviews.stored(requested.uuid)).toMatchObject({ status: 'requested', updatedAt: AT });
    expect(deps.store.published).toEqual([]);
  });

  it('shows another company’s interview as not found (404)', async () => {
    const requested = anInterview();
    await expect(updateInterview(fixture(requested), aCaller(), { interviewUuid: requested.uuid, status: 'canceled' })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
  });
});
