import { startTestSystem, type TestSystem } from '../support/test-system';
import { AUSTIN, createJob, expectValidationFailed, jobBody, listJobs, totalOf, type JobInput } from './job-helpers';

describe('/jobs: locations and validation', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  describe('formatted_address', () => {
    it.each<[string, JobInput, string]>([
      ['city, state, country', { location: { city: 'Austin', state: 'TX', country: 'United States' } }, 'Austin, TX, United States'],
      ['an empty state left out', { location: { city: 'Paris', state: '', country: 'France' } }, 'Paris, France'],
      ['remote', { location: undefined, locality: { work_mode: 'remote', work_place: '' } }, 'Remote'],
      ['on site: the work place', { location: undefined, locality: { work_mode: 'on_site', work_place: 'Acme HQ, 5th floor' } }, 'Acme HQ, 5th floor'],
      ['hybrid: the work place', { location: undefined, locality: { work_mode: 'hybrid', work_place: 'Lisbon hub' } }, 'Lisbon hub'],
    ])('%s', async (_name, input, formatted) => {
      const company = await t.createCompany();
      const created = await company.api.post('/jobs', jobBody({ status: 'inactive', ...input }));
      expect(created.status).toBe(201);
      // Single reads carry what the job was posted with (decision 011); list items the location summary only.
      expect(created.body.location).toEqual({ uuid: expect.any(String), formatted_address: formatted, ...input.location });
      expect(created.body.locality).toEqual(input.locality ?? null);
      const read = (await company.api.get(`/jobs/${created.body.uuid}`)).body;
      expect({ location: read.location, locality: read.locality }).toEqual({ location: created.body.location, locality: created.body.locality });
      expect((await listJobs(company.api)).items[0].location).toEqual({ uuid: created.body.location.uuid, formatted_address: formatted });
    });
  });

  it('a job keeps the parts it was posted with, even when its location is shared; a PUT without location keeps them', async () => {
    const company = await t.createCompany();
    await createJob(company.api, { title: 'First', status: 'inactive', location: AUSTIN });
    const second = await createJob(company.api, { title: 'Second', status: 'inactive', location: { city: 'austin', state: 'tx', country: 'United States' } });
    expect(second.location).toMatchObject({ city: 'austin', state: 'tx', country: 'United States' });
    const hybrid = await company.api.put(`/jobs/${second.uuid}`, { locality: { work_mode: 'hybrid', work_place: 'Austin hub' } });
    expect(hybrid.body).toMatchObject({ location: { formatted_address: 'Austin hub' }, locality: { work_mode: 'hybrid', work_place: 'Austin hub' } });
    expect(hybrid.body.location).not.toHaveProperty('city');
    const renamed = await company.api.put(`/jobs/${second.uuid}`, { title: 'Renamed' });
    expect(renamed.body).toMatchObject({ location: hybrid.body.location, locality: hybrid.body.locality });
  });

  it('equal addresses (ignoring case) share one location uuid within a company; other companies get their own', async () => {
    const a = await t.createCompany();
    const b = await t.createCompany();
    const first = await createJob(a.api, { title: 'One', status: 'inactive', location: AUSTIN });
    const same = await createJob(a.api, { title: 'Two', status: 'inactive', location: { city: 'austin', state: 'tx', country: 'UNITED STATES' } });
    const other = await createJob(a.api, { title: 'Three', status: 'inactive', location: { city: 'Dallas', state: 'TX', country: 'United States' } });
    expect(same.location.uuid).toBe(first.location.uuid);
    expect(same.location.formatted_address.toLowerCase()).toBe('austin, tx, united states');
    expect(other.location.uuid).not.toBe(first.location.uuid);

    const remote1 = await createJob(a.api, { title: 'R1', status: 'inactive', location: undefined, locality: { work_mode: 'remote', work_place: '' } });
    const remote2 = await createJob(a.api, { title: 'R2', status: 'inactive', location: undefined, locality: { work_mode: 'remote', work_place: '' } });
    expect(remote2.location.uuid).toBe(remote1.location.uuid);
    expect(remote1.location.uuid).not.toBe(first.location.uuid);

    // A PUT onto an existing address reuses it too.
    const moved = await a.api.put(`/jobs/${other.uuid}`, { location: { city: 'AUSTIN', state: 'Tx', country: 'united states' } });
    expect(moved.status).toBe(200);
    expect(moved.body.location.uuid).toBe(first.location.uuid);

    const elsewhere = await createJob(b.api, { title: 'B', status: 'inactive', location: AUSTIN });
    expect(elsewhere.location.formatted_address).toBe('Austin, TX, United States');
    expect(elsewhere.location.uuid).not.toBe(first.location.uuid);
    const bRemote = await createJob(b.api, { title: 'B remote', status: 'inactive', location: undefined, locality: { work_mode: 'remote', work_place: '' } });
    expect(bRemote.location.uuid).not.toBe(remote1.location.uuid);
  });

  describe('refuses bad bodies with 400 naming the field, creating nothing', () => {
    let company: Awaited<ReturnType<TestSystem['createCompany']>>;
    let existing: any;
    beforeAll(async () => {
      company = await t.createCompany();
      existing = await createJob(company.api, { title: 'Existing', status: 'inactive' });
    });

    it.each<[string, object, Array<string | RegExp>]>([
      ['both location and locality', { ...jobBody(), locality: { work_mode: 'remote', work_place: '' } }, [/^(location|locality)$/]],
      ['neither location nor locality', { title: 'Nowhere', status: 'active' }, [/^(location|locality)$/]],
      [
        'remote with a work place',
        { ...jobBody({ location: undefined }), locality: { work_mode: 'remote', work_place: 'Somewhere' } },
        ['locality.work_place'],
      ],
      ['on site without a work place', { ...jobBody({ location: undefined }), locality: { work_mode: 'on_site', work_place: '' } }, ['locality.work_place']],
      ['hybrid without a work place', { ...jobBody({ location: undefined }), locality: { work_mode: 'hybrid' } }, ['locality.work_place']],
      ['an unknown work mode', { ...jobBody({ location: undefined }), locality: { work_mode: 'office', work_place: 'HQ' } }, ['locality.work_mode']],
      ['a location without a city', jobBody({ location: { state: 'TX', country: 'United States' } }), ['location.city']],
      ['a location with an empty city', jobBody({ location: { city: '', state: 'TX', country: 'United States' } }), ['location.city']],
      ['a location without a country', jobBody({ location: { city: 'Austin', state: 'TX' } }), ['location.country']],
      ['a bad status', jobBody({ status: 'paused' }), ['status']],
      ['an empty title', jobBody({ title: '' }), ['title']],
      ['no title', { ...jobBody(), title: undefined }, ['title']],
      ['a title that is not a string', { ...jobBody(), title: 42 }, ['title']],
      ['every bad field at once', { ...jobBody({ title: '', status: 'paused' }), description: 7 }, ['title', 'status', 'description']],
    ])('POST with %s', async (_name, body, fields) => {
      const before = await listJobs(company.api);
      const response = await company.api.post('/jobs', body);
      expectValidationFailed(response, fields);
      const after = await listJobs(company.api);
      expect(after.contentRange).toBe(before.contentRange);
      expect(after.items).toEqual(before.items);
    });

    it.each<[string, object, Array<string | RegExp>]>([
      ['an empty body', {}, ['body']],
      ['both location and locality', { location: AUSTIN, locality: { work_mode: 'remote', work_place: '' } }, [/^(location|locality)$/]],
      ['remote with a work place', { locality: { work_mode: 'remote', work_place: 'Somewhere' } }, ['locality.work_place']],
      ['on site without a work place', { locality: { work_mode: 'on_site', work_place: '' } }, ['locality.work_place']],
      ['a bad status', { status: 'deleted' }, ['status']],
      ['an empty title', { title: '' }, ['title']],
      ['a title too long', { title: 'x'.repeat(201) }, ['title']],
    ])('PUT with %s', async (_name, body, fields) => {
      const response = await company.api.put(`/jobs/${existing.uuid}`, body);
      expectValidationFailed(response, fields);
      expect((await company.api.get(`/jobs/${existing.uuid}`)).body).toEqual(existing);
    });

    it('changed nothing in the end', async () => {
      const list = await listJobs(company.api);
      expect(totalOf(list.contentRange)).toBe(1);
      expect((await company.api.get('/plan')).body.plan.jobs).toEqual({ remaining: -1, limit: -1 });
    });
  });
});
