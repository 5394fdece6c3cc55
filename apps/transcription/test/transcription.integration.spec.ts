import { randomUUID } from 'node:crypto';
import { credentials } from '@grpc/grpc-js';
import {
  InterviewsSubjects,
  transcription,
  TranscriptionSubjects,
  TranscriptView,
  type RecordingEndedPayload,
  type TakeUploadedPayload,
  type TranscriptJson,
  type TranscriptReadyPayload,
} from '@vi/contracts';
import { InProcessBus, type BusMessage } from '@vi/platform-bus';
import { PrincipalTokens, UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Principal } from '@vi/platform-grpc';
import { createLogger } from '@vi/platform-logger';
import { createTestDatabase, mp4File, randomSecret, TranscriptionEngineStandIn, waitFor, webmFile, type TestDatabase } from '@vi/platform-testing';
import { loadTranscriptionConfig } from '../src/config';
import { startTranscriptionService, type RunningTranscriptionService } from '../src/composition-root';
import { aCompanyUser, aRecording, aTake } from './factories';
import { InterviewsTable } from './fakes';

const logger = createLogger('transcription-test', 'silent');
const SHARING: Principal = { kind: 'service', service: 'sharing' };
/** Pieces of at most 20 s: a 30-s recording is sent in two requests. */
const PIECE_SECONDS = 20;

/**
 * The transcription service as it runs (its composition root, a real database: PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), over gRPC, with the worker sending real audio to the stand-in engine over HTTP. Interviews is
 * the in-memory table of test/fakes.ts (another service), serving test videos made like a browser's.
 */
