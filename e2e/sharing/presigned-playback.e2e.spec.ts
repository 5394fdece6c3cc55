import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { waitFor, webmFile } from '@vi/platform-testing';
import { ensureWebBundle } from '../../apps/web/build/build-web';
import { companyWithJob } from '../interviews/interview-helpers';
import { describeInBrowser, launchChromium, newPage, withSteps } from '../support/browser';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { completedInterviewWithTakes, InterviewCreations, publicClient, tokenOf, type Company } from './sharing-helpers';

/** How long a presigned URL lives in this spec (MEDIA_PLAYBACK_URL_TTL); long enough to follow one on a busy machine. */
const TTL_SECONDS = 5;

/**
 * Presigned playback (MEDIA_PLAYBACK=redirect, decision 024), against s3rver whatever the run's storage: the
 * take video URLs answer 307 to the object store after the same checks as before, the store serves the bytes
 * and their ranges, and a URL stops working after its lifetime.
 */
describe('take videos served from the object store (presigned redirects)', () => {
  let t: TestSystem;
  let company: Company;
  const creations = new InterviewCreations();
  let answered: Awaited<ReturnType<typeof completedInterviewWithTakes>>;
  const video = webmFile({ seconds: 12, fps: 2, audio: false, frameBytes: 2_000 });

  beforeAll(async () => {
    t = await startTestSystem({ MEDIA_PLAYBACK: 'redirect', MEDIA_PLAYBACK_URL_TTL: `${TTL_SECONDS}s` }, { mediaStorage: 's3' });
    await creations.start(t);
    company = await companyWithJob(t, 'growth');
    answered = await completedInterviewWithTakes(t, company, creations, [[video]]);
  });
  afterAll(async () => {
    await creations.close();
    await t.stop();
  });

  const companyVideoPath = () => {
    const take = answered.takes[0];
    return `/interviews/${answered.interview.uuid}/questions/${take.questionUuid}/takes/${take.uuid}/video`;
  };

  /** The redirect as a player gets it: 307, never cached, no body, to the object store with the spec's lifetime. */
  function expectRedirect(response: { status: number; headers: Headers; body: unknown }): URL {
    expect(response.status).toBe(307);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toBe('');
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(t.env.S3_ENDPOINT);
    expect(location.pathname).toMatch(new RegExp(`^/${t.env.S3_BUCKET}/${answered.interview.uuid}/[0-9a-f-]{36}\\.webm$`));
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(TTL_SECONDS));
    return location;
  }

  it('redirects a company user to the object store, which serves the video and its byte ranges', async () => {
    const location = expectRedirect(await company.api.request('GET', companyVideoPath(), { redirect: 'manual' }));

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await fetch(location, { headers: { range: 'bytes=1000-4999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-4999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 5000))).toBe(true);

    const tail = await fetch(location, { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 100))).toBe(true);
  });

  it('refuses as before, with JSON errors and no URL: no key, another company, an unknown take', async () => {
    const take = answered.takes[0];
    expectError(await t.as(undefined).request('GET', companyVideoPath(), { redirect: 'manual' }), 401, 'api.key_not_set');
    const other = await t.createCompany();
    const foreign = await other.api.request('GET', companyVideoPath(), { redirect: 'manual' });
    expectError(foreign, 404, 'api.interview_not_found');
    expect(foreign.headers.get('location')).toBeNull();
    const unknown = `/interviews/${answered.interview.uuid}/questions/${take.questionUuid}/takes/${randomUUID()}/video`;
    expectError(await company.api.request('GET', unknown, { redirect: 'manual' }), 404, 'api.take_not_found');
  });

  it('redirects a share link reviewer while the link is active, and stops with the link', async () => {
    const link = (await company.api.post(`/interviews/${answered.interview.uuid}/share_link`)).body;
    const path = `/public/share/${tokenOf(link.url)}/takes/${answered.takes[0].uuid}/video`;
    const reviewer = publicClient(t);

    const location = expectRedirect(await reviewer.request('GET', path, { redirect: 'manual', headers: { range: 'bytes=0-99' } }));
    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);

    expect((await company.api.put(`/interviews/${answered.interview.uuid}/share_link/${link.uuid}`, { status: 'inactive' })).status).toBe(201);
    const stopped = await reviewer.request('GET', path, { redirect: 'manual' });
    expectError(stopped, 404, 'api.share_link_not_found');
    expect(stopped.headers.get('location')).toBeNull();
  });

  it('gives URLs that the object store refuses once their lifetime is over; asking again gives a working one', async () => {
    const location = expectRedirect(await company.api.request('GET', companyVideoPath(), { redirect: 'manual' }));
    // Time itself: the object store refuses a presigned URL once its lifetime has passed on its own clock.
    await new Promise((resolve) => setTimeout(resolve, (TTL_SECONDS + 1.5) * 1000));

    const expired = await fetch(location);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');

    const fresh = expectRedirect(await company.api.request('GET', companyVideoPath(), { redirect: 'manual' }));
    const again = await fetch(fresh);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(video)).toBe(true);
  }, 30_000);
});

