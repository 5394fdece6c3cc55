import type { BusMessage, Subscription } from '@vi/platform-bus';
import { waitFor, webmFile } from '@vi/platform-testing';
import { createInterview, interviewBody } from '../interviews/interview-helpers';
import { ApiClient } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { collectJobEvents, createJob } from './job-helpers';

const CAPTIONS = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nHello, I lead the team.\n\n00:02.500 --> 00:05.000 align:center\nWe build tools for museums.\n';

/**
 * A job video's WebVTT captions (issue 42, decision 046) through the API, in the run's media storage: set, served
 * without a key as `text/vtt`, replaced, removed, the refusals that change nothing, and what a new video does to them
 * (a new video comes without captions: they were timed to the old one).
 */
describe('job video captions: PUT/DELETE /jobs/<uuid>/video/captions and their public URL', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let messages: BusMessage<any>[];
  let subscription: Subscription;
  const anyone = () => new ApiClient('', undefined);

  beforeAll(async () => {
    t = await startTestSystem();
    ({ messages, subscription } = await collectJobEvents(t.system.bus));
    company = await t.createCompany();
  });
  afterAll(async () => {
    await subscription.close();
    await t.stop();
  });

  const putCaptions = (jobUuid: string, body: string | Buffer, contentType = 'text/vtt') =>
    company.api.request('PUT', `/jobs/${jobUuid}/video/captions`, { rawBody: body, headers: { 'content-type': contentType } });
  const putVideo = (jobUuid: string) =>
    company.api.request('PUT', `/jobs/${jobUuid}/video`, { rawBody: webmFile({ seconds: 5 }), headers: { 'content-type': 'video/webm' } });
  const updatesOf = (jobUuid: string) => messages.filter((m) => m.subject === 'jobs.job.updated' && m.payload.uuid === jobUuid);
  const stored = (jobUuid: string) => t.storedVideos(`jobs/${jobUuid}`);
  /** The public URL (on PUBLIC_BASE_URL) on this run's gateway, as a player fetches it: no key. */
  const fetchCaptions = (url: string) => anyone().request('GET', `${new URL(t.baseUrl).origin}${new URL(url).pathname}`, {});

  it('sets captions, serves them as text/vtt without a key, replaces and removes them, with JobUpdated each time', async () => {
    const job = await createJob(company.api, { title: 'Captioned' });
    const video = (await putVideo(job.uuid)).body.job_video;
    expect(video.captions_url).toBeNull();

    const set = await putCaptions(job.uuid, CAPTIONS);
    expect(set.status).toBe(200);
    expect(set.body.job_video).toEqual({ ...video, captions_url: `${video.url}/captions` });
    expect((await company.api.get(`/jobs/${job.uuid}`)).body).toEqual(set.body);
    const served = await fetchCaptions(set.body.job_video.captions_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(served.body).toBe(CAPTIONS);

    const replacement = 'WEBVTT - second draft\r\n\r\n00:00.000 --> 00:04.000\r\nBonjour à tous.\r\n';
    expect((await putCaptions(job.uuid, Buffer.from(replacement), 'text/vtt; charset=utf-8')).status).toBe(200);
    expect((await fetchCaptions(set.body.job_video.captions_url)).body).toBe(replacement);
    // The video and one captions file: the replaced file is gone.
    expect(await stored(job.uuid)).toHaveLength(2);

    expect((await company.api.delete(`/jobs/${job.uuid}/video/captions`)).status).toBe(204);
    const read = (await company.api.get(`/jobs/${job.uuid}`)).body;
    expect(read.job_video).toEqual({ ...video, captions_url: null });
    expectError(await fetchCaptions(set.body.job_video.captions_url), 404, 'api.job_video_captions_not_found');
    expectError(await company.api.delete(`/jobs/${job.uuid}/video/captions`), 404, 'api.job_video_captions_not_found');
    expect(await stored(job.uuid)).toEqual([`jobs/${job.uuid}/${video.uuid}.webm`]);
    // The video, two captions and their removal.
    await waitFor(() => updatesOf(job.uuid).length === 4);
    expect(updatesOf(job.uuid).map((m) => m.payload.job_video?.captions_url ?? null)).toEqual([null, `${video.url}/captions`, `${video.url}/captions`, null]);
    expect(updatesOf(job.uuid)[3].payload).toEqual(read);
  });

  it('refuses a file that is not WebVTT (400), another content type (415), one over 1 MB (413) and a job without a video (404): nothing changed', async () => {
    const bare = await createJob(company.api, { title: 'No video yet' });
    expectError(await putCaptions(bare.uuid, CAPTIONS), 404, 'api.job_video_not_found');
    expectError(await company.api.delete(`/jobs/${bare.uuid}/video/captions`), 404, 'api.job_video_not_found');

    const job = await createJob(company.api, { title: 'Strict captions' });
    await putVideo(job.uuid);
    const kept = (await putCaptions(job.uuid, CAPTIONS)).body;
    const refusals: Array<[string | Buffer, string, number, string]> = [
      ['1\n00:00:00.000 --> 00:00:01.000\nNo signature\n', 'text/vtt', 400, 'api.captions_invalid'],
      ['WEBVTT\n\n00:00:00,000 --> 00:00:01,000\nSRT commas\n', 'text/vtt', 400, 'api.captions_invalid'],
      ['WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nEnds before it starts\n', 'text/vtt', 400, 'api.captions_invalid'],
      ['WEBVTT\n', 'text/vtt', 400, 'api.captions_invalid'],
      [Buffer.concat([Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n'), Buffer.from([0xc3, 0x28])]), 'text/vtt', 400, 'api.captions_invalid'],
      [CAPTIONS, 'text/plain', 415, 'api.unsupported_media_type'],
      [CAPTIONS, 'text/vtt; charset=iso-8859-1', 415, 'api.unsupported_media_type'],
      [`WEBVTT\n\n00:00.000 --> 00:01.000\n${'x'.repeat(1024 * 1024)}\n`, 'text/vtt', 413, 'api.payload_too_large'],
    ];
    for (const [body, type, status, code] of refusals) expectError(await putCaptions(job.uuid, body, type), status, code);
    expect((await putCaptions(job.uuid, 'not webvtt')).body.reason).toBe('The captions must begin with the line "WEBVTT"');
    expect((await company.api.get(`/jobs/${job.uuid}`)).body).toEqual(kept);
    expect(await stored(job.uuid)).toHaveLength(2);

    const other = await t.createCompany();
    expectError(
      await other.api.request('PUT', `/jobs/${job.uuid}/video/captions`, { rawBody: CAPTIONS, headers: { 'content-type': 'text/vtt' } }),
      404,
      'api.job_not_found',
    );
  });

  it('a new video comes without captions, and removing the video or deleting the job removes them', async () => {
    const job = await createJob(company.api, { title: 'Re-recorded' });
    const first = (await putVideo(job.uuid)).body.job_video;
    const captioned = (await putCaptions(job.uuid, CAPTIONS)).body.job_video;
    const second = (await putVideo(job.uuid)).body.job_video;
    expect(second.captions_url).toBeNull();
    expectError(await fetchCaptions(captioned.captions_url), 404, 'api.job_video_not_found');
    expect(await stored(job.uuid)).toEqual([`jobs/${job.uuid}/${second.uuid}.webm`]);
    expect(first.uuid).not.toBe(second.uuid);

    const again = (await putCaptions(job.uuid, CAPTIONS)).body.job_video;
    expect((await company.api.delete(`/jobs/${job.uuid}/video`)).status).toBe(204);
    expectError(await fetchCaptions(again.captions_url), 404, 'api.job_video_not_found');
    expect(await stored(job.uuid)).toEqual([]);

    const gone = await createJob(company.api, { title: 'Deleted' });
    await putVideo(gone.uuid);
    const url = (await putCaptions(gone.uuid, CAPTIONS)).body.job_video.captions_url;
    expect((await company.api.delete(`/jobs/${gone.uuid}`)).status).toBe(204);
    expectError(await fetchCaptions(url), 404, 'api.job_video_not_found');
    expect(await stored(gone.uuid)).toEqual([]);
  });

  it("shows the captions' url to the job's candidates and on the open interview's public side", async () => {
    const job = await createJob(company.api, { title: 'Guide' });
    const opened = await company.api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'active', questions: [{ text: 'Hello?', time_limit: 60 }] } });
    await putVideo(job.uuid);
    const video = (await putCaptions(job.uuid, CAPTIONS)).body.job_video;
    const open = await anyone().get(`${t.baseUrl}/public/open_interviews/${opened.body.open_interview.uuid}`);
    expect(open.body.job_video.captions_url).toBe(video.captions_url);

    const created = await createInterview(company.api, interviewBody(job.uuid));
    const auth = { authorization: `Bearer ${await t.candidateLinks.token(created.uuid)}` };
    const seen = () => anyone().request('GET', `${t.baseUrl}/candidate/interviews/${created.uuid}`, { headers: auth });
    expect((await seen()).body.job_post.video.captions_url).toBe(video.captions_url);
    expect((await company.api.delete(`/jobs/${job.uuid}/video/captions`)).status).toBe(204);
    await waitFor(async () => (await seen()).body.job_post.video.captions_url === null);
  });
});
