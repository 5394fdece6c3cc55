import { randomUUID } from 'node:crypto';
import { expectError, expectHugeRangesAnswered, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob } from '../interviews/interview-helpers';
import { webmFile } from '@vi/platform-testing';
import { completedInterviewWithTakes, InterviewCreations, openShared, tokenOf, type Company } from './sharing-helpers';

/** A real 12-second WebM (two frames a second, the last at 11.5 s) of about 24 × `frameBytes` bytes. */
const video = (frameBytes: number) => webmFile({ seconds: 12, fps: 2, audio: false, frameBytes });

describe('what a share link opens: interviews, questions, takes and their videos', () => {
  let t: TestSystem;
  let company: Company;
  const creations = new InterviewCreations();
  let answered: Awaited<ReturnType<typeof completedInterviewWithTakes>>;
  let notShared: Awaited<ReturnType<typeof completedInterviewWithTakes>>;

  beforeAll(async () => {
    t = await startTestSystem();
    await creations.start(t);
    company = await companyWithJob(t, 'growth');
    // Question 1: two takes; question 2: skipped.
    answered = await completedInterviewWithTakes(t, company, creations, [[video(8_000), video(200)], []]);
    notShared = await completedInterviewWithTakes(t, company, creations, [[video(40)]]);
  });
  afterAll(async () => {
    await creations.close();
    await t.stop();
  });

  /** A video URL points at PUBLIC_BASE_URL; the test gateway listens elsewhere. */
  function fetchVideo(videoUrl: string, headers: Record<string, string> = {}) {
    return fetch(`${new URL(t.baseUrl).origin}${new URL(videoUrl).pathname}`, { headers });
  }
  const videoPath = (token: string, takeUuid: string) => `${t.baseUrl}/public/share/${token}/takes/${takeUuid}/video`;

  async function basicLink() {
    const created = await company.api.post(`/interviews/${answered.interview.uuid}/share_link`);
    expect(created.status).toBe(201);
    return created.body;
  }

  it('shows the interview with job title, candidate name, questions and takes with video URLs', async () => {
    const link = await basicLink();
    const token = tokenOf(link.url);
    const opened = await openShared(t, token);
    expect(opened.status).toBe(200);
    expectRfc3339Timestamps(opened.body);
    const [q1, q2] = answered.interview.questions;
    expect(opened.body.interviews).toHaveLength(1);
    expect(opened.body.interviews[0]).toMatchObject({
      uuid: answered.interview.uuid,
      type: 'one_way',
      job: { title: company.job.title },
      candidate: { name: 'Vera Video' },
    });
    expect(opened.body.interviews[0]).not.toHaveProperty('assigned_to');
    expect(opened.body.interviews[0].questions).toEqual([
      {
        uuid: q1.uuid,
        text: 'Question 1',
        time_limit: 60,
        skipped: false,
        takes: answered.takes.map((take, i) => ({
          uuid: take.uuid,
          number: i + 1,
          content_type: 'video/webm',
          size: take.video.length,
          duration_seconds: 11.5, // measured: the last frame's time
          created_at: expect.any(String),
          video_url: `http://localhost:8080/v1.0/public/share/${token}/takes/${take.uuid}/video`,
          // Nothing transcribed (decision 073).
          transcript: null,
          captions_url: null,
        })),
      },
      { uuid: q2.uuid, text: 'Question 2', time_limit: 60, skipped: true, takes: [] },
    ]);
  });

  it('streams a take whole and by range (206, 416) without any API key', async () => {
    const link = await basicLink();
    const opened = await openShared(t, tokenOf(link.url));
    const take = opened.body.interviews[0].questions[0].takes[0];
    const video = answered.takes[0].video;

    const whole = await fetchVideo(take.video_url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(video.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await fetchVideo(take.video_url, { range: 'bytes=1000-4999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-4999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 5000))).toBe(true);

    const tail = await fetchVideo(take.video_url, { range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 100))).toBe(true);

    const beyond = await fetchVideo(take.video_url, { range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(((await beyond.json()) as { code: string }).code).toBe('api.range_not_satisfiable');
    await expectHugeRangesAnswered((range) => fetchVideo(take.video_url, { range }), video);
  });

  it('serves videos only through an active link, and only takes of its interviews', async () => {
    const link = await basicLink();
    const token = tokenOf(link.url);
    const take = answered.takes[1];
    expect((await fetch(videoPath(token, take.uuid))).status).toBe(200);

    // A take of another interview of the same company, and an unknown take.
    const foreign = await fetch(videoPath(token, notShared.takes[0].uuid));
    expect({ status: foreign.status, code: ((await foreign.json()) as { code: string }).code }).toEqual({ status: 404, code: 'api.take_not_found' });
    expect((await fetch(videoPath(token, randomUUID()))).status).toBe(404);
    // A wrong token opens nothing, whatever the take.
    const forged = await fetch(videoPath(`${token.slice(0, -2)}zz`, take.uuid));
    expect({ status: forged.status, code: ((await forged.json()) as { code: string }).code }).toEqual({ status: 404, code: 'api.share_link_not_found' });

    expect((await company.api.put(`/interviews/${answered.interview.uuid}/share_link/${link.uuid}`, { status: 'inactive' })).status).toBe(201);
    const stopped = await fetch(videoPath(token, take.uuid));
    expect({ status: stopped.status, code: ((await stopped.json()) as { code: string }).code }).toEqual({ status: 404, code: 'api.share_link_not_found' });
    expectError(await openShared(t, token), 404, 'api.share_link_not_found');

    expect((await company.api.put(`/interviews/${answered.interview.uuid}/share_link/${link.uuid}`, { status: 'active' })).status).toBe(201);
    const again = await fetch(videoPath(token, take.uuid));
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(take.video)).toBe(true);
  });

  it('streams through an advanced link every take of its interviews', async () => {
    const created = await company.api.post('/share_links', {
      reviewers: [{ name: 'Val Viewer', email: 'val@reviewers.example' }],
      interviews: [{ uuid: notShared.interview.uuid }, { uuid: answered.interview.uuid }],
    });
    expect(created.status).toBe(201);
    const token = tokenOf(created.body[0].url);
    const opened = await openShared(t, token);
    expect(opened.body.interviews.map((i: any) => i.uuid)).toEqual([notShared.interview.uuid, answered.interview.uuid]);
    for (const take of [...notShared.takes, ...answered.takes]) {
      const video = await fetch(videoPath(token, take.uuid));
      expect(video.status).toBe(200);
      expect(Buffer.from(await video.arrayBuffer()).equals(take.video)).toBe(true);
    }
    expect((await company.api.delete(`/share_links/${created.body[0].uuid}`)).status).toBe(204);
    expect((await fetch(videoPath(token, notShared.takes[0].uuid))).status).toBe(404);
  });
});
