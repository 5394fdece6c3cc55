import { jobJson } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { aCaller, aCompanyUser, aJobSeeker, anAddress, IdentityTable, testLinks } from '../../../test/factories';
import { InMemoryCounters, InMemoryJobs, InMemoryLocations } from '../../../test/fakes';
import { createJob, type CreateJobInput } from './create-job';

describe('createJob', () => {
  const clock = new FakeClock('2026-05-01T10:00:00+00:00');
  const input: CreateJobInput = { title: 'Data engineer', description: 'Pipelines', status: 'inactive', location: anAddress() };
  let identity: IdentityTable;
  let jobs: InMemoryJobs;
  let counters: InMemoryCounters;
  let store: MemoryStore<{ jobs: InMemoryJobs; locations: InMemoryLocations; counters: InMemoryCounters }>;
  const sut = (caller = aCaller(), given: Partial<CreateJobInput> = {}) =>
    createJob({ store, identity, clock, links: testLinks }, caller, { ...input, ...given });

  beforeEach(() => {
    identity = new IdentityTable();
    jobs = new InMemoryJobs();
    counters = new InMemoryCounters();
    store = memoryStore({ jobs, locations: new InMemoryLocations(), counters });
  });

  it("makes a job of the caller's company, by the caller, at the clock's time, with their names", async () => {
    const caller = aCaller();
    identity.names.set(caller.principal.userUuid, 'Hana Hiring');
    const job = await sut(caller);
    const creator = identity.userSummary(caller.principal.userUuid);
    expect(job).toMatchObject({
      title: 'Data engineer',
      description: 'Pipelines',
      status: 'inactive',
      created_at: '2026-05-01T10:00:00+00:00',
      updated_at: '2026-05-01T10:00:00+00:00',
      status_updated_at: '2026-05-01T10:00:00+00:00',
      created_by: creator,
      status_updated_by: creator,
      company: { uuid: caller.principal.companyUuid },
      location: { formatted_address: 'Austin, TX, United States' },
    });
    expect((await jobs.find(caller.principal.companyUuid!, job.uuid))?.title).toBe('Data engineer');
  });

  it('publishes JobCreated carrying the job exactly as a read shows it', async () => {
    const job = await sut();
    expect(store.published).toEqual([{ subject: 'jobs.job.created', payload: jobJson(job, { description: true }) }]);
  });

  it("takes one of the plan's active slots, and is refused once they are all taken; inactive jobs need none", async () => {
    const caller = aCaller();
    identity.limits.set(caller.principal.companyUuid!, 1);
    await sut(caller, { status: 'active' });
    await expect(sut(caller, { status: 'active' })).rejects.toMatchObject({ code: 'api.plan_job_slots_exhausted' });
    expect([jobs.state.size, store.subjects()]).toEqual([1, ['jobs.job.created']]);
    await expect(sut(caller, { status: 'inactive' })).resolves.toMatchObject({ status: 'inactive' });
    expect(await counters.read(caller.principal.companyUuid!)).toMatchObject({ active: 1, inactive: 1 });
  });

  it('lets a job seeker create nothing (403)', async () => {
    await expect(sut(aCaller(aJobSeeker()))).rejects.toMatchObject({ code: 'api.company_user_required' });
    expect(jobs.state.size).toBe(0);
  });

  it("shares a location between the company's jobs at one address, whatever its case", async () => {
    const caller = aCaller(aCompanyUser());
    const first = await sut(caller, { location: anAddress({ city: 'Austin' }) });
    const second = await sut(caller, { location: anAddress({ city: 'AUSTIN' }) });
    expect(second.location).toEqual(first.location);
  });
});
