import type { BusMessage } from '@vi/platform-bus';
import { waitFor, mp4File, webmFile, webmHeader } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectHugeRangesAnswered, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';

describe('takes: recorded answers, streamed in and out', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let jobUuid: string;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    // A due time moved earlier reaches a link the gateway resolved before within PRINCIPAL_CACHE_TTL_MS: 1 s here.
    t = await startTestSystem({ MAX_TAKE_BYTES: String(40 * 1024 * 1024), INTERVIEW_EXPIRY_SWEEP_MS: '200', PRINCIPAL_CACHE_TTL_MS: '1000' });
    await t.system.bus.subscribe({ subjects: ['interviews.interview.created'], handler: async (m) => void events.push(m) });
    company = await t.createCompany();
    jobUuid = (await company.api.post('/jobs', { title: 'Video Editor', locality: { work_mode: 'remote', work_place: '' } })).body.uuid;
  });
  afterAll(() => t.stop());

  async function acceptedInterview(email: string) {
    const created = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name: 'Taylor Take', email },
      job_post: { uuid: jobUuid },
      questions: [
        { text: 'Show us your reel', time_limit: 60, takes: 2 },
        { text: 'Anything else?', time_limit: 30 },
        { text: 'Walk us through a project', time_limit: 90, takes: 1 },
      ],
    });
    const uuid = created.body.uuid as string;
    await waitFor(() => events.some((e) => (e.payload as { interview: { uuid: string } }).interview.uuid === uuid));
    const token = await t.candidateLinks.token(uuid);
    const auth = { authorization: `Bearer ${token}` };
    const candidate = new ApiClient(t.baseUrl, undefined);
    await candidate.request('POST', `/candidate/interviews/${uuid}/accept`, { headers: auth });
    const questions = created.body.questions as Array<{ uuid: string }>;
    const upload = (questionUuid: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      fetch(`${t.baseUrl}/candidate/interviews/${uuid}/questions/${questionUuid}/takes`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'video/webm', ...headers },
        body,
        duplex: 'half',
      } as RequestInit).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    /** What a refused upload must have left: no take counted, listed or kept on disk. */
    const expectNothingStored = async (questionUuid: string, takesCompleted = 0) => {
      const seen = await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth });
      const question = (seen.body.questions as Array<{ uuid: string; takes: { completed: number } }>).find((q) => q.uuid === questionUuid)!;
      expect(question.takes.completed).toBe(takesCompleted);
      expect(await t.storedVideos(uuid)).toHaveLength(takesCompleted);
    };
    /** Skips the questions not answered and completes: from then on the company sees the takes (decision 042). */
    const complete = async () => {
      const seen = await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth });
      for (const question of seen.body.questions as Array<{ uuid: string; completed: boolean }>) {
        if (!question.completed) await candidate.request('POST', `/candidate/interviews/${uuid}/questions/${question.uuid}/skip`, { headers: auth });
      }
      expect((await candidate.request('POST', `/candidate/interviews/${uuid}/complete`, { headers: auth })).status).toBe(200);
    };
    return { uuid, questions, auth, candidate, upload, expectNothingStored, complete };
  }

  it('stores a take, counts it, and serves the video whole and by range', async () => {
    const { uuid, questions, auth, candidate, upload, complete } = await acceptedInterview('reel@example.com');
    const video = webmFile({ seconds: 42.5, frameBytes: 700 });
    const stored = await upload(questions[0].uuid, video);
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      uuid: expect.any(String),
      question_uuid: questions[0].uuid,
      number: 1,
      content_type: 'video/webm',
      size: video.length,
      duration_seconds: 42.48, // its last block: an audio packet
      created_at: expect.any(String),
      kind: 'video',
    });
    expectRfc3339Timestamps(stored.body);

    const question = await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth });
    expect(question.body.questions[0]).toMatchObject({ completed: true, takes: { completed: 1, remaining: 1, limit: 2 } });
    expect(question.body.questions[0].started_at).toMatch(/\+00:00$/);

    // The company sees no take until the candidate has finished: neither listed nor its video.
    const path = `${t.baseUrl}/interviews/${uuid}/questions/${questions[0].uuid}/takes/${stored.body.uuid}/video`;
    const basic = { authorization: `Basic ${Buffer.from(`${company.apiKey}:`).toString('base64')}` };
    expectError(await company.api.get(`/interviews/${uuid}/questions/${questions[0].uuid}/takes`), 403, 'api.interview_takes_not_visible');
    expect((await fetch(path, { headers: basic })).status).toBe(403);
    await complete();
    const listed = await company.api.get(`/interviews/${uuid}/questions/${questions[0].uuid}/takes`);
    expect(listed.body).toEqual([stored.body]);
    // In the storage this run uses (a directory, or the bucket with TEST_MEDIA_STORAGE=s3).
    expect(await t.storedVideos(uuid)).toEqual([expect.stringMatching(new RegExp(`^${uuid}/[0-9a-f-]+\\.webm$`))]);

    const whole = await fetch(path, { headers: basic });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await fetch(path, { headers: { ...basic, range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await fetch(path, { headers: { ...basic, range: 'bytes=-500' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${video.length - 500}-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 500))).toBe(true);

    const beyond = await fetch(path, { headers: { ...basic, range: `bytes=${video.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(((await beyond.json()) as { code: string }).code).toBe('api.range_not_satisfiable');
    await expectHugeRangesAnswered((range) => fetch(path, { headers: { ...basic, range } }), video);

    // The candidate token does not open the company's video.
    expect((await fetch(path, { headers: auth })).status).toBe(404);
  });

  it('after the due time, the link opens the upload of a take recorded across it and nothing else; the company sees it once expired', async () => {
    const { uuid, questions, auth, candidate, upload } = await acceptedInterview('late@example.com');
    expect((await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth })).body.status).toBe('accepted');
    // Once accepted, the company moves the due time to 2 s from now (the link in hand stays the candidate's).
    const due = Math.ceil((Date.now() + 2_000) / 1000) * 1000;
    expect((await company.api.put(`/interviews/${uuid}`, { scheduled_at: new Date(due).toISOString().replace(/\.\d{3}Z$/, '+00:00') })).status).toBe(201);
    // Time itself is under test: the recording runs across the due time.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 1_000));
    expectError(await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth }), 401, 'api.candidate_token_invalid');
    expectError(
      await candidate.request('POST', `/candidate/interviews/${uuid}/questions/${questions[1].uuid}/skip`, { headers: auth }),
      401,
      'api.candidate_token_invalid',
    );
    // Eight seconds long, arriving a second or two after the due time: it started before it.
    const late = await upload(questions[0].uuid, webmFile({ seconds: 8 }));
    expect(late.status).toBe(201);
    // The sweep expires the unfinished interview; its answered question is the company's to see from then on.
    await waitFor(async () => (await company.api.get(`/interviews/${uuid}`)).body.status === 'expired');
    const listed = await company.api.get(`/interviews/${uuid}/questions/${questions[0].uuid}/takes`);
    expect(listed.body).toEqual([late.body]);
  });

  it('reports the length measured from a WebM without a Duration, whatever length the client declares', async () => {
    const { uuid, questions, upload, complete } = await acceptedInterview('measured-webm@example.com');
    // MediaRecorder's shape: Segment and Clusters of unknown size, no Duration, no Cues.
    const stored = await upload(questions[0].uuid, webmFile({ seconds: 58.3 }), { 'x-take-duration-seconds': '12' });
    expect(stored.status).toBe(201);
    expect(stored.body.duration_seconds).toBe(58.28);
    await complete();
    const listed = await company.api.get(`/interviews/${uuid}/questions/${questions[0].uuid}/takes`);
    expect(listed.body.map((take: { duration_seconds: number }) => take.duration_seconds)).toEqual([58.28]);
  });

  it('measures a fragmented MP4 and tolerates 2 seconds past the limit', async () => {
    const { questions, upload } = await acceptedInterview('measured-mp4@example.com');
    const fragmented = await mp4File({ seconds: 61.5, fragmented: true });
    const stored = await upload(questions[0].uuid, fragmented, { 'content-type': 'video/mp4' });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ content_type: 'video/mp4', size: fragmented.length, duration_seconds: 61.5 });
  });

  it('refuses a WebM or an MP4 longer than the limit and keeps nothing of it', async () => {
    const { questions, upload, expectNothingStored } = await acceptedInterview('too-long@example.com');
    // A short declared length does not help: the container says 65 s on a 60 s question.
    const longWebm = await upload(questions[0].uuid, webmFile({ seconds: 65 }), { 'x-take-duration-seconds': '30' });
    expectError(longWebm, 400, 'api.take_too_long');
    expect(longWebm.body.reason).toMatch(/64\.98 seconds.*allows 60 seconds/);
    await expectNothingStored(questions[0].uuid);

    const longMp4 = await upload(questions[1].uuid, await mp4File({ seconds: 33 }), { 'content-type': 'video/mp4' });
    expectError(longMp4, 400, 'api.take_too_long');
    await expectNothingStored(questions[1].uuid);
    const longFragmented = await upload(questions[2].uuid, await mp4File({ seconds: 100, fragmented: true }), { 'content-type': 'video/mp4' });
    expectError(longFragmented, 400, 'api.take_too_long');
    await expectNothingStored(questions[2].uuid);

    // The refusals used no take: the one take of the third question is still there.
    expect((await upload(questions[2].uuid, webmFile({ seconds: 80 }))).status).toBe(201);
  });

  it('refuses a body that is not a WebM or MP4 video, or not the type it is sent as, and keeps nothing of it', async () => {
    const { questions, upload, expectNothingStored } = await acceptedInterview('not-video@example.com');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(20_000, 3)]);
    for (const body of [png, Buffer.from('just some text, not a video'), Buffer.alloc(0), Buffer.from([0x1a])]) {
      expectError(await upload(questions[0].uuid, body), 400, 'api.take_not_video');
    }
    const mislabeled = await upload(questions[0].uuid, await mp4File({ seconds: 5 }), { 'content-type': 'video/webm' });
    expectError(mislabeled, 400, 'api.take_not_video');
    expect(mislabeled.body.reason).toMatch(/video\/mp4/);
    await expectNothingStored(questions[0].uuid);
  });

  it('takes the declared length only for a container without readable timing, within the limit', async () => {
    const { questions, upload, expectNothingStored } = await acceptedInterview('hint@example.com');
    // A WebM cut off after its header: a container, but no frame to time.
    const untimed = webmHeader();
    const undeclared = await upload(questions[1].uuid, untimed);
    expectError(undeclared, 400, 'api.validation_failed');
    expect(undeclared.body.errors[0].field).toBe('X-Take-Duration-Seconds');
    expectError(await upload(questions[1].uuid, untimed, { 'x-take-duration-seconds': '45' }), 400, 'api.take_too_long');
    await expectNothingStored(questions[1].uuid);

    const declared = await upload(questions[1].uuid, untimed, { 'x-take-duration-seconds': '27.5' });
    expect(declared.status).toBe(201);
    expect(declared.body.duration_seconds).toBe(27.5);
  });

  it('refuses takes past the limit, of another type, or with a declared length that is not one', async () => {
    const { questions, upload } = await acceptedInterview('limits@example.com');
    expect((await upload(questions[0].uuid, webmFile({ seconds: 3 }))).status).toBe(201);
    expect((await upload(questions[0].uuid, webmFile({ seconds: 4 }))).status).toBe(201);
    const third = await upload(questions[0].uuid, webmFile({ seconds: 5 }));
    expectError(third, 403, 'api.question_takes_exhausted');

    expectError(await upload(questions[1].uuid, webmFile({ seconds: 3 }), { 'content-type': 'image/png' }), 415, 'api.unsupported_media_type');
    const notSeconds = await upload(questions[1].uuid, webmFile({ seconds: 3 }), { 'x-take-duration-seconds': 'soon' });
    expectError(notSeconds, 400, 'api.validation_failed');
    expect(notSeconds.body.errors[0].field).toBe('X-Take-Duration-Seconds');
  });

  it('refuses a video over MAX_TAKE_BYTES with 413 and keeps nothing of it', async () => {
    const { uuid, questions, upload } = await acceptedInterview('too-large@example.com');
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // A video's first bytes, then filler past the limit.
        if (sent++ === 0) controller.enqueue(webmHeader());
        else if (sent < 43) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const refused = await upload(questions[0].uuid, body);
    expectError(refused, 413, 'api.take_too_large');
    expect(await t.storedVideos(uuid)).toEqual([]);
  }, 120_000);
});
