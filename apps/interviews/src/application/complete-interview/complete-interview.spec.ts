import { InterviewsSubjects } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, aJobRow, anInterview, aQuestion, JobsTable, theCandidateOf } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, MemoryProjections, MemoryQuestions, MemoryShareLinks, MemoryTranscriptionSettings } from '../../../test/fakes';
import type { InterviewQuestion } from '../../domain/interview';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { completeInterview } from './complete-interview';

describe('completeInterview', () => {
  const job = aJobRow();
  const accepted = anInterview({ status: 'accepted', jobUuid: job.uuid, companyUuid: job.company_uuid, acceptedAt: AT });
  const answered = aQuestion(accepted, { completed: true, takesCompleted: 1 });
  const skipped = aQuestion(accepted, { position: 1, skipped: true });
  const candidate = aCaller(theCandidateOf(accepted));
  /** `jobStatus`: the job as jobs holds it now; `projected`: as interviews' projection of jobs last heard of it. */
  const fixture = (questions: InterviewQuestion[] = [answered, skipped], jobStatus = 'active', projected = jobStatus) => {
    const jobs = new JobsTable();
    jobs.add({ uuid: job.uuid, status: jobStatus });
    return {
      store: memoryStore({
        interviews: new MemoryInterviews([accepted]),
        counters: new MemoryCounters([accepted]),
        questions: new MemoryQuestions(questions),
        projections: new MemoryProjections({ jobs: [{ ...job, status: projected }] }),
        shareLinks: new MemoryShareLinks(),
        transcriptionSettings: new MemoryTranscriptionSettings(),
      }),
      jobs,
      clock: new FakeClock(new Date(AT.getTime() + 3600_000)),
    };
  };

  it('completes an accepted interview whose every question is answered or skipped, with InterviewCompleted', async () => {
    const deps = fixture();
    await deps.store.read.transcriptionSettings.apply(accepted.companyUuid, true, AT);

    const sut = await completeInterview(deps, candidate, accepted.uuid);

    expect(sut).toMatchObject({
      status: 'completed',
      completed_at: '2026-03-02T10:00:00+00:00',
      job_post: { uuid: job.uuid, status: 'active' },
      transcribed: true,
    });
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCompleted]);
    expect(await deps.store.read.counters.total(accepted.companyUuid, [], ['completed'])).toBe(1);
    expect(await deps.store.read.counters.total(accepted.companyUuid, [], ['accepted'])).toBe(0);
  });

  it('refuses while a question is neither answered nor skipped', async () => {
    const deps = fixture([answered, aQuestion(accepted, { position: 1 })]);
    await expect(completeInterview(deps, candidate, accepted.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionsUnanswered });
    expect(deps.store.read.interviews.stored(accepted.uuid)?.status).toBe('accepted');
    expect(deps.store.published).toEqual([]);
  });

  it('refuses when the job is no longer active, as jobs says now, even before the projection of jobs has heard of it', async () => {
    const deps = fixture(undefined, 'inactive', 'active');
    await expect(completeInterview(deps, candidate, accepted.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.JobInactive });
    expect(deps.store.read.interviews.stored(accepted.uuid)?.status).toBe('accepted');
    expect(deps.store.published).toEqual([]);
  });

  it('refuses when the job was deleted (jobs knows it no more)', async () => {
    const deps = fixture();
    deps.jobs.jobs.clear();
    await expect(completeInterview(deps, candidate, accepted.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.JobInactive });
  });

  it('refuses at the due time and after', async () => {
    const deps = fixture();
    deps.clock.set(accepted.scheduledAt);
    await expect(completeInterview(deps, candidate, accepted.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.InterviewExpired });
  });

  it('refuses an interview not accepted yet', async () => {
    const requested = { ...accepted, status: 'requested' as const };
    const deps = fixture();
    await deps.store.read.interviews.update(requested);
    await expect(completeInterview(deps, candidate, accepted.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.NotAccepted });
  });
});
