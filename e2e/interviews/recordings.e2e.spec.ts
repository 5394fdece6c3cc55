import { waitFor, webmFile } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectHugeRangesAnswered, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { openShared, tokenOf } from '../sharing/sharing-helpers';
import { companyWithJob, createInterview, inFuture, interviewBody, liveBody, UUID } from './interview-helpers';

/**
 * The idle time after which the service finishes a recording whose uploader vanished: short for the spec, yet long
 * enough that no pause between two parts of the other tests (a busy CI machine) ends their recordings.
 */
const IDLE_FINISH = '8s';

describe("recordings of live interviews' calls: sent in parts, joined, measured, played and shared", () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  // A 30-second recording as MediaRecorder writes it, cut into parts as its timeslice would.
  const video = webmFile({ seconds: 30, frameBytes: 400 });
  const parts = [0, 1, 2, 3].map((i) => video.subarray(Math.floor((i * video.length) / 4), Math.floor(((i + 1) * video.length) / 4)));

  beforeAll(async () => {
    t = await startTestSystem({ RECORDING_IDLE_FINISH: IDLE_FINISH });
    company = await companyWithJob(t);
  });
  afterAll(() => t.stop());

  const putPart = (api: ApiClient, interviewUuid: string, recordingUuid: string, n: number | string, body: Buffer) =>
    api.request('PUT', `/interviews/${interviewUuid}/recordings/${recordingUuid}/parts/${n}`, {
      rawBody: body,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const basic = () => ({ authorization: `Basic ${Buffer.from(`${company.apiKey}:`).toString('base64')}` });

  async function startedRecording() {
    // Its call is being held: inside the join window (15 minutes before the time to 3 hours after).
    const interview = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: inFuture(5 * 60_000) }));
    const started = await company.api.post(`/interviews/${interview.uuid}/recordings`, { content_type: 'video/webm' });
    expect(started.status).toBe(201);
    return { interview, recording: started.body };
  }

  it('stores the parts in order, joins them into one video when it ends, measures it, and serves it whole and by range', async () => {
    const { interview, recording } = await startedRecording();
    expect(recording).toEqual({
      uuid: expect.stringMatching(UUID),
      started_at: expect.any(String),
      ended_at: null,
      duration_seconds: null,
      content_type: 'video/webm',
      size: 0,
    });
    expectRfc3339Timestamps(recording);

    for (const [n, part] of parts.slice(0, 3).entries()) expect((await putPart(company.api, interview.uuid, recording.uuid, n, part)).status).toBe(204);
    // A retried part (its answer lost) changes nothing; a part out of order is refused.
    expect((await putPart(company.api, interview.uuid, recording.uuid, 1, parts[1])).status).toBe(204);
    expectError(await putPart(company.api, interview.uuid, recording.uuid, 4, parts[3]), 409, 'api.recording_part_out_of_order');
    const going = await company.api.get(`/interviews/${interview.uuid}/recordings`);
    expect(going.body).toEqual([{ ...recording, size: parts[0].length + parts[1].length + parts[2].length }]);
    expectError(await company.api.get(`/interviews/${interview.uuid}/recordings/${recording.uuid}/video`), 409, 'api.recording_in_progress');
    expect((await putPart(company.api, interview.uuid, recording.uuid, 3, parts[3])).status).toBe(204);

    const ended = await company.api.post(`/interviews/${interview.uuid}/recordings/${recording.uuid}/end`);
    expect(ended.status).toBe(200);
    // Measured from the joined container: its last block (an audio packet) ends the recording.
    expect(ended.body).toEqual({ ...recording, ended_at: expect.any(String), duration_seconds: 29.98, size: video.length });
    expectRfc3339Timestamps(ended.body);
    expect((await company.api.get(`/interviews/${interview.uuid}/recordings`)).body).toEqual([ended.body]);
    // One video left in the run's storage (a directory, or the bucket with TEST_MEDIA_STORAGE=s3): the parts are gone.
    expect(await t.storedVideos(interview.uuid)).toEqual([
      expect.stringMatching(new RegExp(`^${interview.uuid}/recordings/${recording.uuid}-[0-9a-f-]+\\.webm$`)),
    ]);

    const path = `${t.baseUrl}/interviews/${interview.uuid}/recordings/${recording.uuid}/video`;
    const whole = await fetch(path, { headers: basic() });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const range = await fetch(path, { headers: { ...basic(), range: 'bytes=100-1099' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(100, 1100))).toBe(true);
    await expectHugeRangesAnswered((range) => fetch(path, { headers: { ...basic(), range } }), video);

    // Ended: a late part is refused, ending again answers it as it is, a retried part is still accepted.
    expectError(await putPart(company.api, interview.uuid, recording.uuid, 4, parts[0]), 409, 'api.recording_ended');
    expect((await company.api.post(`/interviews/${interview.uuid}/recordings/${recording.uuid}/end`)).body).toEqual(ended.body);
    expect((await putPart(company.api, interview.uuid, recording.uuid, 3, parts[3])).status).toBe(204);
  });

  it('refuses what cannot be recorded, and keeps nothing of a refused part', async () => {
    const oneWay = await createInterview(company.api, interviewBody(company.job.uuid));
    expectError(await company.api.post(`/interviews/${oneWay.uuid}/recordings`, { content_type: 'video/webm' }), 400, 'api.interview_not_live');
    // A call 30 days ahead cannot be recorded yet: nobody can be in it.
    const ahead = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: inFuture(30 * 86_400_000) }));
    expectError(await company.api.post(`/interviews/${ahead.uuid}/recordings`, { content_type: 'video/webm' }), 400, 'api.interview_join_not_open');
    expect((await company.api.get(`/interviews/${ahead.uuid}/recordings`)).body).toEqual([]);
    const { interview, recording } = await startedRecording();
    expectError(await company.api.post(`/interviews/${interview.uuid}/recordings`, { content_type: 'video/ogg' }), 400, 'api.validation_failed');
    expectError(await putPart(company.api, interview.uuid, recording.uuid, 0, Buffer.from('not a video at all')), 400, 'api.take_not_video');
    expectError(await putPart(company.api, interview.uuid, recording.uuid, 'first', parts[0]), 400, 'api.validation_failed');
    expect(await t.storedVideos(interview.uuid)).toEqual([]);
    expect((await company.api.get(`/interviews/${interview.uuid}/recordings`)).body).toMatchObject([{ size: 0 }]);

    // Another company sees neither the interview nor its recording.
    const other = await t.createCompany();
    expectError(await other.api.get(`/interviews/${interview.uuid}/recordings`), 404, 'api.interview_not_found');
    expectError(await putPart(other.api, interview.uuid, recording.uuid, 0, parts[0]), 404, 'api.interview_not_found');
    expectError(await company.api.post(`/interviews/${interview.uuid}/recordings/${oneWay.uuid}/end`), 404, 'api.recording_not_found');

    // Canceled: no new recording.
    await company.api.put(`/interviews/${interview.uuid}`, { status: 'canceled' });
    expectError(await company.api.post(`/interviews/${interview.uuid}/recordings`, { content_type: 'video/webm' }), 400, 'api.interview_already_canceled');
  });

  it('finishes by itself a recording whose uploader vanished, keeping what arrived', async () => {
    const { interview, recording } = await startedRecording();
    const sent = Buffer.concat(parts.slice(0, 2));
    for (const n of [0, 1]) expect((await putPart(company.api, interview.uuid, recording.uuid, n, parts[n])).status).toBe(204);

    // The browser is gone: no end comes. After RECORDING_IDLE_FINISH the service ends it.
    let listed: any[] = [];
    await waitFor(
      async () => {
        listed = (await company.api.get(`/interviews/${interview.uuid}/recordings`)).body;
        return listed[0].duration_seconds !== null;
      },
      15_000,
      200,
    );
    expect(listed[0]).toMatchObject({ uuid: recording.uuid, size: sent.length, ended_at: expect.any(String) });
    // About half of the 30 seconds arrived (a part ends mid-cluster; the measure reads up to its last whole block).
    expect(listed[0].duration_seconds).toBeGreaterThan(10);
    expect(listed[0].duration_seconds).toBeLessThan(16);
    const played = await fetch(`${t.baseUrl}/interviews/${interview.uuid}/recordings/${recording.uuid}/video`, { headers: basic() });
    expect(Buffer.from(await played.arrayBuffer()).equals(sent)).toBe(true);
  });

  it("shows a completed interview's recordings through its share link, and streams them to the reviewer", async () => {
    const { interview, recording } = await startedRecording();
    for (const [n, part] of parts.entries()) await putPart(company.api, interview.uuid, recording.uuid, n, part);
    const ended = (await company.api.post(`/interviews/${interview.uuid}/recordings/${recording.uuid}/end`)).body;
    // One still being recorded is not shown.
    await startedRecording();
    expect((await company.api.put(`/interviews/${interview.uuid}`, { status: 'completed' })).status).toBe(201);
    const link = (await company.api.post(`/interviews/${interview.uuid}/share_link`)).body;
    const token = tokenOf(link.url);

    const opened = await openShared(t, token);
    expect(opened.status).toBe(200);
    expect(opened.body.interviews[0]).toMatchObject({ uuid: interview.uuid, type: 'live', questions: [] });
    expect(opened.body.interviews[0].recordings).toEqual([
      {
        uuid: recording.uuid,
        started_at: ended.started_at,
        ended_at: ended.ended_at,
        duration_seconds: 29.98,
        content_type: 'video/webm',
        size: video.length,
        video_url: `${new URL(link.url).origin}/v1.0/public/share/${token}/recordings/${recording.uuid}/video`,
        // Nothing transcribed (decision 073).
        transcript: null,
        captions_url: null,
      },
    ]);
    const shared = await fetch(`${t.baseUrl}/public/share/${token}/recordings/${recording.uuid}/video`, { headers: { range: 'bytes=0-99' } });
    expect(shared.status).toBe(206);
    expect(Buffer.from(await shared.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
    await expectHugeRangesAnswered((range) => fetch(`${t.baseUrl}/public/share/${token}/recordings/${recording.uuid}/video`, { headers: { range } }), video);
    expect((await fetch(`${t.baseUrl}/public/share/${token}/recordings/${interview.uuid}/video`)).status).toBe(404);
  });

  it('erases the recordings with the interview once the deleted media grace has passed', async () => {
    const { interview, recording } = await startedRecording();
    await putPart(company.api, interview.uuid, recording.uuid, 0, parts[0]);
    expect(await t.storedVideos(interview.uuid)).toHaveLength(1);
    expect((await company.api.delete(`/interviews/${interview.uuid}`)).status).toBe(204);
    await t.system.interviews.retention.sweep(new Date(Date.now() + 2 * 3600_000));
    expect(await t.storedVideos(interview.uuid)).toEqual([]);
  });
});
