import { sql } from '@vi/platform-postgres';
import { waitFor, webmFile } from '@vi/platform-testing';
import { eraseJobSeeker } from '../../tools/admin-cli/src/erase-job-seeker';
import type { ApiClient } from '../support/api-client';
import { countRows, databaseDump } from '../support/database-dump';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { TranscriptionEngineStandIn } from '../support/transcription-engine-stand-in';
import { companyWithJob, createInterview, inFuture, liveBody } from '../interviews/interview-helpers';
import { createStandardUser } from '../jobs/job-helpers';
import { WebhookReceiver, bodyOf, createWebhook } from '../notifications/notification-helpers';
import { completedInterviewWithTakes, InterviewCreations, openShared, tokenOf } from '../sharing/sharing-helpers';

/**
 * Issue 43, end to end in one process (`npm start`'s shape) with TRANSCRIPTION_URL pointing at a stand-in
 * OpenAI-compatible engine on 127.0.0.1: a company turns transcription on, its completed interview's takes and a live
 * call's recording are transcribed (audio only, in the interview's language), captioned, searchable, shared and told to
 * webhooks; the engine's 429s are waited out, a 500 forever fails and a retry from the API succeeds; a long recording is
 * sent in pieces whose segments join at their offsets; a superseded take's transcript goes with its video; erasure takes
 * the transcripts away; a company that has it off
 * sends nothing. Decision 073.
 */
