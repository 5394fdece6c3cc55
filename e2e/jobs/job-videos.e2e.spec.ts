import type { BusMessage, Subscription } from '@vi/platform-bus';
import { mp4File, waitFor, webmFile } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectHugeRangesAnswered, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { collectJobEvents, createJob } from './job-helpers';

/**
 * Job videos (decision 046) through the API, in the run's media storage (a directory, or s3rver with
 * TEST_MEDIA_STORAGE=s3): set, replace, remove, the public URL with its ranges, the refusals that keep nothing,
 * `JobUpdated` on the bus, and the video on an open interview's public side.
 */
describe('job videos: PUT/DELETE /jobs/<uuid>/video and their public URL', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let messages: BusMessage<any>[];
  let subscription: Subscription;
  const anyone = () => new ApiClient('', undefined);

  beforeAll(async () => {
    t = await startTestSystem({ MAX_JOB_VIDEO_BYTES: String(2 * 1024 * 1024) });
    ({ messages, subscription } = await collectJobEvents(t.system.bus));
    company = await t.createCompany();
  });
  afterAll(async () => {
    await subscription.close();
    await t.stop();
  });

  const putVideo = (api: ApiClient, jobUuid: string, body: Buffer, contentType = 'video/webm') =>
    api.request('PUT', `/jobs/${jobUuid}/video`, { rawBody: body, headers: { 'content-type': contentType } });
  const updatesOf = (jobUuid: string) => messages.filter((m) => m.subject === 'jobs.job.updated' && m.payload.uuid === jobUuid);
  const stored = (jobUuid: string) => t.storedVideos(`jobs/${jobUuid}`);
  /** The public URL (on PUBLIC_BASE_URL, http://localhost:8080 by default) on this run's gateway. */
  const here = (url: string) => `${new URL(t.baseUrl).origin}${new URL(url).pathname}`;
  /** The public URL as a player fetches it: no key. */
  const play = (url: string, headers: Record<string, string> = {}) => fetch(here(url), { headers });
  /** A refusal of the public URL, checked against the API description like any response. */
  const refused = async (url: string) => anyone().request('GET', here(url), {});

  it('sets a video measured by the server, shows it on every read, raises JobUpdated, and plays it without a key, by range too', async () => {
    const job = await createJob(company.api, { title: 'Video producer' });
    expect(job.job_video).toBeNull();
    const video = webmFile({ seconds: 42.5, frameBytes: 700 });

    const set = await putVideo(company.api, job.uuid, video);
    expect(set.status).toBe(200);
    expect(set.body.job_video).toEqual({
      uuid: expect.any(String),
      url: `http://localhost:8080/v1.0/public/job_videos/${set.body.job_video.uuid}`,
      duration_seconds: 42.48,
      content_type: 'video/webm',
      size: video.length,
      created_at: expect.any(String),
      captions_url: null,
    });
    expectRfc3339Timestamps(set.body);
    expect((await company.api.get(`/jobs/${job.uuid}`)).body).toEqual(set.body);
    const listed = (await company.api.get('/jobs')).body.find((j: { uuid: string }) => j.uuid === job.uuid);
    expect(listed.job_video).toEqual(set.body.job_video);
    await waitFor(() => updatesOf(job.uuid).length === 1);
    expect(updatesOf(job.uuid)[0].payload).toEqual(set.body);
    expect(await stored(job.uuid)).toEqual([`jobs/${job.uuid}/${set.body.job_video.uuid}.webm`]);

    const url: string = set.body.job_video.url;
    const whole = await play(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const part = await play(url, { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    expectError(await anyone().request('GET', here(url), { headers: { range: `bytes=${video.length + 10}-` } }), 416, 'api.range_not_satisfiable');
    await expectHugeRangesAnswered((range) => play(url, { range }), video);
  });

  it('replaces a video (the old URL is 404 and its object gone) and removes it (204, 404, job_video null), with JobUpdated each time', async () => {
    const job = await createJob(company.api, { title: 'Narrator' });
    const first = (await putVideo(company.api, job.uuid, webmFile({ seconds: 5 }))).body.job_video;
    const second = await putVideo(company.api, job.uuid, await mp4File({ seconds: 8 }), 'video/mp4');
    expect(second.status).toBe(200);
    expect(second.body.job_video).toMatchObject({ content_type: 'video/mp4', duration_seconds: 8 });
    expect(second.body.job_video.uuid).not.toBe(first.uuid);
    expectError(await refused(first.url), 404, 'api.job_video_not_found');
    expect((await play(second.body.job_video.url)).status).toBe(200);
    expect(await stored(job.uuid)).toEqual([`jobs/${job.uuid}/${second.body.job_video.uuid}.mp4`]);

    const removed = await company.api.delete(`/jobs/${job.uuid}/video`);
    expect(removed.status).toBe(204);
    expectError(await refused(second.body.job_video.url), 404, 'api.job_video_not_found');
    const read = (await company.api.get(`/jobs/${job.uuid}`)).body;
    expect(read.job_video).toBeNull();
    expect(await stored(job.uuid)).toEqual([]);
    await waitFor(() => updatesOf(job.uuid).length === 3);
    expect(updatesOf(job.uuid).map((m) => m.payload.job_video?.uuid ?? null)).toEqual([first.uuid, second.body.job_video.uuid, null]);
    expect(updatesOf(job.uuid)[2].payload).toEqual(read);
    expectError(await company.api.delete(`/jobs/${job.uuid}/video`), 404, 'api.job_video_not_found');
  });

  it('refuses a video over 3 minutes, a body that is not a video, another content type and one too large: 4xx JSON, nothing changed', async () => {
    const job = await createJob(company.api, { title: 'Presenter' });
    const kept = (await putVideo(company.api, job.uuid, webmFile({ seconds: 3 }))).body;
    const refusals: Array<[Promise<{ status: number; body: any }>, number, string]> = [
      [putVideo(company.api, job.uuid, webmFile({ seconds: 200, fps: 2, frameBytes: 16 })), 400, 'api.job_video_too_long'],
      [putVideo(company.api, job.uuid, Buffer.from('this is plain text, not a video')), 400, 'api.job_video_not_video'],
      [putVideo(company.api, job.uuid, webmFile({ seconds: 3 }), 'video/mp4'), 400, 'api.job_video_not_video'],
      [putVideo(company.api, job.uuid, Buffer.from('{}'), 'application/json'), 415, 'api.unsupported_media_type'],
      [putVideo(company.api, job.uuid, webmFile({ seconds: 30, frameBytes: 8_000 })), 413, 'api.job_video_too_large'],
    ];
    for (const [response, status, code] of refusals) expectError(await response, status, code);
    expect((await company.api.get(`/jobs/${job.uuid}`)).body).toEqual(kept);
    expect(await stored(job.uuid)).toEqual([`jobs/${job.uuid}/${kept.job_video.uuid}.webm`]);
    expect(updatesOf(job.uuid)).toHaveLength(1);
  });

  it("is 404 for another company's job, and its video goes with a deleted job", async () => {
    const job = await createJob(company.api, { title: 'Host' });
    const other = await t.createCompany();
    expectError(await putVideo(other.api, job.uuid, webmFile({ seconds: 3 })), 404, 'api.job_not_found');
    expectError(await other.api.delete(`/jobs/${job.uuid}/video`), 404, 'api.job_not_found');
    expect(await stored(job.uuid)).toEqual([]);

    const url = (await putVideo(company.api, job.uuid, webmFile({ seconds: 3 }))).body.job_video.url;
    expect((await company.api.delete(`/jobs/${job.uuid}`)).status).toBe(204);
    expectError(await refused(url), 404, 'api.job_video_not_found');
    expect(await stored(job.uuid)).toEqual([]);
    expectError(await refused(`${t.baseUrl}/public/job_videos/not-a-uuid`), 404, 'api.not_found');
  });

  it("shows the video to the job's candidates (GET /candidate/interviews/<uuid>) and follows its removal", async () => {
    const job = await createJob(company.api, { title: 'Curator' });
    const video = (await putVideo(company.api, job.uuid, webmFile({ seconds: 6 }))).body.job_video;
    const created = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name: 'Casey Candidate', email: 'casey@example.com' },
      job_post: { uuid: job.uuid },
      questions: [{ text: 'Why this museum?', time_limit: 60 }],
    });
    expect(created.status).toBe(201);
    const auth = { authorization: `Bearer ${await t.candidateLinks.token(created.body.uuid)}` };
    const seen = () => anyone().request('GET', `${t.baseUrl}/candidate/interviews/${created.body.uuid}`, { headers: auth });
    expect((await seen()).body.job_post.video).toEqual({
      url: video.url,
      duration_seconds: video.duration_seconds,
      content_type: 'video/webm',
      captions_url: null,
    });
    // The company's view of the interview keeps the reference's job_post.
    expect((await company.api.get(`/interviews/${created.body.uuid}`)).body.job_post.video).toBeUndefined();
    expect((await company.api.delete(`/jobs/${job.uuid}/video`)).status).toBe(204);
    await waitFor(async () => (await seen()).body.job_post.video === null);
  });

  it("shows the video's url, length and type on the open interview's public side", async () => {
    const job = await createJob(company.api, { title: 'Greeter' });
    const opened = await company.api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'active', questions: [{ text: 'Hello?', time_limit: 60 }] } });
    const link = `/public/open_interviews/${opened.body.open_interview.uuid}`;
    expect((await anyone().get(`${t.baseUrl}${link}`)).body.job_video).toBeNull();
    const video = (await putVideo(company.api, job.uuid, webmFile({ seconds: 6 }))).body.job_video;
    const seen = await anyone().get(`${t.baseUrl}${link}`);
    expect(seen.body.job_video).toEqual({ url: video.url, duration_seconds: video.duration_seconds, content_type: 'video/webm', captions_url: null });
  });
});

describe('job videos served from the object store (MEDIA_PLAYBACK=redirect)', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ MEDIA_PLAYBACK: 'redirect' }, { mediaStorage: 's3' });
  });
  afterAll(() => t.stop());

  it('redirects the public URL to a presigned URL of the object, never cached, and 404s once removed', async () => {
    const company = await t.createCompany();
    const job = await createJob(company.api, { title: 'Streamer' });
    const video = webmFile({ seconds: 4, frameBytes: 500 });
    const set = await company.api.request('PUT', `/jobs/${job.uuid}/video`, { rawBody: video, headers: { 'content-type': 'video/webm' } });
    const url = `${new URL(t.baseUrl).origin}${new URL(set.body.job_video.url).pathname}`;
    const redirect = await new ApiClient('', undefined).request('GET', url, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    const location = new URL(redirect.headers.get('location')!);
    expect(location.pathname).toBe(`/${t.env.S3_BUCKET}/jobs/${job.uuid}/${set.body.job_video.uuid}.webm`);
    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);

    expect((await company.api.delete(`/jobs/${job.uuid}/video`)).status).toBe(204);
    expectError(await new ApiClient('', undefined).request('GET', url, {}), 404, 'api.job_video_not_found');
  });
});
