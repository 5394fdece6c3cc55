import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type RecordingEndedPayload, type TakeUploadedPayload } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { CountingQueue, inMemoryTranscriptionStore } from '../../../test/fakes';
import { enqueueTranscript } from './enqueue-transcript';

describe('enqueueTranscript', () => {
  const company = randomUUID();
  const clock = new FakeClock('2026-03-01T10:00:00+00:00');
  const take = (): TakeUploadedPayload => ({
    company_uuid: company,
    interview_uuid: randomUUID(),
    question_uuid: randomUUID(),
    take_uuid: randomUUID(),
    language: 'es',
    content_type: 'video/webm',
    duration_seconds: 30,
    occurred_at: '2026-03-01T10:00:00+00:00',
  });
  const message = (payload: TakeUploadedPayload | RecordingEndedPayload, id = randomUUID()) => ({
    id,
    subject: 'take_uuid' in payload ? InterviewsSubjects.TakeUploaded : InterviewsSubjects.RecordingEnded,
    occurredAt: payload.occurred_at,
    payload,
  });

  async function world(options: { on: boolean; engine?: boolean }) {
    const store = inMemoryTranscriptionStore();
    await store.transaction((tx) => tx.settings.save({ companyUuid: company, transcription: options.on, updatedAt: clock.now() }));
    const queue = new CountingQueue();
    return { store, queue, deps: { store, queue, engineConfigured: options.engine ?? true, clock } };
  }

  it("makes a pending take transcript, due now, in the interview's language, and wakes the worker; once per event and take", async () => {
    const { store, queue, deps } = await world({ on: true });
    const payload = take();
    const event = message(payload);
    await enqueueTranscript(deps, event);
    await enqueueTranscript(deps, event);
    await enqueueTranscript(deps, message(payload));
    expect(store.read.transcripts.state.rows).toEqual([
      expect.objectContaining({
        companyUuid: company,
        interviewUuid: payload.interview_uuid,
        source: { kind: 'take', uuid: payload.take_uuid, questionUuid: payload.question_uuid },
        language: 'es',
        contentType: 'video/webm',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: clock.now(),
      }),
    ]);
    expect(queue.wakes).toBe(1);
  });

  it('makes a recording transcript of an ended recording', async () => {
    const { store, deps } = await world({ on: true });
    const recording: RecordingEndedPayload = { ...take(), recording_uuid: randomUUID() };
    delete (recording as Partial<TakeUploadedPayload>).take_uuid;
    delete (recording as Partial<TakeUploadedPayload>).question_uuid;
    await enqueueTranscript(deps, message(recording));
    expect(store.read.transcripts.state.rows.map((t) => t.source)).toEqual([{ kind: 'recording', uuid: recording.recording_uuid }]);
  });

  it('keeps nothing for a company with it off, or never set, or without an engine', async () => {
    for (const { on, engine } of [{ on: false }, { on: true, engine: false }]) {
      const { store, queue, deps } = await world({ on, engine });
      await enqueueTranscript(deps, message(take()));
      expect(store.read.transcripts.state.rows).toEqual([]);
      expect(queue.wakes).toBe(0);
    }
    const { store, deps } = await world({ on: true });
    await enqueueTranscript(deps, message({ ...take(), company_uuid: randomUUID() }));
    expect(store.read.transcripts.state.rows).toEqual([]);
  });
});