describeInBrowser('the reviewer page with presigned playback (browser)', () => {
  let t: TestSystem;
  let browser: Browser;
  let company: Company;
  const creations = new InterviewCreations();

  beforeAll(async () => {
    await ensureWebBundle();
    t = await startTestSystem({ MEDIA_PLAYBACK: 'redirect', MEDIA_PLAYBACK_URL_TTL: `${TTL_SECONDS}s` }, { mediaStorage: 's3' });
    await creations.start(t);
    company = await companyWithJob(t, 'growth');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await creations.close();
    await t?.stop();
  });

  it('plays each video from the object store under the page CSP; a URL the store refuses (expired) is asked for again', async () => {
    const video = webmFile({ seconds: 12, fps: 2, audio: false, frameBytes: 2_000, durationInHeader: 12 });
    const answered = await completedInterviewWithTakes(t, company, creations, [[video, video]]);
    const link = (await company.api.post(`/interviews/${answered.interview.uuid}/share_link`)).body;
    const { page } = await newPage(browser, { width: 1280, height: 900 });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // Each take's redirects from the API, by the object they point at.
    const redirects = answered.takes.map(() => [] as string[]);
    page.on('response', (response) => {
      const take = answered.takes.findIndex((k) => response.url().endsWith(`/takes/${k.uuid}/video`));
      if (take >= 0 && response.status() === 307) redirects[take].push(new URL(response.headers().location).pathname);
    });
    // The second take's first redirect is to a URL whose lifetime is over (the store refuses it, 403), as a
    // player meets after a long pause; later ones are the API's own.
    let expiredSent = 0;
    await page.route(`**/takes/${answered.takes[1].uuid}/video`, async (route) => {
      if (expiredSent > 0) return route.continue();
      expiredSent += 1;
      const real = await route.fetch({ maxRedirects: 0 });
      const expired = new URL(real.headers().location);
      expired.searchParams.set('X-Amz-Date', '20200101T000000Z');
      await route.fulfill({ status: 307, headers: { location: expired.toString(), 'cache-control': 'no-store' } });
    });
    await withSteps(page, 'presigned-playback', async (step) => {
      await page.goto(new URL(new URL(link.url).pathname, t.baseUrl).toString());
      await page.getByRole('heading', { name: 'Vera Video' }).waitFor();
      const players = page.locator('video');
      expect(await players.count()).toBe(2);
      const loaded = async (n: number) => (await players.nth(n).evaluate((v: any) => v.readyState as number)) >= 1;
      await waitFor(() => loaded(0), 15_000, 100);
      expect(await players.nth(0).evaluate((v: any) => v.duration as number)).toBeCloseTo(12, 0);
      // The second video: refused by the store, asked for again through the API, and loaded.
      await waitFor(() => loaded(1), 15_000, 100);
      expect(await players.nth(1).evaluate((v: any) => v.duration as number)).toBeCloseTo(12, 0);
      await step('both-loaded-from-the-store');
    });
    expect(expiredSent).toBe(1);
    expect(redirects[1]).toHaveLength(2);
    expect(cspViolations).toEqual([]);
  }, 90_000);
});
