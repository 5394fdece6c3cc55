import { jobJson } from '@vi/contracts';
import { MediabunnyVideoProbe } from '@vi/platform-media';
import { MemoryMediaStorage, memoryStore, webmFile, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import type { Job } from '../../domain/job';
import { aCaller, aCompanyUser, aJob, aJobSeeker, IdentityTable, testLinks } from '../../../test/factories';
import { InMemoryJobs, InMemoryVideoDeletions } from '../../../test/fakes';
import { removeJobVideo } from '../remove-job-video/remove-job-video';
import { streamJobVideo } from '../stream-job-video/stream-job-video';
import { sweepVideoDeletions } from '../sweep-video-deletions/sweep-video-deletions';
import { UNCOMMITTED_VIDEO_KEPT_MS } from '../shared/forget-stored-video';
import { setJobVideo } from './set-job-video';

describe('setJobVideo, removeJobVideo and streamJobVideo', () => {
  const admin = aCompanyUser();
  const gateway = { kind: 'service' as const, service: 'gateway' };
  let clock: FakeClock;
  let identity: IdentityTable;
  let job: Job;
  let jobs: InMemoryJobs;
  let media: MemoryMediaStorage;
  let videoDeletions: InMemoryVideoDeletions;
  let store: MemoryStore<{ jobs: InMemoryJobs; videoDeletions: InMemoryVideoDeletions }>;
  let orphans: string[];
  const deps = () => ({
    store,
    identity,
    clock,
    links: testLinks,
    media,
    video: new MediabunnyVideoProbe(),
    maxBytes: 300_000,
    onOrphan: (key: string) => void orphans.push(key),
  });
  async function* upload(body: Buffer, contentType = 'video/webm', jobUuid = job.uuid) {
    yield { header: { job_uuid: jobUuid, content_type: contentType }, data: Buffer.alloc(0) };
    for (let at = 0; at < body.length; at += 4096) yield { data: body.subarray(at, at + 4096) };
  }
  const sut = (body: Buffer, caller = aCaller(admin), contentType?: string) => setJobVideo(deps(), caller, upload(body, contentType));
  const streamed = async (videoUuid: string) => {
    const chunks: Buffer[] = [];
    await streamJobVideo({ store, media }, gateway, { video_uuid: videoUuid }, async (chunk) => void chunks.push(chunk.data));
    return Buffer.concat(chunks);
  };

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T10:00:00+00:00');
    identity = new IdentityTable();
    job = aJob({ companyUuid: admin.companyUuid!, createdBy: admin.userUuid, status: 'active' });
    jobs = new InMemoryJobs(job);
    media = new MemoryMediaStorage();
    videoDeletions = new InMemoryVideoDeletions();
    store = memoryStore({ jobs, videoDeletions });
    orphans = [];
  });
  /** Media storage refusing every delete from now on (an outage), as the sweep will find it again once it passes. */
  const refuseDeletes = () => {
    const working = media.delete.bind(media);
    media.delete = async () => {
      throw new Error('storage unavailable');
    };
    return () => void (media.delete = working);
  };

  it('keeps the video measured from its container, shows it on the job and in JobUpdated, and serves it by its uuid', async () => {
    const video = webmFile({ seconds: 42.5, frameBytes: 100 });
    clock.advance(60_000);
    const updated = await sut(video);
    expect(updated.video).toEqual({
      uuid: expect.any(String),
      url: `https://vi.test/v1.0/public/job_videos/${updated.video!.uuid}`,
      duration_seconds: 42.48,
      content_type: 'video/webm',
      size: video.length,
      created_at: '2026-05-01T10:01:00+00:00',
    });
    expect(updated.updated_at).toBe('2026-05-01T10:01:00+00:00');
    expect(store.published).toEqual([{ subject: 'jobs.job.updated', payload: jobJson(updated, { description: true }) }]);
    expect([...media.files.keys()]).toEqual([`jobs/${job.uuid}/${updated.video!.uuid}.webm`]);
    expect((await streamed(updated.video!.uuid)).equals(video)).toBe(true);
  });

  it('replaces a video: the old one is deleted and no longer served', async () => {
    const first = await sut(webmFile({ seconds: 5 }));
    const second = await sut(webmFile({ seconds: 7 }));
    expect([...media.files.keys()]).toEqual([`jobs/${job.uuid}/${second.video!.uuid}.webm`]);
    await expect(streamed(first.video!.uuid)).rejects.toMatchObject({ code: 'api.job_video_not_found' });
    expect((await streamed(second.video!.uuid)).length).toBeGreaterThan(0);
    expect(videoDeletions.state.size).toBe(0);
  });

  it('leaves a replaced video it cannot delete now to the sweep, which deletes it once storage answers, never the video shown', async () => {
    const first = await sut(webmFile({ seconds: 5 }));
    const restore = refuseDeletes();
    clock.advance(60_000);
    const second = await sut(webmFile({ seconds: 7 }));
    const [firstKey, secondKey] = [first, second].map((shown) => `jobs/${shown.uuid}/${shown.video!.uuid}.webm`);
    expect(orphans).toEqual([firstKey]);
    expect(videoDeletions.state).toEqual(new Map([[firstKey, clock.now()]]));
    const sweep = sweepVideoDeletions({ store, media });
    await expect(sweep.run(clock.now())).rejects.toThrow('1 of 1 job videos could not be deleted');

    restore();
    expect(await sweep.run(clock.now())).toBe(1);
    expect([...media.files.keys()]).toEqual([secondKey]);
    expect(videoDeletions.state.size).toBe(0);
    expect((await streamed(second.video!.uuid)).length).toBeGreaterThan(0);
  });

  it('lists an upload no job came to show (its object kept by a failing storage) for the sweep, a day after it began', async () => {
    const restore = refuseDeletes();
    jobs.update = async () => {
      throw new Error('the database went away');
    };
    await expect(sut(webmFile({ seconds: 5 }))).rejects.toThrow('the database went away');
    const [key] = [...media.files.keys()];
    expect(orphans).toEqual([key]);
    restore();
    const sweep = sweepVideoDeletions({ store, media });
    expect(await sweep.run(new Date(clock.now().getTime() + UNCOMMITTED_VIDEO_KEPT_MS - 1))).toBe(0);
    expect(media.files.has(key)).toBe(true);
    expect(await sweep.run(new Date(clock.now().getTime() + UNCOMMITTED_VIDEO_KEPT_MS))).toBe(1);
    expect(media.files.size).toBe(0);
    expect(videoDeletions.state.size).toBe(0);
  });

  it('refuses what is not a video, a container other than the one named, over 3 minutes or too large, keeping nothing', async () => {
    const refusals: Array<[() => Promise<unknown>, string]> = [
      [() => sut(Buffer.from('not a video at all, just text')), 'api.job_video_not_video'],
      [() => sut(webmFile({ seconds: 5 }), aCaller(admin), 'video/mp4'), 'api.job_video_not_video'],
      [() => sut(webmFile({ seconds: 183, frameBytes: 8 })), 'api.job_video_too_long'],
      [() => sut(webmFile({ seconds: 20, frameBytes: 5000 })), 'api.job_video_too_large'],
    ];
    for (const [refused, code] of refusals) await expect(refused()).rejects.toMatchObject({ code });
    expect(media.files.size).toBe(0);
    expect(videoDeletions.state.size).toBe(0);
    expect(store.published).toHaveLength(0);
    // Three minutes and the tolerance a browser's stop needs are accepted.
    await expect(sut(webmFile({ seconds: 181, frameBytes: 8 }))).resolves.toMatchObject({ video: { duration_seconds: expect.any(Number) } });
    expect(media.files.size).toBe(1);
    expect(store.published).toHaveLength(1);
  });

  it("is 404 for another company's job and for a job seeker, storing nothing", async () => {
    await expect(sut(webmFile({ seconds: 5 }), aCaller(aCompanyUser()))).rejects.toMatchObject({ code: 'api.job_not_found' });
    await expect(sut(webmFile({ seconds: 5 }), aCaller(aJobSeeker()))).rejects.toMatchObject({ code: 'api.job_not_found' });
    expect(media.files.size).toBe(0);
  });

  it('removes the video: JobUpdated without it, the object deleted, its uuid no longer served; a second removal is 404', async () => {
    const set = await sut(webmFile({ seconds: 5 }));
    await removeJobVideo(deps(), aCaller(admin), job.uuid);
    expect(store.published.at(-1)).toMatchObject({ subject: 'jobs.job.updated', payload: { uuid: job.uuid, job_video: null } });
    expect(media.files.size).toBe(0);
    expect(videoDeletions.state.size).toBe(0);
    await expect(streamed(set.video!.uuid)).rejects.toMatchObject({ code: 'api.job_video_not_found' });
    await expect(removeJobVideo(deps(), aCaller(admin), job.uuid)).rejects.toMatchObject({ code: 'api.job_video_not_found' });
  });

  it('serves videos to the gateway alone', async () => {
    const set = await sut(webmFile({ seconds: 5 }));
    const asUser = streamJobVideo({ store, media }, aCaller(admin).principal, { video_uuid: set.video!.uuid }, async () => undefined);
    await expect(asUser).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
