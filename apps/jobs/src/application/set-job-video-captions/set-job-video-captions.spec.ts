import { jobJson, type JobJson } from '@vi/contracts';
import { MemoryMediaStorage, memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import type { Job } from '../../domain/job';
import type { JobVideo } from '../../domain/job-video';
import { aCaller, aCompanyUser, aJob, IdentityTable, testLinks } from '../../../test/factories';
import { InMemoryJobs, InMemoryVideoDeletions } from '../../../test/fakes';
import { getJobVideoCaptions } from '../get-job-video-captions/get-job-video-captions';
import { removeJobVideoCaptions } from '../remove-job-video-captions/remove-job-video-captions';
import { setJobVideoCaptions } from './set-job-video-captions';

const CAPTIONS = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n');

describe('setJobVideoCaptions, removeJobVideoCaptions and getJobVideoCaptions (issue 42)', () => {
  const admin = aCompanyUser();
  const gateway = { kind: 'service' as const, service: 'gateway' };
  let clock: FakeClock;
  let job: Job;
  let media: MemoryMediaStorage;
  let videoDeletions: InMemoryVideoDeletions;
  let store: MemoryStore<{ jobs: InMemoryJobs; videoDeletions: InMemoryVideoDeletions }>;
  let orphans: string[];
  const deps = () => ({ store, identity: new IdentityTable(), clock, links: testLinks, media, onOrphan: (key: string) => void orphans.push(key) });
  const sut = (vtt: Buffer, jobUuid = job.uuid) => setJobVideoCaptions(deps(), aCaller(admin), { jobUuid, vtt });
  const read = async (videoUuid: string) => Buffer.from((await getJobVideoCaptions({ store, media }, gateway, { video_uuid: videoUuid })).vtt).toString();

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T10:00:00+00:00');
    const video: JobVideo = {
      uuid: '0b1c2d3e-0000-4000-8000-000000000009',
      storageKey: 'jobs/j/v.webm',
      contentType: 'video/webm',
      size: 3,
      durationSeconds: 2,
      createdAt: new Date('2026-05-01T09:00:00Z'),
      captions: null,
    };
    job = aJob({ companyUuid: admin.companyUuid!, createdBy: admin.userUuid, status: 'active', video });
    media = new MemoryMediaStorage();
    media.files.set(video.storageKey, Buffer.from('abc'));
    videoDeletions = new InMemoryVideoDeletions();
    store = memoryStore({ jobs: new InMemoryJobs(job), videoDeletions });
    orphans = [];
  });

  it('keeps the file beside the video, shows captions_url on the job and in JobUpdated, and serves it by the video’s uuid', async () => {
    clock.advance(60_000);
    const updated = await sut(CAPTIONS);
    expect(updated.video?.captions_url).toBe(`https://vi.test/v1.0/public/job_videos/${job.video!.uuid}/captions`);
    expect(updated.updated_at).toBe('2026-05-01T10:01:00+00:00');
    expect(store.published).toEqual([{ subject: 'jobs.job.updated', payload: jobJson(updated, { description: true }) }]);
    expect([...media.files.keys()]).toEqual([
      job.video!.storageKey,
      expect.stringMatching(new RegExp(`^jobs/${job.uuid}/${job.video!.uuid}\\.captions\\..+\\.vtt$`)),
    ]);
    expect(await read(job.video!.uuid)).toBe(CAPTIONS.toString());
    expect(videoDeletions.state.size).toBe(0);
  });

  it('replaces a file, deleting the old object; removes one; each time JobUpdated', async () => {
    await sut(CAPTIONS);
    const replacement = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n');
    await sut(replacement);
    expect(await read(job.video!.uuid)).toBe(replacement.toString());
    expect(media.files.size).toBe(2);
    await removeJobVideoCaptions(deps(), aCaller(admin), job.uuid);
    expect([...media.files.keys()]).toEqual([job.video!.storageKey]);
    await expect(read(job.video!.uuid)).rejects.toMatchObject({ code: 'api.job_video_captions_not_found' });
    await expect(removeJobVideoCaptions(deps(), aCaller(admin), job.uuid)).rejects.toMatchObject({ code: 'api.job_video_captions_not_found' });
    expect(store.published.map((m) => (m.payload as JobJson).job_video?.captions_url ?? null)).toEqual([
      expect.stringMatching(/\/captions$/),
      expect.stringMatching(/\/captions$/),
      null,
    ]);
    expect(videoDeletions.state.size).toBe(0);
    expect(orphans).toEqual([]);
  });

  it('refuses a file that is not WebVTT and a job without a video, storing nothing and changing nothing', async () => {
    await expect(sut(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nSRT\n'))).rejects.toMatchObject({ code: 'api.captions_invalid' });
    const bare = aJob({ companyUuid: admin.companyUuid!, createdBy: admin.userUuid, status: 'active' });
    store = memoryStore({ jobs: new InMemoryJobs(job, bare), videoDeletions });
    await expect(sut(CAPTIONS, bare.uuid)).rejects.toMatchObject({ code: 'api.job_video_not_found' });
    await expect(removeJobVideoCaptions(deps(), aCaller(admin), bare.uuid)).rejects.toMatchObject({ code: 'api.job_video_not_found' });
    expect([...media.files.keys()]).toEqual([job.video!.storageKey]);
    expect(store.published).toEqual([]);
    expect(videoDeletions.state.size).toBe(0);
  });

  it('leaves a replaced file that cannot be deleted now to the sweep, listed', async () => {
    await sut(CAPTIONS);
    const first = [...media.files.keys()][1];
    media.delete = async () => {
      throw new Error('storage unavailable');
    };
    await sut(Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nAgain\n'));
    expect(orphans).toEqual([first]);
    expect([...videoDeletions.state.keys()]).toEqual([first]);
  });

  it('is read by the gateway alone', async () => {
    await sut(CAPTIONS);
    await expect(getJobVideoCaptions({ store, media }, { kind: 'service', service: 'interviews' }, { video_uuid: job.video!.uuid })).rejects.toThrow();
  });
});
