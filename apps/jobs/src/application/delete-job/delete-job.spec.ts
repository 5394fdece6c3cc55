import { FakeClock } from '@vi/platform-time';
import type { JobJson } from '@vi/contracts';
import { MemoryMediaStorage, memoryStore, type MemoryStore } from '@vi/platform-testing';
import { aCaller, aCompanyUser, aJob, aJobSeeker, IdentityTable, testLinks } from '../../../test/factories';
import { InMemoryCounters, InMemoryJobs, InMemoryVideoDeletions } from '../../../test/fakes';
import { deleteJob } from './delete-job';

describe('deleteJob', () => {
  const admin = aCompanyUser();
  const clock = new FakeClock('2026-05-01T12:00:00+00:00');
  const identity = new IdentityTable();
  const created = new Date('2026-05-01T09:00:00+00:00');
  let jobs: InMemoryJobs;
  let counters: InMemoryCounters;
  let videoDeletions: InMemoryVideoDeletions;
  let store: MemoryStore<{ jobs: InMemoryJobs; counters: InMemoryCounters; videoDeletions: InMemoryVideoDeletions }>;
  const media = new MemoryMediaStorage();
  let orphans: string[];
  const sut = (uuid: string, caller = aCaller(admin), storage: typeof media = media) =>
    deleteJob({ store, identity, clock, links: testLinks, media: storage, onOrphan: (key) => void orphans.push(key) }, caller, uuid);
  const withJob = (status: 'active' | 'inactive', video: Parameters<typeof aJob>[0] = {}) => {
    const job = aJob({ companyUuid: admin.companyUuid!, status, createdAt: created, updatedAt: created, statusUpdatedAt: created, ...video });
    jobs = new InMemoryJobs(job);
    counters = new InMemoryCounters(job);
    videoDeletions = new InMemoryVideoDeletions();
    store = memoryStore({ jobs, counters, videoDeletions });
    orphans = [];
    return job;
  };

  it('frees the slot of an active job; the job is gone from reads and JobDeleted shows it deactivated by the caller now', async () => {
    const job = withJob('active');
    await sut(job.uuid);
    expect(await jobs.find(admin.companyUuid!, job.uuid)).toBeUndefined();
    expect(await counters.read(admin.companyUuid!)).toMatchObject({ active: 0, inactive: 0 });
    expect(store.published).toHaveLength(1);
    const event = store.published[0] as { subject: string; payload: JobJson };
    expect(event.subject).toBe('jobs.job.deleted');
    expect(event.payload).toMatchObject({ status: 'inactive', updated_at: '2026-05-01T12:00:00+00:00', status_updated_at: '2026-05-01T12:00:00+00:00' });
    expect(event.payload.status_updated_by).toEqual(identity.userSummary(admin.userUuid));
  });

  it('deletes the stored video of a job deleted with one, and its captions, once the job is gone', async () => {
    const captions = { uuid: 'c', storageKey: 'jobs/j/v.captions.c.vtt', size: 3, createdAt: created };
    const video = { uuid: 'v', storageKey: 'jobs/j/v.webm', contentType: 'video/webm' as const, size: 3, durationSeconds: 1, createdAt: created, captions };
    media.files.set(video.storageKey, Buffer.from('abc'));
    media.files.set(captions.storageKey, Buffer.from('vtt'));
    media.files.set('jobs/other/w.webm', Buffer.from('def'));
    const job = withJob('active', { video });
    await sut(job.uuid);
    expect([...media.files.keys()]).toEqual(['jobs/other/w.webm']);
    expect(videoDeletions.state.size).toBe(0);
    expect(orphans).toEqual([]);
  });

  it('deletes the job even when its video cannot be deleted now, leaving the object listed for the sweep from the deletion on', async () => {
    const video = {
      uuid: 'v',
      storageKey: 'jobs/j/v.webm',
      contentType: 'video/webm' as const,
      size: 3,
      durationSeconds: 1,
      createdAt: created,
      captions: null,
    };
    const refusing = new MemoryMediaStorage();
    refusing.files.set(video.storageKey, Buffer.from('abc'));
    refusing.delete = async () => {
      throw new Error('storage unavailable');
    };
    const job = withJob('active', { video });
    await sut(job.uuid, aCaller(admin), refusing);
    expect(await jobs.find(admin.companyUuid!, job.uuid)).toBeUndefined();
    expect(orphans).toEqual([video.storageKey]);
    expect(videoDeletions.state).toEqual(new Map([[video.storageKey, clock.now()]]));
  });

  it("keeps an inactive job's status fields: its status does not change", async () => {
    const job = withJob('inactive');
    await sut(job.uuid);
    const event = store.published[0] as { payload: JobJson };
    expect(event.payload).toMatchObject({ status_updated_at: '2026-05-01T09:00:00+00:00', updated_at: '2026-05-01T12:00:00+00:00' });
    expect(event.payload.status_updated_by?.uuid).toBe(job.statusUpdatedBy);
  });

  it("is 404 a second time, for another company's job and for a job seeker; nothing is published", async () => {
    const job = withJob('active');
    await expect(sut(job.uuid, aCaller(aCompanyUser()))).rejects.toMatchObject({ code: 'api.job_not_found' });
    await expect(sut(job.uuid, aCaller(aJobSeeker()))).rejects.toMatchObject({ code: 'api.job_not_found' });
    expect(store.published).toEqual([]);
    await sut(job.uuid);
    await expect(sut(job.uuid)).rejects.toMatchObject({ code: 'api.job_not_found' });
  });
});
