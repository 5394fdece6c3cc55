import type { interviews } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aQuestion, aTake, theCandidateOf } from '../../../test/factories';
import { FakeVideoProbe, MemoryCompanyMedia, MemoryInterviews, MemoryMedia, MemoryQuestions, MemoryRecordings, MemoryTakes } from '../../../test/fakes';
import type { Interview, InterviewQuestion } from '../../domain/interview';
import type { Take } from '../../domain/take';
import { TAKE_CONTAINER_ALLOWANCE_BYTES } from '../../domain/take';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { uploadTake } from './upload-take';

describe('uploadTake', () => {
  const accepted = anInterview({ status: 'accepted', acceptedAt: AT });
  const candidate = aCaller(theCandidateOf(accepted));
  /** `others`: more interviews kept by the store (another of the company's, with its takes). */
  const fixture = (question: InterviewQuestion = aQuestion(accepted, { timeLimit: 60, takesLimit: 2 }), takes: Take[] = [], others: Interview[] = []) => {
    const [interviews, takesKept, recordings] = [new MemoryInterviews([accepted, ...others]), new MemoryTakes(takes), new MemoryRecordings()];
    return {
      question,
      deps: {
        store: memoryStore({
          interviews,
          questions: new MemoryQuestions([question]),
          takes: takesKept,
          recordings,
          companyMedia: new MemoryCompanyMedia({ interviews, takes: takesKept, recordings }),
        }),
        media: new MemoryMedia(),
        video: new FakeVideoProbe(42),
        clock: new FakeClock(new Date(AT.getTime() + 60_000)),
        maxTakeBytes: 64,
        maxTakeBitrate: 8_000_000,
        maxInterviewMediaBytes: 10 * 1024 ** 3,
        maxCompanyMediaBytes: 1024 ** 4,
      },
    };
  };

  async function* upload(
    question: InterviewQuestion,
    body: string[],
    header: Partial<interviews.TakeUploadHeader> = {},
  ): AsyncIterable<interviews.TakeUploadChunk> {
    yield {
      header: { interview_uuid: question.interviewUuid, question_uuid: question.uuid, content_type: 'video/webm', duration_seconds: 0, ...header },
      data: Buffer.from(body[0]),
    };
    for (const data of body.slice(1)) yield { data: Buffer.from(data) };
  }

  it('stores the video as it streams, counts the take with the length its container gives, and marks the question answered', async () => {
    const { deps, question } = fixture();

    const sut = await uploadTake(deps, candidate, upload(question, ['WE', 'BM', '-frames']));

    expect(sut).toEqual({
      uuid: expect.any(String),
      question_uuid: question.uuid,
      number: 1,
      content_type: 'video/webm',
      size: 11,
      duration_seconds: 42,
      created_at: '2026-03-02T09:01:00+00:00',
      kind: 'video',
    });
    expect([...deps.media.files.values()].map(String)).toEqual(['WEBM-frames']);
    expect(await deps.store.read.questions.find(accepted.uuid, question.uuid)).toMatchObject({
      completed: true,
      takesCompleted: 1,
      startedAt: deps.clock.now(),
    });
    expect(deps.store.read.takes.all()).toHaveLength(1);
    // The transcription service learns of it in the transaction that stored it (decision 073).
    expect(deps.store.published).toEqual([
      {
        subject: 'interviews.take.uploaded',
        payload: {
          company_uuid: accepted.companyUuid,
          interview_uuid: accepted.uuid,
          question_uuid: question.uuid,
          take_uuid: sut.uuid,
          language: accepted.language,
          content_type: 'video/webm',
          duration_seconds: 42,
          occurred_at: '2026-03-02T09:01:00+00:00',
        },
      },
    ]);
  });

  it('takes the declared length only when the container has none, and refuses without either', async () => {
    const { deps, question } = fixture();
    deps.video.durationSeconds = null;
    expect(await uploadTake(deps, candidate, upload(question, ['WEBM'], { duration_seconds: 12.345 }))).toMatchObject({ duration_seconds: 12.35 });
    await expect(uploadTake(deps, candidate, upload(question, ['WEBM']))).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'X-Take-Duration-Seconds' })],
    });
    expect(deps.media.files.size).toBe(1);
  });

  it('stores nothing from a body that is not the video it says it is', async () => {
    const { deps, question } = fixture();
    await expect(uploadTake(deps, candidate, upload(question, ['GIF89a']))).rejects.toMatchObject({ code: InterviewsErrorCode.TakeNotVideo });
    await expect(uploadTake(deps, candidate, upload(question, ['MP4 data']))).rejects.toMatchObject({
      code: InterviewsErrorCode.TakeNotVideo,
      reason: 'The body is an MP4 video: send it as video/mp4',
    });
    await expect(uploadTake(deps, candidate, upload(question, ['WEBM'], { content_type: 'video/ogg' }))).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'Content-Type' })],
    });
    expect(deps.media.files.size).toBe(0);
  });

  it('deletes a video too long for the question (2 s tolerated) or too large, and counts no take', async () => {
    const { deps, question } = fixture();
    deps.video.durationSeconds = 62.01;
    await expect(uploadTake(deps, candidate, upload(question, ['WEBM']))).rejects.toMatchObject({ code: InterviewsErrorCode.TakeTooLong });
    deps.video.durationSeconds = 62;
    await expect(uploadTake(deps, candidate, upload(question, ['WEBM', 'x'.repeat(61)]))).rejects.toMatchObject({ code: InterviewsErrorCode.TakeTooLarge });
    expect(deps.media.files.size).toBe(0);
    expect(deps.store.read.takes.all()).toEqual([]);
    expect(deps.store.published).toEqual([]);
    expect(await uploadTake(deps, candidate, upload(question, ['WEBM', 'x'.repeat(60)]))).toMatchObject({ duration_seconds: 62, size: 64 });
  });

  it('refuses a video larger than its measured length allows at MAX_TAKE_BITRATE, and keeps nothing of it', async () => {
    const { deps, question } = fixture();
    // 8 bits per second: one byte a second beyond the container's allowance; 42 s measured.
    Object.assign(deps, { maxTakeBytes: 4 * 1024 * 1024, maxTakeBitrate: 8 });
    const ofSize = (bytes: number) => ['WEBM', 'x'.repeat(bytes - 4)];
    await expect(uploadTake(deps, candidate, upload(question, ofSize(TAKE_CONTAINER_ALLOWANCE_BYTES + 43)))).rejects.toMatchObject({
      code: InterviewsErrorCode.TakeBitrateTooHigh,
      reason: `The video has ${TAKE_CONTAINER_ALLOWANCE_BYTES + 43} bytes for 42 seconds: a take may have at most ${TAKE_CONTAINER_ALLOWANCE_BYTES + 42} bytes for that length (8 bits per second)`,
    });
    // Past what the question's time limit (60 s, 2 more tolerated) allows: refused while it streams.
    await expect(uploadTake(deps, candidate, upload(question, ofSize(TAKE_CONTAINER_ALLOWANCE_BYTES + 63)))).rejects.toMatchObject({
      code: InterviewsErrorCode.TakeBitrateTooHigh,
      reason: expect.stringContaining('for 62 seconds'),
    });
    expect(deps.media.files.size).toBe(0);
    expect(deps.store.read.takes.all()).toEqual([]);
    expect(await uploadTake(deps, candidate, upload(question, ofSize(TAKE_CONTAINER_ALLOWANCE_BYTES + 42)))).toMatchObject({
      size: TAKE_CONTAINER_ALLOWANCE_BYTES + 42,
    });
  });

  it('refuses with 413 a take that would take the interview past MAX_INTERVIEW_MEDIA_BYTES, whatever its other takes are', async () => {
    const other = aQuestion(accepted, { position: 1 });
    const { deps, question } = fixture(undefined, [aTake(other, { size: 40 })]);
    deps.maxInterviewMediaBytes = 100;
    await expect(uploadTake(deps, candidate, upload(question, ['WEBM', 'x'.repeat(57)]))).rejects.toMatchObject({
      code: InterviewsErrorCode.MediaQuotaExceeded,
      kind: 'payload_too_large',
      reason: "The interview's videos would exceed 100 bytes, the storage allowed for one interview",
    });
    expect(deps.media.files.size).toBe(0);
    expect(await uploadTake(deps, candidate, upload(question, ['WEBM', 'x'.repeat(56)]))).toMatchObject({ size: 60 });
    expect(await deps.store.read.takes.bytesStored(accepted.uuid)).toBe(100);
  });

  // Issue 38: an open interview's applicants are many interviews of one company; their takes count against the company's quota.
  it("refuses with 413 a take that would take the company past MAX_COMPANY_MEDIA_BYTES, counting its other interviews' takes", async () => {
    const another = anInterview({ companyUuid: accepted.companyUuid });
    const elsewhere = anInterview();
    const { deps, question } = fixture(
      undefined,
      [aTake(aQuestion(another), { size: 40 }), aTake(aQuestion(elsewhere), { size: 1_000 })],
      [another, elsewhere],
    );
    deps.maxCompanyMediaBytes = 100;
    await expect(uploadTake(deps, candidate, upload(question, ['WEBM', 'x'.repeat(57)]))).rejects.toMatchObject({
      code: InterviewsErrorCode.CompanyMediaQuotaExceeded,
      kind: 'payload_too_large',
      reason: "The company's videos would exceed 100 bytes, the storage allowed for one company",
    });
    expect(deps.media.files.size).toBe(0);
    expect(await deps.store.read.takes.bytesStored(accepted.uuid)).toBe(0);
    expect(await uploadTake(deps, candidate, upload(question, ['WEBM', 'x'.repeat(56)]))).toMatchObject({ size: 60 });
  });

  it('refuses when no take is left, after the due time, and before the job seeker accepted', async () => {
    const exhausted = fixture(aQuestion(accepted, { takesLimit: 1, takesCompleted: 1, completed: true }));
    await expect(uploadTake(exhausted.deps, candidate, upload(exhausted.question, ['WEBM']))).rejects.toMatchObject({
      code: InterviewsErrorCode.TakesExhausted,
    });

    // A whole take (42 s) recorded after the due time.
    const late = fixture();
    late.deps.clock.set(new Date(accepted.scheduledAt.getTime() + (42 + 61) * 1000));
    await expect(uploadTake(late.deps, candidate, upload(late.question, ['WEBM']))).rejects.toMatchObject({ code: InterviewsErrorCode.InterviewExpired });

    const early = fixture();
    await early.deps.store.read.interviews.update({ ...accepted, status: 'requested' });
    await expect(uploadTake(early.deps, candidate, upload(early.question, ['WEBM']))).rejects.toMatchObject({ code: InterviewsErrorCode.NotAccepted });
    for (const { deps } of [exhausted, late, early]) expect(deps.media.files.size).toBe(0);
  });

  it('after the due time, takes a take whose recording started before it, within its time limit and the grace, and nothing else', async () => {
    const afterDue = (seconds: number) => new Date(accepted.scheduledAt.getTime() + seconds * 1000);
    // 42 s long, its upload beginning 30 s after the due time: recorded from 12 s before it.
    const inTime = fixture();
    inTime.deps.clock.set(afterDue(30));
    expect(await uploadTake(inTime.deps, candidate, upload(inTime.question, ['WEBM']))).toMatchObject({ duration_seconds: 42 });
    // The same take in an interview the sweep has expired meanwhile.
    const swept = fixture();
    await swept.deps.store.read.interviews.update({ ...accepted, status: 'expired' });
    swept.deps.clock.set(afterDue(30));
    expect(await uploadTake(swept.deps, candidate, upload(swept.question, ['WEBM']))).toMatchObject({ duration_seconds: 42 });

    // Started 60 s after the due time: within the grace (the upload's own retries), still taken; 61 s: refused.
    const graceEnd = fixture();
    graceEnd.deps.clock.set(afterDue(42 + 60));
    expect(await uploadTake(graceEnd.deps, candidate, upload(graceEnd.question, ['WEBM']))).toMatchObject({ duration_seconds: 42 });
    // Past the question's time limit (60 s), its tolerance and the grace: refused before a byte is stored.
    const afterWindow = fixture();
    afterWindow.deps.clock.set(afterDue(60 + 2 + 60 + 1));
    await expect(uploadTake(afterWindow.deps, candidate, upload(afterWindow.question, ['WEBM']))).rejects.toMatchObject({
      code: InterviewsErrorCode.InterviewExpired,
    });
    // An interview never accepted, or completed, takes nothing after the due time.
    const neverStarted = fixture();
    await neverStarted.deps.store.read.interviews.update({ ...accepted, status: 'expired', acceptedAt: null });
    neverStarted.deps.clock.set(afterDue(30));
    await expect(uploadTake(neverStarted.deps, candidate, upload(neverStarted.question, ['WEBM']))).rejects.toMatchObject({
      code: InterviewsErrorCode.InterviewExpired,
    });
    for (const { deps } of [afterWindow, neverStarted]) expect(deps.media.files.size).toBe(0);
  });

  describe("with the interview's accommodations (issue 42)", () => {
    const withAccommodations = (accommodations: Partial<Interview['accommodations']>) => {
      const interview = anInterview({ status: 'accepted', acceptedAt: AT, accommodations: { ...accepted.accommodations, ...accommodations } });
      const question = aQuestion(interview, { timeLimit: 60, takesLimit: 1 });
      const [interviews, takes, recordings] = [new MemoryInterviews([interview]), new MemoryTakes(), new MemoryRecordings()];
      const deps = {
        ...fixture().deps,
        store: memoryStore({
          interviews,
          questions: new MemoryQuestions([question]),
          takes,
          recordings,
          companyMedia: new MemoryCompanyMedia({ interviews, takes, recordings }),
        }),
        video: new FakeVideoProbe(10),
      };
      return { deps, question, caller: aCaller(theCandidateOf(interview)) };
    };

    it('holds the length to the time limit × time_multiplier: 80 s on a 60-s question passes at 1.5, not at 1.2', async () => {
      const slow = withAccommodations({ timeMultiplier: 1.5 });
      slow.deps.video.durationSeconds = 80;
      expect(await uploadTake(slow.deps, slow.caller, upload(slow.question, ['WEBM']))).toMatchObject({ duration_seconds: 80 });
      const short = withAccommodations({ timeMultiplier: 1.2 });
      short.deps.video.durationSeconds = 80;
      await expect(uploadTake(short.deps, short.caller, upload(short.question, ['WEBM']))).rejects.toMatchObject({
        code: InterviewsErrorCode.TakeTooLong,
        reason: 'The video is 80 seconds long; this question allows 72 seconds (2 more are tolerated)',
      });
      expect(short.deps.media.files.size).toBe(0);
    });

    it('has no time limit with unlimited_time', async () => {
      const sut = withAccommodations({ unlimitedTime: true });
      sut.deps.video.durationSeconds = 900;
      expect(await uploadTake(sut.deps, sut.caller, upload(sut.question, ['WEBM']))).toMatchObject({ duration_seconds: 900 });
    });

    it('counts the extra takes', async () => {
      const sut = withAccommodations({ extraTakes: 1 });
      await uploadTake(sut.deps, sut.caller, upload(sut.question, ['WEBM']));
      await uploadTake(sut.deps, sut.caller, upload(sut.question, ['WEBM']));
      await expect(uploadTake(sut.deps, sut.caller, upload(sut.question, ['WEBM']))).rejects.toMatchObject({ code: InterviewsErrorCode.TakesExhausted });
    });

    it('accepts a take of sound alone only with audio_only, stored and shown as audio', async () => {
      const refused = withAccommodations({});
      refused.deps.video.tracks = { video: false, audio: true };
      await expect(uploadTake(refused.deps, refused.caller, upload(refused.question, ['WEBM'], { content_type: 'audio/webm' }))).rejects.toMatchObject({
        code: InterviewsErrorCode.TakeNotVideo,
      });
      expect(refused.deps.media.files.size).toBe(0);

      const sut = withAccommodations({ audioOnly: true });
      sut.deps.video.tracks = { video: false, audio: true };
      // Sent as video/webm by a recorder that names it so: what it holds decides.
      expect(await uploadTake(sut.deps, sut.caller, upload(sut.question, ['WEBM']))).toMatchObject({ kind: 'audio', content_type: 'audio/webm' });

      const silent = withAccommodations({ audioOnly: true });
      silent.deps.video.tracks = { video: false, audio: false };
      await expect(uploadTake(silent.deps, silent.caller, upload(silent.question, ['WEBM']))).rejects.toMatchObject({ code: InterviewsErrorCode.TakeNotVideo });
    });
  });
});
