import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { aChatMessage, AT, anInterview, aQuestion, aRecording, aTake, aUserOfCompany, OPERATOR } from '../../../test/factories';
import {
  MemoryCounters,
  MemoryInterviews,
  MemoryLiveCalls,
  MemoryMedia,
  MemoryRecordings,
  MemoryTakes,
  MemoryTranscriptSearch,
  renderingRepos,
} from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { resetInterview } from './reset-interview';

describe('resetInterview', () => {
  const HOUR = 3600_000;
  const completed = anInterview({
    status: 'completed',
    completedAt: AT,
    acceptedAt: AT,
    rating: 4,
    ratedBy: 'someone',
    ratedAt: AT,
    evaluations: { decision: { decision: 'hold', decided_by: { uuid: 'u1', name: 'Una' }, decided_at: AT.toISOString() }, submitted: 2, started: 3 },
  });
  const question = aQuestion(completed, { completed: true, takesCompleted: 2, startedAt: AT });
  const takes = [aTake(question), aTake(question, { number: 2 })];
  const recording = aRecording(completed);
  const fixture = () => {
    const media = new MemoryMedia();
    for (const key of [...takes.map((t) => t.storageKey), recording.storageKey!]) media.files.set(key, Buffer.from('video'));
    const interviews = new MemoryInterviews([completed]);
    const transcriptSearch = new MemoryTranscriptSearch(() => interviews);
    void transcriptSearch.index({ sourceUuid: takes[0].uuid, interviewUuid: completed.uuid, config: 'english', text: 'An answer', transcribedAt: AT });
    return {
      store: memoryStore({
        interviews,
        transcriptSearch,
        counters: new MemoryCounters([completed]),
        takes: new MemoryTakes(takes),
        recordings: new MemoryRecordings([recording]),
        liveCalls: new MemoryLiveCalls([aChatMessage(completed)]),
        ...renderingRepos({ questions: [question] }),
      }),
      media,
      clock: new FakeClock(new Date(AT.getTime() + HOUR)),
    };
  };

  it('starts the interview over: requested, answers, takes, recordings, chat, videos and rating gone, InterviewReset with a new invitation', async () => {
    const deps = fixture();

    const sut = await resetInterview(deps, OPERATOR, { interviewUuid: completed.uuid });

    expect(sut).toMatchObject({ status: 'requested', rating: undefined, completed_at: undefined, updated_at: '2026-03-02T10:00:00+00:00' });
    // The team's decision and counts go with the answers they judged (decision 070).
    expect(sut).toMatchObject({ decision: undefined, evaluations_submitted: 0, evaluations_started: 0 });
    expect(deps.store.read.interviews.stored(completed.uuid)!.evaluations).toEqual({ decision: null, submitted: 0, started: 0 });
    expect(sut.questions[0]).toMatchObject({ completed: false, skipped: false, takes: { completed: 0 }, started_at: undefined });
    expect(deps.store.read.takes.all()).toEqual([]);
    expect(deps.store.read.recordings.all()).toEqual([]);
    expect(deps.store.read.liveCalls.state.messages).toEqual([]);
    expect(deps.store.read.transcriptSearch.sources()).toEqual([]);
    expect(deps.media.files.size).toBe(0);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewReset]);
    expect(deps.store.published[0].payload).toMatchObject({ invitation: { email_message: completed.emailMessage } });
    expect(await deps.store.read.counters.total(completed.companyUuid, [], ['requested'])).toBe(1);
  });

  it('needs a new due time once the current one has passed by the clock, and takes one within a year', async () => {
    const deps = fixture();
    deps.clock.set(completed.scheduledAt);
    await expect(resetInterview(deps, OPERATOR, { interviewUuid: completed.uuid })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'scheduled_at', reason: 'the due time has passed: give a new one' })],
    });
    expect(deps.store.read.takes.all()).toHaveLength(2);

    const later = new Date(completed.scheduledAt.getTime() + 24 * HOUR);
    expect(await resetInterview(deps, OPERATOR, { interviewUuid: completed.uuid, scheduledAt: later })).toMatchObject({
      scheduled_at: '2026-03-10T09:00:00+00:00',
    });
  });

  it('refuses a canceled interview, and anyone but an operator', async () => {
    const deps = fixture();
    await expect(resetInterview(deps, aUserOfCompany(completed.companyUuid), { interviewUuid: completed.uuid })).rejects.toMatchObject({
      code: SharedErrorCode.OperatorRequired,
    });
    await deps.store.read.interviews.update({ ...completed, status: 'canceled' });
    await expect(resetInterview(deps, OPERATOR, { interviewUuid: completed.uuid })).rejects.toMatchObject({ code: InterviewsErrorCode.AlreadyCanceled });
    expect(deps.media.files.size).toBe(3);
  });
});