describe('transcripts and captions with an engine configured', () => {
  let t: TestSystem;
  let engine: TranscriptionEngineStandIn;
  let receiver: WebhookReceiver;
  let creations: InterviewCreations;
  let company: Awaited<ReturnType<typeof companyWithJob>>;

  // Two answers of 12 s and 7 s, as MediaRecorder writes them (VP8 + Opus).
  const answer = (seconds: number) => webmFile({ seconds, frameBytes: 200 });
  const takePath = (interviewUuid: string, questionUuid: string, takeUuid: string) =>
    `/interviews/${interviewUuid}/questions/${questionUuid}/takes/${takeUuid}`;

  async function transcriptOf(api: ApiClient, path: string, status: string) {
    let last: any;
    await waitFor(async () => {
      last = await api.get(`${path}/transcript`);
      return last.status === 200 && last.body.status === status;
    }, 20_000).catch(() => {
      throw new Error(`${path}/transcript never read ${status}; last: ${JSON.stringify({ status: last?.status, body: last?.body })}`);
    });
    return last.body;
  }

  async function turnOn(api: ApiClient) {
    const on = await api.put('/settings', { transcription: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ transcription: true, transcription_available: true });
  }

  beforeAll(async () => {
    engine = await TranscriptionEngineStandIn.start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem(engine.env({ TRANSCRIPTION_PIECE_SECONDS: '20' }));
    creations = await new InterviewCreations().start(t);
    company = await companyWithJob(t, 'unlimited', { title: 'Platform Engineer' });
  });
  afterAll(async () => {
    await creations.close();
    await t.stop();
    await receiver.close();
    await engine.close();
  });

  it('is off until an administrator turns it on: a company that has it off sends nothing, and its transcripts read off', async () => {
    const settings = await company.api.get('/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ transcription: false, transcription_available: true });

    const answered = await completedInterviewWithTakes(t, company, creations, [[answer(6)]]);
    const take = answered.takes[0];
    const path = takePath(answered.interview.uuid, take.questionUuid, take.uuid);
    // The take is stored and the interview completed: give the events their time, then nothing was sent.
    await waitFor(async () => (await company.api.get(`/interviews/${answered.interview.uuid}`)).body.status === 'completed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(engine.requests).toEqual([]);
    const off = await company.api.get(`${path}/transcript`);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'off', text: '', segments: [] });
    expectError(await company.api.get(`${path}/captions.vtt`), 404, 'api.transcript_not_ready');
    expectError(await company.api.post(`${path}/transcript`), 409, 'api.transcription_off');

    // Only an administrator decides; a standard colleague is refused and nothing changes.
    const stan = await createStandardUser(company.api, (key) => t.as(key), 'stan@transcripts.example');
    expectError(await stan.api.put('/settings', { transcription: true }), 403, 'api.administrator_required');
    expect((await company.api.get('/settings')).body.transcription).toBe(false);
    // Hostile bodies: a clear 400, nothing changed.
    for (const body of [{ transcription: 'yes' }, { transcription: true, extra: 1 }, {}]) {
      expect((await company.api.put('/settings', body)).status).toBe(400);
    }
    expect((await company.api.get('/settings')).body.transcription).toBe(false);

    // Turned on later, an interview completed while it was off is transcribed only when asked.
    await turnOn(company.api);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(engine.requests).toEqual([]);
    const asked = await company.api.post(`${path}/transcript`);
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('pending');
    const done = await transcriptOf(company.api, path, 'done');
    expect(done.segments.length).toBeGreaterThan(0);
  });

  it("transcribes a completed interview's takes as audio in its language: transcript, captions, search, share link and webhook", async () => {
    await createWebhook(company.api, { url: receiver.url(), events: ['TranscriptReady'] });
    const before = engine.requests.length;
    engine.script(['I deployed Kubernetes clusters for five years', 'and kept them running'], ['Teamwork matters to me']);
    const answered = await completedInterviewWithTakes(t, company, creations, [[answer(12)], [answer(7)]]);
    const [first, second] = answered.takes;
    const firstPath = takePath(answered.interview.uuid, first.questionUuid, first.uuid);

    const transcript = await transcriptOf(company.api, firstPath, 'done');
    expect(transcript).toEqual({
      status: 'done',
      language: 'en',
      text: 'I deployed Kubernetes clusters for five years and kept them running',
      segments: [
        { start_ms: 0, end_ms: expect.any(Number), text: 'I deployed Kubernetes clusters for five years' },
        { start_ms: expect.any(Number), end_ms: expect.any(Number), text: 'and kept them running' },
      ],
      updated_at: expect.any(String),
    });
    expectRfc3339Timestamps(transcript);
    expect(transcript.segments[1].start_ms).toBe(transcript.segments[0].end_ms);
    expect(transcript.segments[1].end_ms).toBeGreaterThan(11_000);
    await transcriptOf(company.api, takePath(answered.interview.uuid, second.questionUuid, second.uuid), 'done');

    // What the engine got: the audio alone (no video track), the interview's language, verbose_json with segments.
    const sent = engine.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.problems).toEqual([]);
      expect(request.tracks).toEqual(['audio']);
      expect(request.file?.contentType).toMatch(/^audio\//);
      expect(request.fields).toMatchObject({ model: ['whisper-1'], language: ['en'], response_format: ['verbose_json'] });
    }

    // Captions: WebVTT of the segments.
    const vtt = await fetch(`${t.baseUrl}${firstPath}/captions.vtt`, {
      headers: { authorization: `Basic ${Buffer.from(`${company.apiKey}:`).toString('base64')}` },
    });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    const cues = await vtt.text();
    expect(cues).toMatch(/^WEBVTT\n\n/);
    expect(cues).toContain('00:00:00.000 --> ');
    expect(cues).toContain('I deployed Kubernetes clusters for five years');

    // Search: a word of the transcript finds it (and only it); a word nobody said finds nothing.
    await waitFor(async () => (await company.api.get('/interviews?q=kubernetes')).body.length === 1);
    const found = await company.api.get('/interviews?q=kubernetes');
    expect(found.body.map((i: { uuid: string }) => i.uuid)).toEqual([answered.interview.uuid]);
    expect(found.headers.get('content-range')).toBeDefined();
    expect((await company.api.get('/interviews?q=haskell')).body).toEqual([]);
    expectError(await company.api.get(`/interviews?q=${'x'.repeat(201)}`), 400, 'api.validation_failed');
    // The job's title and the candidate's name are searched too.
    expect((await company.api.get('/interviews?q=Platform%20Engineer')).body.length).toBeGreaterThanOrEqual(2);

    // The webhook: the ids, the language and the status, never the text.
    const told = bodyOf(await receiver.next('TranscriptReady', answered.interview.uuid));
    expect(told).toEqual({ interview_uuid: answered.interview.uuid, take_uuid: expect.any(String), recording_uuid: null, language: 'en', status: 'done' });

    // A share link shows the transcript and the captions of what it shows.
    const link = await company.api.post('/share_links', {
      status: 'active',
      reviewers: [{ name: 'Rex', email: 'rex@reviews.example' }],
      interviews: [{ uuid: answered.interview.uuid }],
    });
    expect(link.status).toBe(201);
    const shared = await openShared(t, tokenOf(link.body[0].url));
    expect(shared.status).toBe(200);
    const sharedTakes = JSON.stringify(shared.body);
    expect(sharedTakes).toContain('I deployed Kubernetes clusters for five years');
    const captionsUrl = /"captions_url":"([^"]+)"/.exec(sharedTakes)?.[1];
    expect(captionsUrl).toBeDefined();
    const sharedVtt = await fetch(new URL(new URL(captionsUrl!, t.baseUrl).pathname, t.baseUrl));
    expect(sharedVtt.status).toBe(200);
    expect(await sharedVtt.text()).toMatch(/^WEBVTT/);
  });

  it("waits out the engine's 429s; a 500 forever fails the transcript, and asking again from the API succeeds", async () => {
    engine.failTimes(1, 429, '1');
    const patient = await completedInterviewWithTakes(t, company, creations, [[answer(4)]]);
    const patientPath = takePath(patient.interview.uuid, patient.takes[0].questionUuid, patient.takes[0].uuid);
    expect((await transcriptOf(company.api, patientPath, 'done')).segments.length).toBeGreaterThan(0);
    expect(engine.requests.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);

    engine.failAlways(500);
    const failing = await completedInterviewWithTakes(t, company, creations, [[answer(4)]]);
    const failingPath = takePath(failing.interview.uuid, failing.takes[0].questionUuid, failing.takes[0].uuid);
    const failed = await transcriptOf(company.api, failingPath, 'failed');
    expect(failed).toMatchObject({ status: 'failed', text: '', segments: [] });
    expect(bodyOf(await receiver.next('TranscriptReady', failing.interview.uuid))).toMatchObject({ status: 'failed' });
    expectError(await company.api.get(`${failingPath}/captions.vtt`), 404, 'api.transcript_not_ready');

    engine.recover();
    const again = await company.api.post(`${failingPath}/transcript`);
    expect(again.status).toBe(202);
    expect(again.body.status).toBe('pending');
    expect((await transcriptOf(company.api, failingPath, 'done')).segments.length).toBeGreaterThan(0);
  });

  it("sends a live call's long recording in pieces and joins their segments at the right offsets", async () => {
    const interview = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: inFuture(5 * 60_000) }));
    const started = await company.api.post(`/interviews/${interview.uuid}/recordings`, { content_type: 'video/webm' });
    expect(started.status).toBe(201);
    const recordingUuid = started.body.uuid as string;
    // 30 s of call in two parts; pieces are at most 20 s here (TRANSCRIPTION_PIECE_SECONDS).
    const video = webmFile({ seconds: 30, frameBytes: 200 });
    const half = Math.floor(video.length / 2);
    for (const [n, part] of [video.subarray(0, half), video.subarray(half)].entries()) {
      const put = await company.api.request('PUT', `/interviews/${interview.uuid}/recordings/${recordingUuid}/parts/${n}`, {
        rawBody: part,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(put.status).toBe(204);
    }
    const before = engine.transcribed.length;
    expect((await company.api.post(`/interviews/${interview.uuid}/recordings/${recordingUuid}/end`)).status).toBe(200);

    const path = `/interviews/${interview.uuid}/recordings/${recordingUuid}`;
    const transcript = await transcriptOf(company.api, path, 'done');
    const pieces = engine.transcribed.slice(before);
    expect(pieces).toHaveLength(2);
    expect(pieces.every((p) => p.tracks.join() === 'audio')).toBe(true);
    expect(pieces[0].durationSeconds).toBeLessThanOrEqual(20.5);
    expect(pieces[0].durationSeconds + pieces[1].durationSeconds).toBeGreaterThan(29);
    // The stand-in answers one segment per 5 s of each piece: the second piece's first segment starts where the
    // first piece ended, not at 0.
    const starts = transcript.segments.map((s: { start_ms: number }) => s.start_ms);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const secondPieceStart = Math.round(pieces[0].durationSeconds * 1000);
    expect(starts.some((s: number) => Math.abs(s - secondPieceStart) <= 100)).toBe(true);
    expect(transcript.segments.at(-1).end_ms).toBeGreaterThan(29_000);
    expect(bodyOf(await receiver.next('TranscriptReady', interview.uuid))).toEqual({
      interview_uuid: interview.uuid,
      take_uuid: null,
      recording_uuid: recordingUuid,
      language: 'en',
      status: 'done',
    });

    // Completed, the call is shared: the link's recording carries its transcript and its captions.
    expect((await company.api.put(`/interviews/${interview.uuid}`, { status: 'completed' })).status).toBe(201);
    const link = await company.api.post('/share_links', {
      status: 'active',
      reviewers: [{ name: 'Rae', email: 'rae@reviews.example' }],
      interviews: [{ uuid: interview.uuid }],
    });
    expect(link.status).toBe(201);
    const shared = await openShared(t, tokenOf(link.body[0].url));
    const recording = shared.body.interviews[0].recordings.find((r: { uuid: string }) => r.uuid === recordingUuid);
    expect(recording.transcript).toMatchObject({ status: 'done', segments: transcript.segments });
    const vtt = await fetch(new URL(new URL(recording.captions_url, t.baseUrl).pathname, t.baseUrl));
    expect(vtt.status).toBe(200);
    expect((await vtt.text()).split('-->').length - 1).toBe(transcript.segments.length);
  });

  it("a superseded take's transcript goes with its video: its words are no longer found, and the service forgets it", async () => {
    engine.script(['At first I said Ansible'], ['Then I said Pulumi']);
    const answered = await completedInterviewWithTakes(t, company, creations, [[answer(4), answer(5)]]);
    const [retaken, latest] = answered.takes;
    const retakenPath = takePath(answered.interview.uuid, retaken.questionUuid, retaken.uuid);
    await transcriptOf(company.api, retakenPath, 'done');
    await transcriptOf(company.api, takePath(answered.interview.uuid, latest.questionUuid, latest.uuid), 'done');
    await waitFor(async () => (await company.api.get('/interviews?q=ansible')).body.length === 1);

    // SUPERSEDED_TAKE_GRACE (1 h) after the second take, the sweep removes the first: its video, its words, its text.
    await t.system.interviews.retention.sweep(new Date(Date.now() + 3600_000 + 1_000));
    expect((await company.api.get('/interviews?q=ansible')).body).toEqual([]);
    expect((await company.api.get('/interviews?q=pulumi')).body.map((i: { uuid: string }) => i.uuid)).toEqual([answered.interview.uuid]);
    expectError(await company.api.get(`${retakenPath}/transcript`), 404, 'api.take_not_found');
    await waitFor(async () => (await countRows(t, 'transcription.transcripts', sql`source_uuid = ${retaken.uuid}`)) === 0, 10_000);
    expect(await countRows(t, 'transcription.transcripts', sql`source_uuid = ${latest.uuid}`)).toBe(1);
  });

  it('erasing the job seeker takes their transcripts and their search away', async () => {
    engine.script(['My favourite tool is Terraform']);
    const answered = await completedInterviewWithTakes(t, company, creations, [[answer(5)]]);
    const path = takePath(answered.interview.uuid, answered.takes[0].questionUuid, answered.takes[0].uuid);
    await transcriptOf(company.api, path, 'done');
    await waitFor(async () => (await company.api.get('/interviews?q=terraform')).body.length === 1);

    const erasedEmail = answered.interview.assigned_to.email as string;
    await eraseJobSeeker(
      {
        identity: `127.0.0.1:${t.system.identity.grpcPort}`,
        interviews: `127.0.0.1:${t.system.interviews.grpcPort}`,
        notifications: `127.0.0.1:${t.system.notifications.grpcPort}`,
      },
      t.env.INTERNAL_JWT_SECRET!,
      erasedEmail,
    );
    expect((await company.api.get('/interviews?q=terraform')).body).toEqual([]);
    // Once the outboxes' day has passed (the published TranscriptReady carried the text), no table holds a word of it.
    const { identity, jobs, interviews, sharing, notifications, evaluations, transcription } = t.system;
    for (const service of [identity, jobs, interviews, sharing, notifications, evaluations, transcription]) {
      await service.retention.sweep(new Date(Date.now() + 25 * 3600_000));
    }
    await waitFor(async () => !(await databaseDump(t)).join('\n').includes('Terraform'), 10_000);
  });
});