describe('the transcription service with an engine', () => {
  let testDb: TestDatabase;
  let engine: TranscriptionEngineStandIn;
  let bus: InProcessBus;
  let service: RunningTranscriptionService;
  let client: UpstreamClient<transcription.TranscriptionServiceClient>;
  const interviews = new InterviewsTable();
  const published: BusMessage[] = [];
  const secret = randomSecret();
  const tokens = new PrincipalTokens(secret);
  const admin = aCompanyUser({ role: 'administrator' });
  const company = admin.companyUuid!;
  const reviewer = aCompanyUser({ companyUuid: company });
  const offAdmin = aCompanyUser({ role: 'administrator' });
  const outsider = aCompanyUser();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    engine = await TranscriptionEngineStandIn.start();
    bus = new InProcessBus(logger);
    await bus.subscribe({ subjects: ['transcription.>'], handler: async (message) => void published.push(message) });
    const config = loadTranscriptionConfig({
      INTERNAL_JWT_SECRET: secret,
      DATABASE_URL: testDb.url,
      TRANSCRIPTION_GRPC_PORT: '0',
      TRANSCRIPTION_HEALTH_PORT: '0',
      OUTBOX_POLL_MS: '100',
      TRANSCRIPTION_PIECE_SECONDS: String(PIECE_SECONDS),
      ...engine.env({ TRANSCRIPTION_RETRY_BASE_MS: '20' }),
    });
    service = await startTranscriptionService(config, { bus, database: testDb.embedded, logger }, { interviews });
    client = new UpstreamClient(
      'transcription',
      new transcription.TranscriptionServiceClient(`127.0.0.1:${service.grpcPort}`, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
    await client.call((c) => c.updateSettings, { transcription: true }, { principal: admin });
  });
  afterAll(async () => {
    client.close();
    await service.stop();
    await bus.close();
    await engine.close();
    await testDb.drop();
  });

  const json = (body: transcription.Body): unknown => JSON.parse(Buffer.from(body.json).toString('utf8'));
  const as = (principal: Principal) => ({ principal });
  const eventsOf = <P>(subject: string) => published.filter((m) => m.subject === subject).map((m) => m.payload as P);
  const readyOf = (sourceUuid: string) =>
    eventsOf<TranscriptReadyPayload>(TranscriptionSubjects.TranscriptReady).filter((p) => (p.take_uuid ?? p.recording_uuid) === sourceUuid);

  /** An interview of the company with one take of a question, its media stored in interviews. */
  async function anInterviewWithATake(options: { media?: Buffer; contentType?: string; companyUuid?: string; language?: string } = {}) {
    const interviewUuid = randomUUID();
    interviews.putInterview(interviewUuid, options.companyUuid ?? company, { language: options.language ?? 'en' });
    const take = aTake({ content_type: options.contentType ?? 'video/webm' });
    interviews.putTake(interviewUuid, take, options.media ?? webmFile({ seconds: 12 }));
    const ref = { interview_uuid: interviewUuid, question_uuid: take.question_uuid, take_uuid: take.uuid };
    return { interviewUuid, take, ref };
  }

  async function uploaded(interviewUuid: string, take: { uuid: string; question_uuid: string; content_type: string }, companyUuid = company): Promise<void> {
    const payload: TakeUploadedPayload = {
      company_uuid: companyUuid,
      interview_uuid: interviewUuid,
      question_uuid: take.question_uuid,
      take_uuid: take.uuid,
      language: 'en',
      content_type: take.content_type,
      duration_seconds: 12,
      occurred_at: '2026-03-01T10:00:00+00:00',
    };
    await bus.publish({ id: randomUUID(), subject: InterviewsSubjects.TakeUploaded, occurredAt: payload.occurred_at, payload });
  }

  const transcriptOf = async (ref: transcription.TranscriptRef, principal: Principal = reviewer) =>
    TranscriptView.parse(json(await client.call((c) => c.getTranscript, ref, as(principal))));

  async function settled(ref: transcription.TranscriptRef, status: 'done' | 'failed' = 'done'): Promise<TranscriptJson> {
    let last: TranscriptJson | undefined;
    await waitFor(async () => (last = await transcriptOf(ref)).status === status, 30_000, 50).catch(() => {
      throw new Error(
        `the transcript is ${JSON.stringify(last)}, not ${status}; engine saw ${JSON.stringify(engine.requests.map((r) => [r.status, r.problems]))}`,
      );
    });
    return last!;
  }

  const requestsFor = (before: number) => engine.requests.slice(before);

  describe('settings', () => {
    it('reads off for a company that never chose, with the engine available; only an administrator changes it', async () => {
      const standard = aCompanyUser({ companyUuid: offAdmin.companyUuid });
      expect(json(await client.call((c) => c.getSettings, {}, as(standard)))).toEqual({
        transcription: false,
        transcription_available: true,
        updated_at: null,
      });
      await expect(client.call((c) => c.updateSettings, { transcription: true }, as(standard))).rejects.toMatchObject({ code: 'api.administrator_required' });
      await expect(client.call((c) => c.getSettings, {}, as(SHARING))).rejects.toMatchObject({ code: 'api.user_required' });
    });

    it('turns on for the administrator, answers the settings and publishes the effective value', async () => {
      const other = aCompanyUser({ role: 'administrator' });
      const answered = json(await client.call((c) => c.updateSettings, { transcription: true }, as(other))) as { updated_at: string };
      expect(answered).toMatchObject({ transcription: true, transcription_available: true });
      expect(answered.updated_at).toMatch(/\+00:00$/);
      await waitFor(() => eventsOf<{ company_uuid: string }>(TranscriptionSubjects.SettingsChanged).some((p) => p.company_uuid === other.companyUuid));
      expect(eventsOf(TranscriptionSubjects.SettingsChanged).find((p) => (p as { company_uuid: string }).company_uuid === other.companyUuid)).toMatchObject({
        company_uuid: other.companyUuid,
        transcription: true,
      });
      expect(json(await client.call((c) => c.getSettings, {}, as(aCompanyUser({ companyUuid: other.companyUuid }))))).toEqual(answered);
    });
  });

  it("transcribes an uploaded take's audio alone (WebM/Opus as audio/webm), its segments timed, and publishes TranscriptReady", async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake();
    const before = engine.requests.length;
    await uploaded(interviewUuid, take);
    const done = await settled(ref);

    const [request, ...more] = requestsFor(before);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ status: 200, problems: [], tracks: ['audio'], file: { contentType: 'audio/webm' } });
    expect(request.fields).toMatchObject({
      model: ['whisper-1'],
      language: ['en'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['segment'],
    });
    expect(request.headers.authorization).toBeUndefined();
    const seconds = request.durationSeconds;
    expect(seconds).toBeGreaterThan(11.5);
    expect(seconds).toBeLessThanOrEqual(12);
    const of = seconds.toFixed(2);
    expect(done).toEqual({
      status: 'done',
      language: 'en',
      text: `segment 1 of ${of} segment 2 of ${of} segment 3 of ${of}`,
      segments: [
        { start_ms: 0, end_ms: 5000, text: `segment 1 of ${of}` },
        { start_ms: 5000, end_ms: 10_000, text: `segment 2 of ${of}` },
        { start_ms: 10_000, end_ms: Math.round(seconds * 1000), text: `segment 3 of ${of}` },
      ],
      updated_at: expect.stringMatching(/\+00:00$/),
    });
    const captions = await client.call((c) => c.getCaptions, ref, as(reviewer));
    expect(captions.vtt).toBe(
      `WEBVTT\n\n1\n00:00:00.000 --> 00:00:05.000\nsegment 1 of ${of}\n\n2\n00:00:05.000 --> 00:00:10.000\nsegment 2 of ${of}\n\n` +
        `3\n00:00:10.000 --> 00:00:${String(seconds.toFixed(3)).padStart(6, '0')}\nsegment 3 of ${of}\n`,
    );
    expect(interviews.mediaRequests.filter((r) => r.take_uuid === take.uuid)).toEqual([
      { company_uuid: company, interview_uuid: interviewUuid, take_uuid: take.uuid },
    ]);
    await waitFor(() => readyOf(take.uuid).length > 0);
    expect(readyOf(take.uuid)).toEqual([
      {
        company_uuid: company,
        interview_uuid: interviewUuid,
        take_uuid: take.uuid,
        recording_uuid: null,
        language: 'en',
        status: 'done',
        text: done.text,
        occurred_at: expect.stringMatching(/\+00:00$/),
      },
    ]);
  });

  it('sends an MP4 take as audio/mp4 (its AAC copied), and keeps the language the engine heard when it is ours', async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake({ media: await mp4File({ seconds: 6 }), contentType: 'video/mp4' });
    const before = engine.requests.length;
    engine.hears('spanish');
    try {
      await uploaded(interviewUuid, take);
      const done = await settled(ref);
      expect(done.language).toBe('es');
    } finally {
      engine.hears(undefined);
    }
    expect(requestsFor(before)).toEqual([
      expect.objectContaining({ status: 200, problems: [], tracks: ['audio'], file: expect.objectContaining({ contentType: 'audio/mp4' }) }),
    ]);
  });

  it("retries a 429 after the engine's Retry-After, then is done", async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake();
    const before = engine.requests.length;
    engine.failTimes(1, 429, '0');
    await uploaded(interviewUuid, take);
    expect((await settled(ref)).segments).toHaveLength(3);
    expect(requestsFor(before).map((r) => r.status)).toEqual([429, 200]);
    expect(readyOf(take.uuid).map((p) => p.status)).toEqual(['done']);
  });

  it('fails after six tries of a 500 (TranscriptReady failed, no captions); asked again, it is done', async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake();
    const before = engine.requests.length;
    engine.failAlways(500);
    try {
      await uploaded(interviewUuid, take);
      expect(await settled(ref, 'failed')).toMatchObject({ status: 'failed', text: '', segments: [] });
    } finally {
      engine.recover();
    }
    expect(requestsFor(before).map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 500]);
    await waitFor(() => readyOf(take.uuid).length > 0);
    expect(readyOf(take.uuid)).toEqual([expect.objectContaining({ status: 'failed', text: '' })]);
    await expect(client.call((c) => c.getCaptions, ref, as(reviewer))).rejects.toMatchObject({ code: 'api.transcript_not_ready' });

    const asked = TranscriptView.parse(json(await client.call((c) => c.requestTranscript, ref, as(reviewer))));
    expect(asked).toMatchObject({ status: 'pending', language: 'en' });
    expect((await settled(ref)).segments).toHaveLength(3);
    expect(requestsFor(before).map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 500, 200]);
    await waitFor(() => readyOf(take.uuid).length === 2);
    expect(readyOf(take.uuid).map((p) => p.status)).toEqual(['failed', 'done']);
  });

  it('sends a recording longer than a piece in two requests, whose segments join at the right offsets', async () => {
    const interviewUuid = randomUUID();
    interviews.putInterview(interviewUuid, company, { language: 'fr-FR' });
    const recording = aRecording({ duration_seconds: 30 });
    interviews.putRecording(interviewUuid, recording, webmFile({ seconds: 30 }));
    const before = engine.requests.length;
    const payload: RecordingEndedPayload = {
      company_uuid: company,
      interview_uuid: interviewUuid,
      recording_uuid: recording.uuid,
      language: 'fr-FR',
      content_type: 'video/webm',
      duration_seconds: 30,
      occurred_at: '2026-03-01T10:00:00+00:00',
    };
    await bus.publish({ id: randomUUID(), subject: InterviewsSubjects.RecordingEnded, occurredAt: payload.occurred_at, payload });
    const ref = { interview_uuid: interviewUuid, recording_uuid: recording.uuid };
    const done = await settled(ref);

    const requests = requestsFor(before);
    expect(requests.map((r) => [r.status, r.problems, r.tracks, r.fields.language])).toEqual([
      [200, [], ['audio'], ['fr']],
      [200, [], ['audio'], ['fr']],
    ]);
    const [first, second] = requests.map((r) => r.durationSeconds);
    expect(first).toBeCloseTo(PIECE_SECONDS, 1);
    expect(second).toBeGreaterThan(9.5);
    expect(second).toBeLessThanOrEqual(10.02);
    const firstOf = first.toFixed(2);
    const secondOf = second.toFixed(2);
    expect(done.language).toBe('fr-FR');
    expect(done.segments).toEqual([
      { start_ms: 0, end_ms: 5000, text: `segment 1 of ${firstOf}` },
      { start_ms: 5000, end_ms: 10_000, text: `segment 2 of ${firstOf}` },
      { start_ms: 10_000, end_ms: 15_000, text: `segment 3 of ${firstOf}` },
      { start_ms: 15_000, end_ms: Math.round(first * 1000), text: `segment 4 of ${firstOf}` },
      { start_ms: 20_000, end_ms: 25_000, text: `segment 1 of ${secondOf}` },
      { start_ms: 25_000, end_ms: 20_000 + Math.round(second * 1000), text: `segment 2 of ${secondOf}` },
    ]);
    await waitFor(() => readyOf(recording.uuid).length > 0);
    expect(readyOf(recording.uuid)).toEqual([expect.objectContaining({ recording_uuid: recording.uuid, take_uuid: null, status: 'done', language: 'fr-FR' })]);
  });

  it('sends nothing for a company with transcription off: off, and a request is 409 api.transcription_off', async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake({ companyUuid: offAdmin.companyUuid!, language: 'de' });
    const before = engine.requests.length;
    await uploaded(interviewUuid, take, offAdmin.companyUuid!);
    // The event handled (a later one of an on company is), still nothing sent for it.
    const on = await anInterviewWithATake();
    await uploaded(on.interviewUuid, on.take);
    await settled(on.ref);
    expect(requestsFor(before)).toHaveLength(1);
    expect(await transcriptOf(ref, offAdmin)).toEqual({ status: 'off', language: 'de', text: '', segments: [], updated_at: null });
    await expect(client.call((c) => c.requestTranscript, ref, as(offAdmin))).rejects.toMatchObject({ code: 'api.transcription_off' });
    await expect(client.call((c) => c.getCaptions, ref, as(offAdmin))).rejects.toMatchObject({ code: 'api.transcript_not_ready' });
    expect(interviews.mediaRequests.filter((r) => r.interview_uuid === interviewUuid)).toEqual([]);
  });

  it("answers interviews' own 404 and 403 for what the caller cannot see", async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake();
    await expect(transcriptOf(ref, outsider)).rejects.toMatchObject({ code: 'api.interview_not_found' });
    await expect(transcriptOf({ ...ref, take_uuid: randomUUID() })).rejects.toMatchObject({ code: 'api.take_not_found' });
    await expect(transcriptOf({ interview_uuid: interviewUuid, recording_uuid: randomUUID() })).rejects.toMatchObject({ code: 'api.recording_not_found' });
    interviews.setTakesVisible(interviewUuid, false);
    await expect(transcriptOf(ref)).rejects.toMatchObject({ code: 'api.interview_takes_not_visible' });
    await expect(client.call((c) => c.requestTranscript, ref, as(reviewer))).rejects.toMatchObject({ code: 'api.interview_takes_not_visible' });
    expect(take.uuid).toBe(ref.take_uuid);
  });

  it("gives sharing the transcripts of a company's interviews with their captions, and no one else", async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake();
    await uploaded(interviewUuid, take);
    const done = await settled(ref);
    const shared = await client.call((c) => c.getSharedTranscripts, { company_uuid: company, interview_uuids: [interviewUuid, randomUUID()] }, as(SHARING));
    expect(shared.transcripts).toHaveLength(1);
    expect(shared.transcripts[0]).toMatchObject({ interview_uuid: interviewUuid, source_uuid: take.uuid });
    expect(json(shared.transcripts[0])).toEqual(done);
    expect(shared.transcripts[0].vtt).toBe((await client.call((c) => c.getCaptions, ref, as(reviewer))).vtt);
    expect(
      (await client.call((c) => c.getSharedTranscripts, { company_uuid: randomUUID(), interview_uuids: [interviewUuid] }, as(SHARING))).transcripts,
    ).toEqual([]);
    await expect(
      client.call((c) => c.getSharedTranscripts, { company_uuid: company, interview_uuids: [interviewUuid] }, as({ kind: 'service', service: 'gateway' })),
    ).rejects.toMatchObject({ code: 'api.operator_required' });
  });

  it("removes a deleted interview's transcripts", async () => {
    const { interviewUuid, take, ref } = await anInterviewWithATake();
    await uploaded(interviewUuid, take);
    await settled(ref);
    await bus.publish({
      id: randomUUID(),
      subject: InterviewsSubjects.InterviewDeleted,
      occurredAt: '2026-03-01T10:00:00+00:00',
      payload: { interview: { uuid: interviewUuid } },
    });
    await waitFor(async () => (await transcriptOf(ref)).status === 'off', 10_000);
  });
});
