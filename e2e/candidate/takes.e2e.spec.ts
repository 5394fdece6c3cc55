import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BusMessage } from '@vi/platform-bus';
import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';

describe('takes: recorded answers, streamed in and out', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let jobUuid: string;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestSystem({ MAX_TAKE_BYTES: String(160 * 1024 * 1024) });
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
      ],
    });
    const uuid = created.body.uuid as string;
    await waitFor(() => events.some((e) => (e.payload as { interview: { uuid: string } }).interview.uuid === uuid));
    const event = events.find((e) => (e.payload as { interview: { uuid: string } }).interview.uuid === uuid)!;
    const token = new URL((event.payload as { invitation: { candidate_url: string } }).invitation.candidate_url).searchParams.get('token')!;
    const auth = { authorization: `Bearer ${token}` };
    const candidate = new ApiClient(t.baseUrl, undefined);
    await candidate.request('POST', `/candidate/interviews/${uuid}/accept`, { headers: auth });
    const questions = created.body.questions as Array<{ uuid: string }>;
    const upload = (questionUuid: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      fetch(`${t.baseUrl}/candidate/interviews/${uuid}/questions/${questionUuid}/takes`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'video/webm', 'x-take-duration-seconds': '42.5', ...headers },
        body,
        duplex: 'half',
      } as RequestInit).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    return { uuid, questions, auth, candidate, upload };
  }

  it('stores a take, counts it, and serves the video whole and by range', async () => {
    const { uuid, questions, auth, candidate, upload } = await acceptedInterview('reel@example.com');
    const video = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const stored = await upload(questions[0].uuid, video);
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      uuid: expect.any(String),
      question_uuid: questions[0].uuid,
      number: 1,
      content_type: 'video/webm',
      size: video.length,
      duration_seconds: 42.5,
      created_at: expect.any(String),
    });
    expectRfc3339Timestamps(stored.body);

    const question = await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth });
    expect(question.body.questions[0]).toMatchObject({ completed: true, takes: { completed: 1, remaining: 1, limit: 2 } });
    expect(question.body.questions[0].started_at).toMatch(/\+00:00$/);

    const listed = await company.api.get(`/interviews/${uuid}/questions/${questions[0].uuid}/takes`);
    expect(listed.body).toEqual([stored.body]);

    const path = `${t.baseUrl}/interviews/${uuid}/questions/${questions[0].uuid}/takes/${stored.body.uuid}/video`;
    const basic = { authorization: `Basic ${Buffer.from(`${company.apiKey}:`).toString('base64')}` };
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

    // The candidate token does not open the company's video.
    expect((await fetch(path, { headers: auth })).status).toBe(404);
  });

  it('refuses takes past the limit, too long, or of another type', async () => {
    const { questions, upload } = await acceptedInterview('limits@example.com');
    expect((await upload(questions[0].uuid, Buffer.from('one'))).status).toBe(201);
    expect((await upload(questions[0].uuid, Buffer.from('two'))).status).toBe(201);
    const third = await upload(questions[0].uuid, Buffer.from('three'));
    expectError(third, 403, 'api.question_takes_exhausted');

    const tooLong = await upload(questions[1].uuid, Buffer.from('x'), { 'x-take-duration-seconds': '31' });
    expectError(tooLong, 400, 'api.validation_failed');
    expect(tooLong.body.errors[0].field).toBe('X-Take-Duration-Seconds');
    expectError(await upload(questions[1].uuid, Buffer.from('x'), { 'content-type': 'image/png' }), 415, 'api.unsupported_media_type');
    expectError(await upload(questions[1].uuid, Buffer.from('x'), { 'x-take-duration-seconds': 'soon' }), 400, 'api.validation_failed');
  });

  it('refuses a video over MAX_TAKE_BYTES with 413 and keeps nothing of it', async () => {
    const { uuid, questions, upload } = await acceptedInterview('too-large@example.com');
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 161) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const refused = await upload(questions[0].uuid, body);
    expectError(refused, 413, 'api.take_too_large');
    expect(readdirSync(join(t.env.MEDIA_DIR!, uuid))).toEqual([]);
    expect((await company.api.get(`/interviews/${uuid}/questions/${questions[0].uuid}/takes`)).body).toEqual([]);
  }, 120_000);
});
