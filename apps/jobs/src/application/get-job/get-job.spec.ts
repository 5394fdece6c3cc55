import { memoryStore } from '@vi/platform-testing';
import { aCaller, aCompanyUser, aJob, aJobSeeker, IdentityTable, testLinks } from '../../../test/factories';
import { InMemoryJobs } from '../../../test/fakes';
import { getJob } from './get-job';

describe('getJob', () => {
  const reader = aCompanyUser();
  const identity = new IdentityTable();
  const job = aJob({
    companyUuid: reader.companyUuid!,
    locationAddress: 'Lisbon hub',
    place: { kind: 'locality', workMode: 'hybrid', workPlace: 'Lisbon hub' },
    createdAt: new Date('2026-02-03T04:05:06.789Z'),
  });
  const jobs = new InMemoryJobs(job);
  const sut = (caller = aCaller(reader), uuid = job.uuid) => getJob({ store: memoryStore({ jobs }), identity, links: testLinks }, caller, uuid);

  it('shows the job with its people and company named, its location as posted and whole-second timestamps', async () => {
    identity.names.set(job.createdBy, 'Cleo Creator');
    expect(await sut()).toEqual({
      uuid: job.uuid,
      status: 'inactive',
      title: job.title,
      description: job.description,
      created_at: '2026-02-03T04:05:06+00:00',
      updated_at: '2026-01-01T09:00:00+00:00',
      status_updated_at: '2026-01-01T09:00:00+00:00',
      created_by: { uuid: job.createdBy, name: 'Cleo Creator', email: expect.any(String), avatar: '' },
      status_updated_by: { uuid: job.createdBy, name: 'Cleo Creator', email: expect.any(String), avatar: '' },
      company: { uuid: reader.companyUuid, name: expect.any(String), avatar: '' },
      location: { uuid: job.locationUuid, formatted_address: 'Lisbon hub' },
      locality: { work_mode: 'hybrid', work_place: 'Lisbon hub' },
    });
  });

  it("is 404 for an unknown job, another company's, or any job asked for by a job seeker", async () => {
    await expect(sut(aCaller(reader), aJob().uuid)).rejects.toMatchObject({ code: 'api.job_not_found' });
    await expect(sut(aCaller(aCompanyUser()))).rejects.toMatchObject({ code: 'api.job_not_found' });
    await expect(sut(aCaller(aJobSeeker()))).rejects.toMatchObject({ code: 'api.job_not_found' });
  });
});
