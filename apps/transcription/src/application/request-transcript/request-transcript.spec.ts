import { randomUUID } from 'node:crypto';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aTake, aTranscript } from '../../../test/factories';
import { CountingQueue, InterviewsTable, inMemoryTranscriptionStore } from '../../../test/fakes';
import { requestTranscript } from './request-transcript';

describe('requestTranscript', () => {
  const user = aCompanyUser();
  const company = user.companyUuid!;
  const clock = new FakeClock('2026-03-02T08:00:00+00:00');

  async function world(options: { on?: boolean; engine?: boolean } = {}) {
    const store = inMemoryTranscriptionStore();
    if (options.on !== undefined)
      await store.transaction((tx) => tx.settings.save({ companyUuid: company, transcription: options.on!, updatedAt: clock.now() }));
    const interviews = new InterviewsTable();
    const interviewUuid = randomUUID();
    interviews.putInterview(interviewUuid, company, { language: 'de' });
    const take = aTake({ content_type: 'video/mp4' });
    interviews.putTake(interviewUuid, take, Buffer.alloc(0));
    const queue = new CountingQueue();
    const ref = { interviewUuid, questionUuid: take.question_uuid, takeUuid: take.uuid };
    return { store, queue, take, ref, deps: { store, interviews, queue, engineConfigured: options.engine ?? true, clock } };
  }

  it('is 409 api.transcription_off while the company has it off (or never set), or no engine is configured', async () => {
    for (const options of [{}, { on: false }, { on: true, engine: false }]) {
      const { deps, ref, store } = await world(options);
      await expect(requestTranscript(deps, { principal: user }, ref)).rejects.toMatchObject({ code: 'api.transcription_off', kind: 'conflict' });
      expect(store.read.transcripts.state.rows).toEqual([]);
    }
  });

  it("makes a pending transcript due now in the interview's language, answers it and wakes the worker", async () => {
    const { deps, ref, queue, take } = await world({ on: true });
    expect(await requestTranscript(deps, { principal: user }, ref)).toEqual({
      status: 'pending',
      language: 'de',
      text: '',
      segments: [],
      updated_at: '2026-03-02T08:00:00+00:00',
    });
    expect(deps.store.read.transcripts.state.rows).toEqual([
      expect.objectContaining({
        source: { kind: 'take', uuid: take.uuid, questionUuid: take.question_uuid },
        contentType: 'video/mp4',
        nextAttemptAt: clock.now(),
      }),
    ]);
    expect(queue.wakes).toBe(1);
  });

  it('sets a failed one back to pending with no failure and no attempts, its last text kept', async () => {
    const { deps, ref, take } = await world({ on: true });
    const failed = aTranscript({
      companyUuid: company,
      interviewUuid: ref.interviewUuid,
      source: { kind: 'take', uuid: take.uuid, questionUuid: take.question_uuid },
      status: 'failed',
      text: 'Earlier words',
      segments: [{ startMs: 0, endMs: 1000, text: 'Earlier words' }],
      attempts: 6,
      failure: 'engine answered 500',
      nextAttemptAt: null,
    });
    await deps.store.transaction((tx) => tx.transcripts.insertIfAbsent(failed));
    const answered = await requestTranscript(deps, { principal: user }, ref);
    expect(answered).toMatchObject({ status: 'pending', text: 'Earlier words', segments: [{ start_ms: 0, end_ms: 1000, text: 'Earlier words' }] });
    expect(deps.store.read.transcripts.state.rows[0]).toMatchObject({ uuid: failed.uuid, attempts: 0, failure: null, nextAttemptAt: clock.now() });
  });

  it("is interviews' 404 for a take it does not list, before anything else", async () => {
    const { deps, ref } = await world({ on: false });
    await expect(requestTranscript(deps, { principal: user }, { ...ref, takeUuid: randomUUID() })).rejects.toMatchObject({ code: 'api.take_not_found' });
    await expect(requestTranscript(deps, { principal: aCompanyUser() }, ref)).rejects.toMatchObject({ code: 'api.interview_not_found' });
  });
});
