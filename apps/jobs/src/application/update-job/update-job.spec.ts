import { jobJson } from '@vi/contracts';
import { FakeClock, toRfc3339 } from '@vi/platform-time';
import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import type { Job } from '../../domain/job';
import { aCaller, aCompanyUser, aJob, aJobSeeker, IdentityTable, REMOTE, testLinks } from '../../../test/factories';
import { InMemoryCounters, InMemoryJobs, InMemoryLocations } from '../../../test/fakes';
import { updateJob, type UpdateJobInput } from './update-job';

describe('updateJob', () => {
  const admin = aCompanyUser();
  const standard = aCompanyUser({ companyUuid: admin.companyUuid, role: 'standard' });
  let clock: FakeClock;
  let identity: IdentityTable;
  let job: Job;
  let jobs: InMemoryJobs;
  let counters: InMemoryCounters;
  let store: MemoryStore<{ jobs: InMemoryJobs; locations: InMemoryLocations; counters: InMemoryCounters }>;
  const sut = (caller = aCaller(admin), given: Partial<UpdateJobInput> = {}) =>
    updateJob({ store, identity, clock, links: testLinks }, caller, { jobUuid: job.uuid, ...given });

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T10:00:00+00:00');
    identity = new IdentityTable();
    job = aJob({
      companyUuid: admin.companyUuid!,
      createdBy: admin.userUuid,
      status: 'active',
      createdAt: clock.now(),
      updatedAt: clock.now(),
      statusUpdatedAt: clock.now(),
    });
    jobs = new InMemoryJobs(job);
    counters = new InMemoryCounters(job);
    store = memoryStore({ jobs, locations: new InMemoryLocations(), counters });
  });

  it('moves status_updated_at and _by only when the status changes; updated_at moves on every change', async () => {
    clock.advance(60_000);
    const renamed = await sut(aCaller(standard), { title: 'Renamed' });
    expect(renamed).toMatchObject({ title: 'Renamed', updated_at: '2026-05-01T10:01:00+00:00', status_updated_at: '2026-05-01T10:00:00+00:00' });
    expect(renamed.status_updated_by).toEqual(identity.userSummary(admin.userUuid));

    clock.advance(60_000);
    const same = await sut(aCaller(standard), { status: 'active', description: 'same status' });
    expect(same).toMatchObject({ updated_at: '2026-05-01T10:02:00+00:00', status_updated_at: '2026-05-01T10:00:00+00:00' });
    expect(same.status_updated_by).toEqual(identity.userSummary(admin.userUuid));

    clock.advance(60_000);
    const deactivated = await sut(aCaller(standard), { status: 'inactive' });
    expect(deactivated).toMatchObject({ status: 'inactive', updated_at: '2026-05-01T10:03:00+00:00', status_updated_at: '2026-05-01T10:03:00+00:00' });
    expect(deactivated.status_updated_by).toEqual(identity.userSummary(standard.userUuid));
    expect(deactivated.created_by).toEqual(identity.userSummary(admin.userUuid));
  });

  it('keeps what it is not given, and publishes JobUpdated with the job as a read shows it', async () => {
    const updated = await sut(aCaller(admin), { location: REMOTE });
    expect(updated).toMatchObject({ title: job.title, description: job.description, status: 'active', location: { formatted_address: 'Remote' } });
    expect(store.published).toEqual([{ subject: 'jobs.job.updated', payload: jobJson(updated, { description: true }) }]);
  });

  it('needs a free slot to activate a job, and frees one when deactivating', async () => {
    identity.limits.set(admin.companyUuid!, 1);
    const other = aJob({ companyUuid: admin.companyUuid!, status: 'inactive' });
    await jobs.insert(other);
    await counters.move(admin.companyUuid!, null, 'inactive');
    await expect(sut(aCaller(admin), { jobUuid: other.uuid, status: 'active' })).rejects.toMatchObject({ code: 'api.plan_job_slots_exhausted' });
    await sut(aCaller(admin), { status: 'inactive' });
    await expect(sut(aCaller(admin), { jobUuid: other.uuid, status: 'active' })).resolves.toMatchObject({ status: 'active' });
    expect(await counters.read(admin.companyUuid!)).toMatchObject({ active: 1, inactive: 1 });
  });

  it("is 404 for another company's job, a deleted one, and for a job seeker", async () => {
    await expect(sut(aCaller(aCompanyUser()), { title: 'Hijack' })).rejects.toMatchObject({ code: 'api.job_not_found' });
    await expect(sut(aCaller(aJobSeeker()), { title: 'Hijack' })).rejects.toMatchObject({ code: 'api.job_not_found' });
    await jobs.markDeleted(job.uuid, clock.now());
    await expect(sut(aCaller(admin), { title: 'Too late' })).rejects.toMatchObject({ code: 'api.job_not_found' });
  });

  it('names whoever changed the status meanwhile, though their name was not fetched before the transaction', async () => {
    const meanwhile = aCompanyUser({ companyUuid: admin.companyUuid });
    identity.names.set(meanwhile.userUuid, 'Mia Meanwhile');
    const changed: Job = { ...job, status: 'inactive', statusUpdatedBy: meanwhile.userUuid, statusUpdatedAt: clock.now() };
    // The first read sees the job as it was; the locked read inside the transaction sees the other user's change.
    const find = jobs.find.bind(jobs);
    jobs.find = async (company, uuid, options?: { lock?: boolean }) => (options?.lock ? changed : find(company, uuid));
    const renamed = await sut(aCaller(admin), { title: 'Renamed' });
    expect(renamed.status_updated_by).toMatchObject({ uuid: meanwhile.userUuid, name: 'Mia Meanwhile' });
    expect(renamed.status_updated_at).toBe(toRfc3339(changed.statusUpdatedAt));
  });

  it('turns the open interview on, off and on: one link, its questions kept until replaced, the creator who last turned it on', async () => {
    const questions = [{ text: 'Why us?', timeLimit: 60, takes: -1 }];
    const on = await sut(aCaller(admin), { openInterview: { status: 'active', questions } });
    expect(on.open_interview).toMatchObject({
      link: `https://vi.test/apply/${on.open_interview!.uuid}`,
      status: 'active',
      expires_at: '2027-05-01T10:00:00+00:00',
      questions: [{ text: 'Why us?', time_limit: 60, takes: -1, think_time: '30' }],
    });
    const off = await sut(aCaller(standard), { openInterview: { status: 'inactive' } });
    expect(off.open_interview).toMatchObject({ uuid: on.open_interview!.uuid, status: 'inactive', questions: on.open_interview!.questions });
    expect((await jobs.find(admin.companyUuid!, job.uuid))!.openInterview!.createdBy).toBe(admin.userUuid);
    await sut(aCaller(standard), { openInterview: { status: 'active', expiresAt: new Date('2026-06-01T00:00:00Z') } });
    const again = (await jobs.find(admin.companyUuid!, job.uuid))!.openInterview!;
    expect(again).toMatchObject({ uuid: on.open_interview!.uuid, createdBy: standard.userUuid, expiresAt: new Date('2026-06-01T00:00:00Z') });
  });

  it('refuses an active open interview without questions, or ending in the past or after a year, and changes nothing', async () => {
    await expect(sut(aCaller(admin), { openInterview: { status: 'active' } })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'open_interview.questions' })],
    });
    const questions = [{ text: 'Why us?', timeLimit: 60, takes: -1 }];
    for (const expiresAt of [new Date('2026-04-30T00:00:00Z'), new Date('2027-05-02T00:00:00Z')]) {
      await expect(sut(aCaller(admin), { openInterview: { status: 'active', questions, expiresAt } })).rejects.toMatchObject({
        fieldErrors: [expect.objectContaining({ field: 'open_interview.expires_at' })],
      });
    }
    expect((await jobs.find(admin.companyUuid!, job.uuid))!.openInterview).toBeNull();
  });
});