describe('transcripts with no engine configured', () => {
  let t: TestSystem;
  let creations: InterviewCreations;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  beforeAll(async () => {
    t = await startTestSystem({ TRANSCRIPTION_URL: '' });
    creations = await new InterviewCreations().start(t);
    company = await companyWithJob(t);
  });
  afterAll(async () => {
    await creations.close();
    await t.stop();
  });

  it('reads off everywhere and changes nothing else', async () => {
    const settings = await company.api.get('/settings');
    expect(settings.body).toMatchObject({ transcription: false, transcription_available: false });
    // The choice is kept, but nothing is transcribed without an engine.
    expect((await company.api.put('/settings', { transcription: true })).body).toMatchObject({ transcription: true, transcription_available: false });
    const answered = await completedInterviewWithTakes(t, company, creations, [[webmFile({ seconds: 3 })]]);
    const path = `/interviews/${answered.interview.uuid}/questions/${answered.takes[0].questionUuid}/takes/${answered.takes[0].uuid}`;
    expect((await company.api.get(`${path}/transcript`)).body).toMatchObject({ status: 'off' });
    expectError(await company.api.post(`${path}/transcript`), 409, 'api.transcription_off');
    // The candidate is not told their answers are transcribed: nothing is.
    const token = await creations.candidateToken(answered.interview.uuid);
    const seen = await fetch(`${t.baseUrl}/candidate/interviews/${answered.interview.uuid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await seen.json()) as { transcribed: boolean }).transcribed).toBe(false);
  });
});
